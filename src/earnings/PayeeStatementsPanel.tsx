import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { getPayeeTotals } from '../statements/statementsApi';
import type { Statement } from '../../api/statements';
import { downloadPayeeStatementsZip, readPayeeStatement } from './earningsApi';
import { PayeeStatementView } from './PayeeStatementView';
import './earnings.css';

/** The machine states of a statement whose result is approved: its payees have statements. */
export const APPROVED_STATES: ReadonlySet<string> = new Set(['finalizing', 'ready', 'sent']);

/**
 * The statement page's payee statements, for the label's staff: open any payee's statement (with
 * its CSV and PDF), or download every payee's statement of this statement or of its period.
 */
export function PayeeStatementsPanel({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const approved = APPROVED_STATES.has(statement.state);
  const payees = useLoad(
    () => (approved ? getPayeeTotals(api, statement.id) : null),
    [api, statement.id, approved],
  );
  const [openPayee, setOpenPayee] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zip = async (of: { statementId: string } | { period: string }) => {
    setBusy(true);
    try {
      await downloadPayeeStatementsZip(api, of);
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  };
  if (!approved) return null;
  return (
    <section className="card payee-statements-staff" aria-labelledby="payee-statements-title">
      <h2 id="payee-statements-title" className="section-title">
        {t('payee-statements.staff.title')}
      </h2>
      <div className="payee-statement-downloads">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void zip({ statementId: statement.id })}
        >
          {t('payee-statements.staff.zip')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void zip({ period: statement.period })}
        >
          {t('payee-statements.staff.zip-period', { period: statement.period })}
        </button>
      </div>
      <ul aria-label={t('payee-statements.staff.payee')}>
        {(payees.data?.items ?? []).map((payee) => (
          <li key={payee.payeeId}>
            <button
              type="button"
              className="button button-small"
              aria-pressed={openPayee === payee.payeeId}
              onClick={() => setOpenPayee(openPayee === payee.payeeId ? null : payee.payeeId)}
            >
              {payee.fullname}
            </button>
          </li>
        ))}
      </ul>
      {openPayee && (
        <OpenPayeeStatement key={openPayee} statementId={statement.id} payeeId={openPayee} />
      )}
    </section>
  );
}

function OpenPayeeStatement({ statementId, payeeId }: { statementId: string; payeeId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const loaded = useLoad(
    () => readPayeeStatement(api, statementId, { own: false, payeeId }),
    [api, statementId, payeeId],
  );
  if (loaded.status === 'loading')
    return <p className="page-note">{t('payee-statements.page.loading')}</p>;
  if (!loaded.data) return <p className="page-note">{t('payee-statements.page.not-found')}</p>;
  return (
    <PayeeStatementView statement={loaded.data} source={{ own: false, payeeId }} headingLevel={3} />
  );
}
