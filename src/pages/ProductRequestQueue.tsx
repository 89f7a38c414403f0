import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import {
  createRequestedProduct,
  listProductRequests,
  refuseProductRequest,
} from '../catalog/productRequestsApi';
import { TextInput } from '../widgets/TextInput';
import type { ProductRequest } from '../../api/productRequests';

/** One request: create the product in one step, or refuse it with a reason the label reads. */
function RequestRow({ request, onDecided }: { request: ProductRequest; onDecided: () => void }) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const decide = async (decision: () => Promise<ProductRequest>, key: string) => {
    setBusy(true);
    try {
      await decision();
      toasts.send({
        type: 'toast.add',
        toast: { type: 'success', content: t(key, { title: request.title }) },
      });
      onDecided();
    } catch {
      // The client has shown the server's text (a code another product holds, say).
      setBusy(false);
    }
  };
  return (
    <tr data-testid="overseer-product-request">
      <td>
        <strong>{request.title}</strong>
        <div className="desk-sub">
          {request.type}
          {request.artistName ? ` · ${request.artistName}` : ''}
        </div>
      </td>
      <td>
        {request.codes.map((code) => (
          <div key={code.code}>
            <code>{code.code}</code>
          </div>
        ))}
      </td>
      <td>
        <Link to={`/statements/${encodeURIComponent(request.statementId)}`}>
          {t('admin-desk.product-requests.statement')}
        </Link>
        <div className="desk-sub">{request.accountName}</div>
      </td>
      <td>
        <span className="desk-actions">
          <button
            type="button"
            className="button button-primary button-small"
            disabled={busy}
            onClick={() =>
              void decide(
                () => createRequestedProduct(api, request.id),
                'admin-desk.product-requests.created',
              )
            }
          >
            {t('admin-desk.product-requests.create')}
          </button>
          {!refusing && (
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={busy}
              onClick={() => setRefusing(true)}
            >
              {t('admin-desk.product-requests.refuse')}
            </button>
          )}
        </span>
        {refusing && (
          <span className="desk-actions">
            <TextInput
              label={t('admin-desk.product-requests.reason')}
              value={reason}
              onChange={setReason}
              size="small"
              debounceMs={0}
            />
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={busy || !reason.trim()}
              onClick={() =>
                void decide(
                  () => refuseProductRequest(api, request.id, reason.trim()),
                  'admin-desk.product-requests.refused',
                )
              }
            >
              {t('admin-desk.product-requests.confirm-refuse')}
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}

/** /overseer: the products labels asked for, waiting for the overseer to create or refuse. */
export function ProductRequestQueue() {
  const { t } = useTranslation();
  const { api } = useServices();
  const requests = useLoad(
    (signal) => listProductRequests(api, { status: 'requested' }, signal),
    [api],
  );
  const items = requests.data?.items ?? [];
  return (
    <section className="card" aria-labelledby="overseer-product-requests">
      <h2 id="overseer-product-requests">{t('admin-desk.product-requests.title')}</h2>
      {requests.status === 'ready' && items.length === 0 && (
        <p className="page-note">{t('admin-desk.product-requests.none')}</p>
      )}
      {items.length > 0 && (
        <table className="desk-table">
          <thead>
            <tr>
              <th scope="col">{t('admin-desk.product-requests.product')}</th>
              <th scope="col">{t('admin-desk.overseer.code')}</th>
              <th scope="col">{t('admin-desk.logs.statement')}</th>
              <th scope="col">{t('admin-desk.overseer.act')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((request) => (
              <RequestRow key={request.id} request={request} onDecided={requests.reload} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
