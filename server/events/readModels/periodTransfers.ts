/**
 * The ledger transfers a label's close of a period takes, in SQL over transfer alias `t`: those of
 * the label not yet stamped whose statement's report month is the period's last month or earlier,
 * or that have no statement (payments moving, fees, returns, reserve releases) and were posted
 * before the period ended (UTC): cash moves where it happened, so a payment completed in April is
 * April's even when March closes after it. A period closes once it has ended, so none of its own
 * moves comes later; a transfer posted after a close, even for an old statement, is taken by the
 * next close.
 */
export const periodTransfersSql = (t: string, accountParam: string, lastMonthParam: string) =>
  `${t}.account_id = ${accountParam} and ${t}.period is null
   and (case when ${t}.statement_id is null
             then ${t}.created_at < ((${lastMonthParam}::text || '-01')::timestamp + interval '1 month') at time zone 'UTC'
             else exists (select 1 from statements ps
                           where ps.id = ${t}.statement_id and ps.period <= ${lastMonthParam}) end)`;

/**
 * The first report month (`YYYY-MM`) of a period key in SQL: the key itself for a month, the
 * quarter's first month for `YYYY-Qn`.
 */
export const periodFirstMonthSql = (key: string) =>
  `case when ${key} like '____-Q_'
        then left(${key}, 4) || '-' || lpad(((substr(${key}, 7, 1)::int - 1) * 3 + 1)::text, 2, '0')
        else ${key} end`;
