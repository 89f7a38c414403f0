import { useTranslation } from 'react-i18next';
import type { Statement } from '../../api/statements';
import { useLoad } from '../app/useLoad';
import { useServices } from '../app/ServicesContext';
import { Money } from '../widgets/Money';
import { sumDecimals } from './results';
import { getPayeeTotals } from './statementsApi';

/** What approving moves: the payees of the result and the total they are owed. */
export function ApprovalSummary({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const payees = useLoad(() => getPayeeTotals(api, statement.id), [api, statement.id]);
  if (!payees.data) return <p aria-busy="true">{t('statements.approval.loading')}</p>;
  const total = sumDecimals(payees.data.items.map((payee) => payee.payout));
  return (
    <p data-testid="approval-summary">
      {t('statements.approval.summary', { count: payees.data.items.length })}{' '}
      <Money amount={total} currency={statement.currency ?? 'USD'} />
    </p>
  );
}
