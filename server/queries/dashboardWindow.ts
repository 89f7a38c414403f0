import type { DashboardQuery } from '../../api/dashboard';

/**
 * The statement periods (`YYYY-MM`) the global filters choose: a month alone, or the last
 * `months` periods up to the current one, or every period. Periods compare as text.
 */
export interface PeriodWindow {
  from: string | null;
  to: string | null;
}

const period = (date: Date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

export function periodWindow(
  query: Pick<DashboardQuery, 'month' | 'months'>,
  now: Date,
): PeriodWindow {
  if (query.month) return { from: query.month, to: query.month };
  if (!query.months) return { from: null, to: null };
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - query.months + 1, 1));
  return { from: period(start), to: period(now) };
}

/** `${p}` between the window's two parameters, either of which may be null. */
export const inWindow = (column: string, from: string, to: string) =>
  `(${from}::text is null or ${column} >= ${from}) and (${to}::text is null or ${column} <= ${to})`;

/**
 * A statement's currency without reading its records: the rate's target when it was converted,
 * else the currency most of its files' records name (their read summaries), else `fallback`.
 */
export const statementCurrency = (statement: string, fallback: string) => `coalesce(
  ${statement}.exchange->>'to',
  (select t->>'currency' from statement_files f
     cross join lateral jsonb_array_elements(coalesce(f.summary->'revenueTotals', '[]'::jsonb)) t
    where f.statement_id = ${statement}.id and t->>'currency' is not null
    group by t->>'currency' order by sum((t->>'records')::bigint) desc, t->>'currency' limit 1),
  ${fallback})`;

/** An approved statement: its result is final and its payouts are owed. */
export const APPROVED = (statement: string) =>
  `${statement}.approved_at is not null and ${statement}.state not in ('cancelled', 'deleted')`;
