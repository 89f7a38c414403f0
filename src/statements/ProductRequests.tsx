import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { listArtists } from '../artists/artistsApi';
import { listProductRequests, requestProduct } from '../catalog/productRequestsApi';
import { TextInput } from '../widgets/TextInput';
import type { ProductRequest, ProductRequestState } from '../../api/productRequests';
import { PRODUCT_TYPES } from '../../rules/productRules';
import { CODE_KINDS, type CodeKind } from '../../rules/records';
import { badgeClass, toneOf } from '../widgets/tones';

export const REQUEST_STATE_KEYS: Record<ProductRequestState, string> = {
  requested: 'statements.product-request.state-requested',
  created: 'statements.product-request.state-created',
  refused: 'statements.product-request.state-refused',
};

/** A code typed beside the missing one: an ISRC, a barcode of 12 to 14 digits, or the label's own. */
export function guessCodeKind(code: string): CodeKind {
  if (/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/i.test(code)) return 'isrc';
  if (/^\d{12,14}$/.test(code)) return 'upc';
  return 'custom';
}

/** One request as the label reads it: what it asked for, its state and the overseer's reason. */
function RequestLine({ request }: { request: ProductRequest }) {
  const { t } = useTranslation();
  return (
    <li data-testid="product-request">
      <strong>{request.title}</strong> ({request.codes.map((code) => code.code).join(', ')}){' '}
      <span className={badgeClass(toneOf('product-request', request.status))}>
        {t(REQUEST_STATE_KEYS[request.status])}
      </span>
      {request.reason && (
        <span className="page-note">
          {' '}
          {t('statements.product-request.reason', { reason: request.reason })}
        </span>
      )}
    </li>
  );
}

/** The product requests made from a statement, with their state, on the statement itself. */
export function StatementProductRequests({ statementId }: { statementId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const requests = useLoad(
    (signal) => listProductRequests(api, { statementId }, signal),
    [api, statementId],
  );
  const items = requests.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="statement-report-section" data-testid="statement-product-requests">
      <h4>{t('statements.product-request.title')}</h4>
      <ul>
        {items.map((request) => (
          <RequestLine key={request.id} request={request} />
        ))}
      </ul>
    </section>
  );
}

/**
 * In the dialog of a statement's unknown code: the label asks the overseer for a new product
 * (SPEC section 2: only the overseer creates products) and reads the state of what it asked.
 */
export function ProductRequestForm({
  statementId,
  code,
  kind,
}: {
  statementId: string;
  code: string;
  kind: string;
}) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const requests = useLoad(
    (signal) => listProductRequests(api, { statementId }, signal),
    [api, statementId],
  );
  const artists = useLoad((signal) => listArtists(api, '', signal), [api]);
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<string>('single');
  const [otherCodes, setOtherCodes] = useState('');
  const [artistId, setArtistId] = useState('');
  const [sending, setSending] = useState(false);
  const forCode = (requests.data?.items ?? []).filter((request) =>
    request.codes.some((held) => held.code === code),
  );
  const waiting = forCode.some((request) => request.status !== 'refused');

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    setSending(true);
    const more = otherCodes
      .split(/[\s,;]+/)
      .map((text) => text.trim())
      .filter((text) => text && text !== code);
    try {
      await requestProduct(api, {
        statementId,
        title: title.trim(),
        type,
        codes: [
          { code, kind: CODE_KINDS.find((known) => known === kind) ?? 'custom' },
          ...more.map((other) => ({ code: other, kind: guessCodeKind(other) })),
        ],
        ...(artistId ? { artistId } : {}),
      });
      toasts.send({
        type: 'toast.add',
        toast: { type: 'success', content: t('statements.product-request.sent', { title }) },
      });
      setOpen(false);
      setTitle('');
      setOtherCodes('');
      requests.reload();
    } catch {
      // The client has shown the server's text.
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="product-request" aria-label={t('statements.product-request.title')}>
      {forCode.length > 0 && (
        <ul>
          {forCode.map((request) => (
            <RequestLine key={request.id} request={request} />
          ))}
        </ul>
      )}
      {!waiting && !open && (
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          {t('statements.product-request.open')}
        </button>
      )}
      {open && (
        <form onSubmit={(event) => void send(event)} noValidate>
          <p className="page-note">{t('statements.product-request.explain', { code })}</p>
          <TextInput
            label={t('catalog.fields.title')}
            value={title}
            onChange={setTitle}
            size="small"
            debounceMs={0}
          />
          <label className="field">
            <span className="field-label">{t('catalog.fields.type')}</span>
            <select className="input" value={type} onChange={(e) => setType(e.target.value)}>
              {PRODUCT_TYPES.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {candidate}
                </option>
              ))}
            </select>
          </label>
          <TextInput
            label={t('statements.product-request.other-codes')}
            value={otherCodes}
            onChange={setOtherCodes}
            size="small"
            debounceMs={0}
          />
          <label className="field">
            <span className="field-label">{t('statements.product-request.artist')}</span>
            <select
              className="input"
              value={artistId}
              onChange={(e) => setArtistId(e.target.value)}
            >
              <option value="">{t('statements.product-request.no-artist')}</option>
              {(artists.data?.items ?? []).map((artist) => (
                <option key={artist.id} value={artist.id}>
                  {artist.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="button button-primary"
            disabled={sending || !title.trim()}
          >
            {t('statements.product-request.send')}
          </button>
        </form>
      )}
    </section>
  );
}
