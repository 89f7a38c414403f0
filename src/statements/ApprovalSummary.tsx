import { useTranslation } from 'react-i18next';
import type { Statement } from '../../api/statements';
import { useLoad } from '../app/useLoad';
import { useServices } from '../app/ServicesContext';
import { readStatementReserves } from '../payments/reservesApi';
import { ReserveTable } from '../payments/ReserveFigures';
import { Money } from '../widgets/Money';
import { sumDecimals } from './results';
import { getPayeeTotals } from './statementsApi';

/** What approving moves: the payees of the result and the total they are owed. */
export function ApprovalSummary({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const payees = useLoad(() => getPayeeTotals(api, statement.id), [api, statement.id]);
  const reserves = useLoad(() => readStatementReserves(api, statement.id), [api, statement.id]);
  if (!payees.data) return <p aria-busy="true">{t('statements.approval.loading')}</p>;
  const total = sumDecimals(payees.data.items.map((payee) => payee.payout));
  const currency = statement.currency ?? 'USD';
  const held = reserves.data?.items ?? [];
  return (
    <>
      <p data-testid="approval-summary">
        {t('statements.approval.summary', { count: payees.data.items.length })}{' '}
        <Money amount={total} currency={currency} />
      </p>
      {held.length > 0 && (
        <>
          <p className="page-note">{t('reserves.statement.preview')}</p>
          <ReserveTable
            reserves={held}
            currency={currency}
            names={new Map(payees.data.items.map((payee) => [payee.payeeId, payee.fullname]))}
          />
        </>
      )}
    </>
  );
}
