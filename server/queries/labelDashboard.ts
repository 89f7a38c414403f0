import { epochSeconds } from '../../api/common';
import type { LabelDashboard, NextPayment, Ranked } from '../../api/dashboard';
import type { HoldReason, PaymentState } from '../../api/payments';
import { paymentMachineStateOf, paymentSnapshotOf, statusOf } from '../../machines/paymentMachine';
import type { Queryable } from '../db/database';
import { APPROVED, inWindow, statementCurrency, type PeriodWindow } from './dashboardWindow';
import { nameSeenBy } from './users';

/**
 * The label's dashboard from per-statement tables only (statement_codes, statement_payees,
 * statement_lines, payments): a label's records are never read here. `account` is null for staff,
 * who see every account.
 */
export interface LabelFilter {
  account: string | null;
  artist: string | null;
  window: PeriodWindow;
  /** The currency of a statement whose files name none: the reader's. */
  currency: string;
}

/**
 * `$1` account, `$2`/`$3` the window, `$4` artist, `$5` the fallback currency. Read `as
 * materialized`: inlined, the currency's subquery ran once per joined code instead of per statement.
 */
const STATEMENTS_IN_WINDOW = `
  select s.id, s.account_id, s.period, s.calculation_id, s.approved_at, s.state,
         ${statementCurrency('s', '$5::text')} as currency
    from statements s
   where ($1::text is null or s.account_id = $1)
     and s.state not in ('cancelled', 'deleted', 'failed')
     and ${inWindow('s.period', '$2', '$3')}`;

/** The statement's code revenue, of the artist's products only when `$4` names an artist. */
const CODE_REVENUE = (statement: string) => `
  select sc.code, sc.revenue from statement_codes sc
   where sc.statement_id = ${statement}.id
     and ($4::text is null or exists (
       select 1 from product_codes pc join products p on p.id = pc.product_id
        where pc.account_id = ${statement}.account_id and pc.code = sc.code and p.artist_id = $4))`;

/**
 * What the approved statement owes its payees: their payouts; with an artist, what the artist's
 * products earned them (statement_lines, before recoupment).
 */
const PAYOUTS = (statement: string) => `
  case when not (${APPROVED(statement)}) then 0
       when $4::text is null then (select coalesce(sum(sp.payout), 0) from statement_payees sp
                                   where sp.calculation_id = ${statement}.calculation_id)
       else (select coalesce(sum(line.amount), 0)
               from statement_lines line join products p on p.id = line.product_id
              where line.calculation_id = ${statement}.calculation_id and p.artist_id = $4) end`;

const params = (filter: LabelFilter) => [
  filter.account,
  filter.window.from,
  filter.window.to,
  filter.artist,
  filter.currency,
];

async function months(db: Queryable, filter: LabelFilter): Promise<LabelDashboard['months']> {
  return db.query<LabelDashboard['months'][number]>(
    `with listed as materialized (${STATEMENTS_IN_WINDOW}),
     per_statement as (
       select l.period, l.currency, ${APPROVED('l')} as approved,
              (select coalesce(sum(c.revenue), 0) from (${CODE_REVENUE('l')}) c) as revenue,
              ${PAYOUTS('l')} as payouts
         from listed l)
     select period as month, currency,
            trim_scale(coalesce(sum(revenue) filter (where approved), 0))::text as revenue,
            trim_scale(coalesce(sum(revenue) filter (where not approved), 0))::text as pending,
            trim_scale(sum(payouts))::text as payouts
       from per_statement group by period, currency order by period, currency`,
    params(filter),
  );
}

/**
 * The top products and artists by revenue over the window, five of each currency at most, in one
 * read. The window's codes are summed first (a code recurs in every month's statement), so
 * products are looked up once per code rather than once per statement and code, and an artist's
 * revenue is the sum of their products'.
 */
async function ranked(
  db: Queryable,
  filter: LabelFilter,
): Promise<{ topProducts: Ranked[]; topArtists: Ranked[] }> {
  const rows = await db.query<Ranked & { kind: 'product' | 'artist' }>(
    `with listed as materialized (${STATEMENTS_IN_WINDOW}),
     per_code as materialized (
       select l.account_id, l.currency, sc.code, sum(sc.revenue) as revenue
         from listed l join statement_codes sc on sc.statement_id = l.id
        group by l.account_id, l.currency, sc.code),
     per_product as materialized (
       select p.id, p.title as name, p.artist_id, c.currency, sum(c.revenue) as revenue
         from per_code c
         join product_codes pc on pc.account_id = c.account_id and pc.code = c.code
         join products p on p.id = pc.product_id
        where ($4::text is null or p.artist_id = $4)
        group by p.id, p.title, p.artist_id, c.currency),
     earned as (
       select 'product' as kind, id, name, currency, revenue from per_product
       union all
       select 'artist', ar.id, ar.name, pp.currency, sum(pp.revenue)
         from per_product pp join artists ar on ar.id = pp.artist_id
        group by ar.id, ar.name, pp.currency),
     numbered as (
       select e.*, row_number() over (partition by e.kind, e.currency
                                      order by e.revenue desc, e.name, e.id) as n
         from earned e)
     select kind, id, name, currency, trim_scale(revenue)::text as revenue from numbered
      where n <= 5 order by kind, currency, n`,
    params(filter),
  );
  const of = (kind: 'product' | 'artist') =>
    rows
      .filter((row) => row.kind === kind)
      .map(({ id, name, currency, revenue }) => ({ id, name, currency, revenue }));
  return { topProducts: of('product'), topArtists: of('artist') };
}

interface PaymentRow extends Record<string, unknown> {
  id: string;
  payee: string;
  statement_title: string;
  amount: string;
  currency: string;
  state: PaymentState;
  hold_reason: HoldReason | null;
  created_at: Date | string;
}

export const toNextPayment = (row: PaymentRow): NextPayment => ({
  id: row.id,
  payee: row.payee,
  statementTitle: row.statement_title,
  amount: row.amount,
  currency: row.currency,
  status: statusOf(paymentSnapshotOf(paymentMachineStateOf(row.state, row.hold_reason))),
  createdAt: epochSeconds(row.created_at) ?? 0,
});

/**
 * Payments not yet completed nor failed, oldest first: `$1` account (its payees named as it knows
 * them), `$2` payee, `$3` limit.
 */
export const nextPayments = (
  db: Queryable,
  account: string | null,
  payee: string | null,
  limit: number,
) =>
  db
    .query<PaymentRow>(
      `select p.id, ${nameSeenBy('$1', 'u')} as payee, s.title as statement_title,
              trim_scale(p.amount)::text as amount, p.currency, p.state, p.hold_reason, p.created_at
         from payments p join statements s on s.id = p.statement_id
         left join users u on u.id = p.payee_id
        where ($1::text is null or s.account_id = $1) and ($2::text is null or p.payee_id = $2)
          and p.state not in ('COMPLETED', 'FAILED')
        order by p.created_at, p.id limit $3`,
      [account, payee, limit],
    )
    .then((rows) => rows.map(toNextPayment));

export async function readLabelDashboard(
  db: Queryable,
  filter: LabelFilter,
): Promise<LabelDashboard> {
  // The parts are independent reads: on PostgreSQL they run side by side on the pool.
  const [counts, awaiting, monthRows, next, { topProducts, topArtists }] = await Promise.all([
    db.query<{ attention: string; all: string }>(
      `select count(*) filter (where state = 'needsAttention')::text as attention,
              count(*) filter (where state <> 'deleted')::text as all
         from statements where ($1::text is null or account_id = $1)`,
      [filter.account],
    ),
    db.query<LabelDashboard['awaitingFunds'][number]>(
      `select s.id, s.title, s.period, ${statementCurrency('s', '$2::text')} as currency,
              trim_scale(s.expected)::text as expected, trim_scale(s.received)::text as received
         from statements s
        where ($1::text is null or s.account_id = $1) and s.state = 'awaitingFunds'
        order by s.received_at, s.id limit 10`,
      [filter.account, filter.currency],
    ),
    months(db, filter),
    nextPayments(db, filter.account, null, 10),
    ranked(db, filter),
  ]);
  return {
    months: monthRows,
    needsAttention: Number(counts[0]?.attention ?? 0),
    awaitingFunds: awaiting,
    nextPayments: next,
    topProducts,
    topArtists,
    statementCount: Number(counts[0]?.all ?? 0),
  };
}
