import type { Queryable } from '../../db/database';
import { statementCurrencySql } from './statementCurrency';

/** The analytics tables, each keyed by account, statement, month, artist and payee. */
export const ANALYTICS_TABLES = [
  'analytics_products',
  'analytics_artist_dims',
  'analytics_product_dims',
] as const;

/**
 * A payee's share of one bucket as an exact integer: `floor(numerator / total)`, where `div`
 * truncates toward zero and a remainder of the other sign than the total steps one further down.
 */
const floorDiv = (numerator: string, total: string) =>
  `(div(${numerator}, ${total}) - case when mod(${numerator}, ${total}) <> 0
      and sign(mod(${numerator}, ${total})) <> sign(${total}) then 1 else 0 end)`;

/**
 * One statement's figures from its records, its hand-entered lines and one calculation's lines:
 *
 * - Buckets are the statement's gross per code, month of sale (the record's date, else the
 *   statement's period), service, format and territory; hand-entered lines fall in the period's
 *   month with no service, format or territory. Payee '' holds that gross.
 * - Each payee's amount on a code (statement_lines, the engine's exact allocation) is apportioned
 *   over the code's buckets in proportion to their gross, in units of 10^-12 by largest remainder
 *   (ties to the earlier bucket), so a payee's buckets sum exactly to their line amount. When a
 *   code's gross nets to zero the weights are the buckets' absolute gross, else equal. Units are
 *   apportioned the same way in whole units, in proportion to the buckets' units.
 * - The product is the code's in the catalog, the artist the product's at this calculation.
 * - `take` is the distributor's cut of payee ''s gross, as the engine takes it (ENGINE.md, step
 *   1: each record's revenue times the statement's take, truncated to 10^-12); payees' rows have
 *   none. A product whose revenue view is net is read as amount - take (queries/analytics.ts).
 */
const WRITE_SQL = `
with st as (
  select s.id, s.account_id, s.distributor_id, to_date(s.period || '-01', 'YYYY-MM-DD') as period_month,
         coalesce(${statementCurrencySql('s.id')}, 'USD') as currency,
         coalesce(s.distributor_take_pct, dt.take_pct, 0) as take_pct
    from statements s
    left join distributor_takes dt
      on dt.account_id = s.account_id and dt.distributor_id = s.distributor_id
   where s.id = $1),
sold as (
  select r.code, date_trunc('month', coalesce(r.date, st.period_month))::date as month,
         r.service, r.format, coalesce(r.territory, '') as territory, r.units, r.revenue,
         trunc(r.revenue * st.take_pct / 100, 12) as take
    from statement_records r cross join st where r.statement_id = $1
  union all
  select a.code, st.period_month, '', '', '', a.units, a.amount,
         trunc(a.amount * st.take_pct / 100, 12)
    from statement_adjustments a cross join st where a.statement_id = $1),
buckets as (
  select code, month, service, format, territory, sum(units) as units, sum(revenue) as revenue,
         sum(take) as take,
         row_number() over (partition by code order by month, service, format, territory) as position
    from sold group by code, month, service, format, territory),
weighted as (
  select b.*,
         case when sum(b.revenue) over code_window <> 0 then b.revenue
              when sum(abs(b.revenue)) over code_window <> 0 then abs(b.revenue)
              else 1 end as money_weight,
         case when sum(b.units) over code_window <> 0 then b.units::numeric else 1 end as unit_weight
    from buckets b window code_window as (partition by b.code)),
totals as (
  select code, sum(money_weight) as money_total, sum(unit_weight) as unit_total
    from weighted group by code),
lines as (
  select code, payee_id, sum(amount) * 1000000000000 as amount_units, sum(units)::numeric as line_units
    from statement_lines where calculation_id = $2 group by code, payee_id),
shares as (
  select w.code, w.month, w.service, w.format, w.territory, w.position, l.payee_id,
         l.amount_units, l.line_units, t.money_total, t.unit_total,
         l.amount_units * w.money_weight as money_numerator,
         l.line_units * w.unit_weight as unit_numerator
    from weighted w join totals t on t.code = w.code join lines l on l.code = w.code),
floors as (
  select s.*,
         ${floorDiv('money_numerator', 'money_total')} as money_floor,
         ${floorDiv('unit_numerator', 'unit_total')} as unit_floor
    from shares s),
ranked as (
  select f.*,
         row_number() over (partition by code, payee_id
           order by (money_numerator - money_floor * money_total) * sign(money_total) desc, position) as money_rank,
         row_number() over (partition by code, payee_id
           order by (unit_numerator - unit_floor * unit_total) * sign(unit_total) desc, position) as unit_rank,
         amount_units - sum(money_floor) over (partition by code, payee_id) as money_left,
         line_units - sum(unit_floor) over (partition by code, payee_id) as units_left
    from floors f),
allocated as (
  select code, month, service, format, territory, payee_id,
         (money_floor + case when money_rank <= money_left then 1 else 0 end) * 0.000000000001 as amount,
         unit_floor + case when unit_rank <= units_left then 1 else 0 end as units,
         0 as take
    from ranked
  union all
  select code, month, service, format, territory, '', revenue, units, take from buckets),
placed as (
  select a.*, coalesce(pc.product_id, '') as product_id, coalesce(p.artist_id, '') as artist_id
    from allocated a cross join st
    left join product_codes pc on pc.account_id = st.account_id and pc.code = a.code
    left join products p on p.id = pc.product_id),
dims as (
  select p.month, p.artist_id, p.product_id, p.payee_id, d.dimension, d.value, p.units, p.amount,
         p.take
    from placed p
    cross join lateral (values ('service', p.service), ('format', p.format), ('territory', p.territory))
      as d(dimension, value)),
product_rows as (
  insert into analytics_products (account_id, statement_id, distributor_id, currency, month,
                                  artist_id, product_id, payee_id, units, amount, take)
  select st.account_id, st.id, st.distributor_id, st.currency, p.month, p.artist_id, p.product_id,
         p.payee_id, sum(p.units), sum(p.amount), sum(p.take)
    from placed p cross join st
   group by st.account_id, st.id, st.distributor_id, st.currency, p.month, p.artist_id,
            p.product_id, p.payee_id),
artist_rows as (
  insert into analytics_artist_dims (account_id, statement_id, currency, month, artist_id,
                                     payee_id, dimension, value, units, amount, take)
  select st.account_id, st.id, st.currency, d.month, d.artist_id, d.payee_id, d.dimension, d.value,
         sum(d.units), sum(d.amount), sum(d.take)
    from dims d cross join st
   group by st.account_id, st.id, st.currency, d.month, d.artist_id, d.payee_id, d.dimension, d.value)
insert into analytics_product_dims (account_id, statement_id, currency, month, artist_id, product_id,
                                    payee_id, dimension, value, units, amount, take)
select st.account_id, st.id, st.currency, d.month, d.artist_id, d.product_id, d.payee_id, d.dimension,
       d.value, sum(d.units), sum(d.amount), sum(d.take)
  from dims d cross join st
 group by st.account_id, st.id, st.currency, d.month, d.artist_id, d.product_id, d.payee_id,
          d.dimension, d.value`;

/** Forgets a statement's figures (its files changed, or a new calculation replaces them). */
export async function clearStatementAnalytics(tx: Queryable, statementId: string): Promise<void> {
  for (const table of ANALYTICS_TABLES) {
    await tx.query(`delete from ${table} where statement_id = $1`, [statementId]);
  }
}

/**
 * Writes the statement's figures for `calculationId`, replacing any earlier ones. Called by the
 * StatementCalculated projection, so live and replay write them in the calculation's transaction
 * from the same records, hand-entered lines and engine lines.
 */
export async function writeStatementAnalytics(
  tx: Queryable,
  statementId: string,
  calculationId: string,
): Promise<void> {
  await clearStatementAnalytics(tx, statementId);
  // A statement's records are often newer than the table's statistics, which then count one
  // record for it: planned as nested loops, 416,666 records took 150 s on PostgreSQL instead of
  // 20 s. Every step here reads the whole statement, so hash joins are right whatever the count.
  // Nested loops off cost 10^10 in the planner's estimate, past every JIT threshold: PostgreSQL
  // built with LLVM then compiled this query for 3 to 6 s for a statement of a few rows (every
  // calculation, and every one again in a replay), so JIT is off for it too. The rest of the
  // transaction plans as the database is configured.
  const [setting] = await tx.query<{ nestloop: string; jit: string }>(
    `select current_setting('enable_nestloop') as nestloop, current_setting('jit') as jit`,
  );
  await tx.query(
    `select set_config('enable_nestloop', 'off', true), set_config('jit', 'off', true)`,
  );
  await tx.query(WRITE_SQL, [statementId, calculationId]);
  await tx.query(`select set_config('enable_nestloop', $1, true), set_config('jit', $2, true)`, [
    setting?.nestloop ?? 'on',
    setting?.jit ?? 'on',
  ]);
}
