import { epochSeconds } from '../../api/common';
import type { PersonalDashboard, PersonalStatement } from '../../api/dashboard';
import type { Queryable } from '../db/database';
import { APPROVED, inWindow, statementCurrency, type PeriodWindow } from './dashboardWindow';
import { nextPayments } from './labelDashboard';
import { internalStatesOf } from './payments';

/**
 * A person's own figures: only their rows of statement_payees and statement_lines, their ledger
 * balance, their payments and the recoupments they repay. `account` limits them to one label (a
 * label owner looking at one of their payees); null is every label that pays the person.
 */
export interface PersonalFilter {
  person: string;
  account: string | null;
  artist: string | null;
  window: PeriodWindow;
  currency: string;
}

/** `$1` person, `$2` account, `$3`/`$4` window, `$5` artist, `$6` fallback currency. */
const params = (filter: PersonalFilter) => [
  filter.person,
  filter.account,
  filter.window.from,
  filter.window.to,
  filter.artist,
  filter.currency,
];

/** The approved statements in the window in which the person has a share, with their totals. */
const SHARES = `
  select s.id, s.title, s.period, s.account_id, s.approved_at, s.calculation_id,
         ${statementCurrency('s', '$6::text')} as currency, sp.earned, sp.recouped, sp.payout
    from statement_payees sp join statements s on s.calculation_id = sp.calculation_id
   where sp.payee_id = $1 and ${APPROVED('s')}
     and ($2::text is null or s.account_id = $2) and ${inWindow('s.period', '$3', '$4')}`;

/** What the artist's products earned the person in a statement (`$5` the artist). */
const ARTIST_EARNED = (share: string) => `(select coalesce(sum(l.amount), 0)
   from statement_lines l join products p on p.id = l.product_id
  where l.calculation_id = ${share}.calculation_id and l.payee_id = $1 and p.artist_id = $5)`;

async function months(db: Queryable, filter: PersonalFilter) {
  // With an artist, both series are what the artist's products earned the person.
  return db.query<PersonalDashboard['months'][number]>(
    `with shares as (${SHARES})
     select period as month, currency,
            trim_scale(sum(case when $5::text is null then earned else ${ARTIST_EARNED('shares')} end))::text as earned,
            trim_scale(sum(case when $5::text is null then payout else ${ARTIST_EARNED('shares')} end))::text as payout
       from shares group by period, currency order by period, currency`,
    params(filter),
  );
}

interface ShareRow extends Record<string, unknown> {
  id: string;
  title: string;
  period: string;
  account: string;
  currency: string;
  earned: string;
  recouped: string;
  payout: string;
  approved_at: Date | string | null;
}

async function statements(db: Queryable, filter: PersonalFilter): Promise<PersonalStatement[]> {
  const rows = await db.query<ShareRow>(
    `with shares as (${SHARES})
     select sh.id, sh.title, sh.period, a.name as account, sh.currency, sh.approved_at,
            trim_scale(sh.earned)::text as earned, trim_scale(sh.recouped)::text as recouped,
            trim_scale(sh.payout)::text as payout
       from shares sh join accounts a on a.id = sh.account_id
      where $5::text is null or ${ARTIST_EARNED('sh')} <> 0
      order by sh.period desc, sh.approved_at desc, sh.id limit 24`,
    params(filter),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    period: row.period,
    account: row.account,
    currency: row.currency,
    earned: row.earned,
    recouped: row.recouped,
    payout: row.payout,
    approvedAt: epochSeconds(row.approved_at),
  }));
}

/** The person's percentage of a split set's shares, a group's share multiplied out. */
const OWN_SHARE = (set: string) => `(select trim_scale(sum(x.pct)) from (
    select (e->>'pct')::numeric as pct from jsonb_array_elements(${set}.shares) e where e->>'payeeId' = $1
    union all
    select (e->>'pct')::numeric * (m->>'pct')::numeric / 100
      from jsonb_array_elements(${set}.shares) e
      cross join lateral jsonb_array_elements(coalesce(e->'members', '[]'::jsonb)) m
     where m->>'payeeId' = $1) x)`;

async function products(db: Queryable, filter: PersonalFilter) {
  return db.query<PersonalDashboard['products'][number]>(
    `with mine as (
       select distinct p.id, p.title, p.account_id, ar.name as artist
         from split_payees spy join split_sets ss on ss.id = spy.split_set_id
         join products p on p.id = ss.product_id left join artists ar on ar.id = p.artist_id
        where spy.payee_id = $1 and ($2::text is null or p.account_id = $2)
          and ($5::text is null or p.artist_id = $5)),
     shares as (${SHARES}),
     earned as (
       select l.product_id, sh.currency, sum(l.amount) as amount
         from shares sh join statement_lines l on l.calculation_id = sh.calculation_id and l.payee_id = $1
        group by l.product_id, sh.currency)
     select m.id, m.title, m.artist,
            (select ${OWN_SHARE('ss')} from split_sets ss
              where ss.product_id = m.id and ss.kind = 'base' and ss.code is null
              order by ss.start_date desc nulls last, ss.priority desc, ss.position limit 1)::text as share,
            e.currency, trim_scale(coalesce(e.amount, 0))::text as earned
       from mine m left join earned e on e.product_id = m.id
      order by coalesce(e.amount, 0) desc, m.title, m.id limit 50`,
    params(filter),
  );
}

async function recoupments(db: Queryable, filter: PersonalFilter) {
  const rows = await db.query<
    Omit<PersonalDashboard['recoupments'][number], 'statementsLeft'> & { left: string | null }
  >(
    `with open as (
       select r.id, r.title, r.currency, r.amount, r.recouped, r.remaining,
              (select round(avg(recent.total), 12) from (
                 select sum(rr.amount) as total from recoupment_remittances rr
                  where rr.recoupment_id = r.id group by rr.statement_id
                  order by max(rr.at) desc limit 3) recent) as pace
         from recoupments r
        where r.status = 'open' and ($2::text is null or r.account_id = $2)
          and exists (select 1 from recoupment_debtors d where d.recoupment_id = r.id and d.debtor_id = $1))
     select id, title, currency, trim_scale(amount)::text as amount, trim_scale(recouped)::text as recouped,
            trim_scale(remaining)::text as remaining, trim_scale(pace)::text as pace,
            case when pace > 0 then ceil(remaining / pace)::text end as left
       from open o order by o.remaining desc, o.title, o.id limit 20`,
    [filter.person, filter.account],
  );
  return rows.map(({ left, ...row }) => ({
    ...row,
    statementsLeft: left === null ? null : Number(left),
  }));
}

/** The person's balance with each label (or the one label), per currency. */
async function balances(db: Queryable, filter: PersonalFilter) {
  const own = (column: string) =>
    `split_part(${column}, ':', 1) = 'payee' and split_part(${column}, ':', 3) = $1
     and ($2::text is null or split_part(${column}, ':', 2) = $2)`;
  return db.query<{ currency: string; amount: string }>(
    `select currency, trim_scale(sum(amount))::text as amount from (
       select currency, amount from ledger_transfers where ${own('credit_account')}
       union all
       select currency, -amount from ledger_transfers where ${own('debit_account')}) moves
      group by currency order by currency`,
    [filter.person, filter.account],
  );
}

/**
 * What reached the person: their payments that are completed (with their bank), for the
 * statements of the window, per currency. Scheduled, held and processing payments are not paid
 * yet. Payments are per statement, not per product: with an artist chosen there is no such figure.
 */
async function paid(db: Queryable, filter: PersonalFilter) {
  if (filter.artist !== null) return null;
  return db.query<{ currency: string; amount: string }>(
    `select p.currency, trim_scale(sum(p.amount))::text as amount
       from payments p join statements s on s.id = p.statement_id
      where p.payee_id = $1 and ($2::text is null or s.account_id = $2)
        and ${inWindow('s.period', '$3', '$4')} and p.state = any($5::text[])
      group by p.currency order by p.currency`,
    [
      filter.person,
      filter.account,
      filter.window.from,
      filter.window.to,
      internalStatesOf('completed').states,
    ],
  );
}

export async function readPersonalDashboard(
  db: Queryable,
  filter: PersonalFilter,
): Promise<PersonalDashboard> {
  // The parts are independent reads: on PostgreSQL they run side by side on the pool.
  const [next, monthRows, balanceRows, paidRows, statementRows, productRows, recoupmentRows] =
    await Promise.all([
      nextPayments(db, filter.account, filter.person, 1),
      months(db, filter),
      balances(db, filter),
      paid(db, filter),
      statements(db, filter),
      products(db, filter),
      recoupments(db, filter),
    ]);
  return {
    months: monthRows,
    balances: balanceRows,
    paid: paidRows,
    nextPayment: next[0] ?? null,
    statements: statementRows,
    products: productRows,
    recoupments: recoupmentRows,
  };
}
