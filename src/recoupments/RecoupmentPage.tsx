import { RecoupmentReplay } from '../history/HistorySections';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { canOpen } from '../routes/access';
import { routeById } from '../routes/table';
import type { PageProps } from '../routes/types';
import { useSession } from '../session/useSession';
import { Money } from '../widgets/Money';
import { balanceOverTime, startingBalance } from './balances';
import { BalanceChart } from './BalanceChart';
import { RecoupedProgress, StatusLabel } from './RecoupmentCells';
import { RecoupmentDialog } from './RecoupmentDialog';
import { RecoupmentTerms } from './RecoupmentTerms';
import { RemittancesList } from './RemittancesList';
import { listRemittances, readRecoupment } from './recoupmentsApi';
import { useRecoupmentEditing } from './useRecoupmentEditing';
import '../widgets/pageParts.css';
import './recoupments.css';

/** /recoupments/{recoupmentId}: every term, the remittances statement by statement, the balance. */
export function RecoupmentPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { session } = useSession();
  const { recoupmentId = '' } = useParams();
  const loaded = useLoad(() => readRecoupment(api, recoupmentId), [api, recoupmentId]);
  const remittances = useLoad(() => listRemittances(api, recoupmentId), [api, recoupmentId]);
  const canEdit = !!session && canOpen(routeById('recoupment-edit'), session);
  const editingMode = useRecoupmentEditing();
  // A label edits its own account's recoupments in a dialog; the server refuses any other.
  const ownAccount = session?.emulation?.account.id ?? session?.account.id;
  const editsInDialog =
    !canEdit && editingMode === 'dialog' && loaded.data?.accountId === ownAccount;
  const [editing, setEditing] = useState(false);

  if (loaded.status === 'loading') {
    return <p className="page page-note">{t('recoupments.detail.loading')}</p>;
  }
  if (!loaded.data) {
    return (
      <section className="page">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="page-note">{t('recoupments.detail.missing')}</p>
      </section>
    );
  }
  const recoupment = loaded.data;
  const remitted = remittances.data?.items ?? [];

  return (
    <section className="page recoup-detail">
      {editing && (
        <RecoupmentDialog
          recoupment={recoupment}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            loaded.reload();
            remittances.reload();
          }}
        />
      )}
      <header className="recoup-head">
        <div>
          <h1 className="page-title">{recoupment.title}</h1>
          {recoupment.subtitle && <p className="page-note">{recoupment.subtitle}</p>}
        </div>
        {canEdit && (
          <Link
            className="button button-secondary"
            to={`/recoupments/edit/${encodeURIComponent(recoupment.id)}`}
          >
            {t('recoupments.detail.edit')}
          </Link>
        )}
        {editsInDialog && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setEditing(true)}
          >
            {t('recoupments.detail.edit')}
          </button>
        )}
      </header>

      <section className="card" aria-labelledby="recoup-balance">
        <h2 id="recoup-balance" className="section-title">
          {t('recoupments.detail.balance')}
        </h2>
        <dl className="facts">
          <div className="fact">
            <dt>{t('recoupments.list.status')}</dt>
            <dd>
              <StatusLabel status={recoupment.status} />
            </dd>
          </div>
          <div className="fact">
            <dt>{t('recoupments.list.amount')}</dt>
            <dd>
              <Money amount={recoupment.amount} currency={recoupment.currency} />
            </dd>
          </div>
          <div className="fact">
            <dt>{t('recoupments.list.recouped')}</dt>
            <dd>
              <Money amount={recoupment.recouped} currency={recoupment.currency} />
            </dd>
          </div>
          <div className="fact">
            <dt>{t('recoupments.list.remaining')}</dt>
            <dd>
              <Money amount={recoupment.remaining} currency={recoupment.currency} />
            </dd>
          </div>
        </dl>
        <RecoupedProgress recoupment={recoupment} />
      </section>

      <RecoupmentTerms recoupment={recoupment} />

      <section className="card" aria-labelledby="recoup-remittances">
        <h2 id="recoup-remittances" className="section-title">
          {t('recoupments.remittances.heading')}
        </h2>
        {remittances.status === 'loading' ? (
          <p className="page-note">{t('recoupments.detail.loading')}</p>
        ) : (
          <>
            <RemittancesList remittances={remitted} currency={recoupment.currency} />
            {remitted.length > 0 && (
              <BalanceChart
                start={startingBalance(recoupment)}
                points={balanceOverTime(recoupment, remitted)}
                currency={recoupment.currency}
              />
            )}
          </>
        )}
      </section>
      <RecoupmentReplay recoupment={recoupment} />
    </section>
  );
}
