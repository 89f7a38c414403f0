import { useTranslation } from 'react-i18next';
import type { PayeeReserve } from '../../api/reserves';
import type { Statement } from '../../api/statements';
import { useLoad } from '../app/useLoad';
import { useServices } from '../app/ServicesContext';
import { APPROVED_STATEMENT_STATES } from '../../rules/periods';
import { ReserveTable } from '../payments/ReserveFigures';
import { readStatementReserves } from '../payments/reservesApi';

/**
 * Under an approved statement's payees: what its approval held back of each of them against
 * returns, the returns it took from their reserves, and the days what is held back is paid back.
 * Nothing when the statement is not approved (the approval dialog shows it then) or took none.
 * `names` by payee id.
 */
export function StatementReserves({
  statement,
  names,
}: {
  statement: Statement;
  names: ReadonlyMap<string, string>;
}) {
  const { api } = useServices();
  const approved = APPROVED_STATEMENT_STATES.includes(statement.state);
  const reserves = useLoad(
    () => (approved ? readStatementReserves(api, statement.id) : null),
    [api, statement.id, approved],
  );
  if (!approved) return null;
  return (
    <ApprovedReserves
      reserves={reserves.data?.items ?? []}
      currency={statement.currency ?? 'USD'}
      names={names}
    />
  );
}

/** The reserves an approval took, payee by payee; nothing when it took none. */
export function ApprovedReserves({
  reserves,
  currency,
  names,
}: {
  reserves: readonly PayeeReserve[];
  currency: string;
  names: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  if (reserves.length === 0) return null;
  return (
    <div className="statement-reserves" data-testid="statement-reserves">
      <p className="page-note">{t('reserves.statement.approved')}</p>
      <ReserveTable reserves={reserves} currency={currency} names={names} />
    </div>
  );
}
