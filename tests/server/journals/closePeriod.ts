// Until the label's close command is merged, journal tests close a period as it will: a row of
// account_periods, and the period stamped on the label's transfers not yet stamped whose
// statement's report month is in the period or before it, or that have no statement.
import type { Queryable } from '../../../server/db/database';
import { monthsOfPeriod } from '../../../rules/periods';

export async function closePeriodForJournalTests(
  db: Queryable,
  accountId: string,
  period: string,
  closedAt: Date,
): Promise<void> {
  const lastMonth = monthsOfPeriod(period).at(-1) ?? period;
  await db.query(
    `insert into account_periods (account_id, period, closed_at, closed_by, summary)
     values ($1, $2, $3, null, '{}'::jsonb)`,
    [accountId, period, closedAt.toISOString()],
  );
  await db.query(
    `update ledger_transfers t set period = $2
      where t.account_id = $1 and t.period is null
        and (t.statement_id is null
             or exists (select 1 from statements s where s.id = t.statement_id and s.period <= $3))`,
    [accountId, period, lastMonth],
  );
}
