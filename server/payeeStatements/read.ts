import { epochSeconds } from '../../api/common';
import Decimal from 'decimal.js';
import { statementReservesSeenBy } from '../reserves/service';
import type {
  PayeeStatement,
  PayeeStatementLine,
  PayeeStatementList,
  PayeeStatementListQuery,
  PayeeStatementSummary,
} from '../../api/payeeStatements';
import type { Queryable } from '../db/database';
import { payeeAccount } from '../ledger/accounts';
import { pagedList } from '../queries/pagedList';
import { nameSeenBy, seesWhole } from '../queries/users';
import { statementCurrencySql } from '../events/readModels/statementCurrency';

/**
 * A statement has payee statements once its result is approved: from then on the payouts are in
 * the payees' balances. A deleted or reset statement has none.
 */
const APPROVED = `s.approved_seq is not null and s.state in ('finalizing', 'ready', 'sent')`;

/**
 * A summary's columns, the payee named as account `viewer` knows them (SQL; null for staff and the
 * payee themselves): a person it only invited by their address, their statement in English.
 */
const summaryColumns = (viewer: string) => `s.id as statement_id, s.account_id, s.period,
  d.name as distributor, a.name as account_name,
  coalesce(${statementCurrencySql('s.id')}, 'USD') as currency,
  s.approved_at, s.approved_seq, sp.payee_id, ${nameSeenBy(viewer, 'u')} as fullname,
  case when ${seesWhole(viewer, 'u')} then coalesce(u.language, 'en') else 'en' end as language,
  sp.calculation_id,
  trim_scale(sp.earned)::text as earned, trim_scale(sp.recouped)::text as recouped,
  trim_scale(sp.credited)::text as credited, trim_scale(sp.payout)::text as payout`;

const SUMMARY_FROM = `statement_payees sp
  join statements s on s.calculation_id = sp.calculation_id
  join distributors d on d.id = s.distributor_id
  join accounts a on a.id = s.account_id
  left join users u on u.id = sp.payee_id`;

interface SummaryRow extends Record<string, unknown> {
  statement_id: string;
  account_id: string;
  period: string;
  distributor: string;
  account_name: string;
  currency: string;
  approved_at: Date | string;
  approved_seq: string | number;
  payee_id: string;
  fullname: string;
  language: string;
  calculation_id: string;
  earned: string;
  recouped: string;
  credited: string;
  payout: string;
}

function toSummary(row: SummaryRow): PayeeStatementSummary {
  return {
    statementId: row.statement_id,
    period: row.period,
    distributor: row.distributor,
    account: row.account_name,
    currency: row.currency,
    approvedAt: epochSeconds(row.approved_at) ?? 0,
    earned: row.earned,
    recouped: row.recouped,
    credited: row.credited,
    payout: row.payout,
  };
}

/** The first period of the last `months` months, `YYYY-MM`, as the global filter means it. */
function firstPeriod(months: number, now: Date): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return start.toISOString().slice(0, 7);
}

/** The payee's own statements, newest period first, filtered to a period or the last months. */
export function listOwnStatements(
  db: Queryable,
  payeeId: string,
  query: PayeeStatementListQuery,
  now: Date,
): Promise<PayeeStatementList> {
  return pagedList(
    db,
    {
      sql: `select ${summaryColumns('null')} from ${SUMMARY_FROM}
             where sp.payee_id = $1 and ${APPROVED}
               and ($2::text is null or s.period = $2)
               and ($3::text is null or s.period >= $3)
               and ($4 = '' or d.name ilike '%' || $4 || '%' or a.name ilike '%' || $4 || '%'
                    or s.period like $4 || '%')
               and ($5::text is null or exists (
                    select 1 from statement_lines l join products p on p.id = l.product_id
                     where l.calculation_id = sp.calculation_id and l.payee_id = sp.payee_id
                       and p.artist_id = $5))`,
      params: [
        payeeId,
        query.month ?? null,
        query.months ? firstPeriod(query.months, now) : null,
        query.q ?? '',
        query.artist ?? null,
      ],
      orderBy: 'period desc, approved_seq desc, statement_id',
    },
    query,
    toSummary,
  );
}

/** Whose statement to read: the statement, the payee, and the one account the reader is in. */
export interface PayeeStatementKey {
  statementId: string;
  payeeId: string;
  /** Staff of a label read only their account's statements; null reads any (admins, the payee). */
  accountId: string | null;
}

/** One payee's summary of one approved statement, or null when there is none for the reader. */
async function findSummary(db: Queryable, key: PayeeStatementKey): Promise<SummaryRow | null> {
  const rows = await db.query<SummaryRow>(
    `select ${summaryColumns('$3')} from ${SUMMARY_FROM}
      where s.id = $1 and sp.payee_id = $2 and ($3::text is null or s.account_id = $3) and ${APPROVED}`,
    [key.statementId, key.payeeId, key.accountId],
  );
  return rows[0] ?? null;
}

/** The payees of an approved statement the reader may see, by name; empty when none. */
export async function payeesOfStatement(
  db: Queryable,
  statementId: string,
  accountId: string | null,
): Promise<string[]> {
  const rows = await db.query<{ payee_id: string }>(
    `select sp.payee_id from ${SUMMARY_FROM}
      where s.id = $1 and ($2::text is null or s.account_id = $2) and ${APPROVED}
      order by ${nameSeenBy('$2', 'u')}, sp.payee_id`,
    [statementId, accountId],
  );
  return rows.map((row) => row.payee_id);
}

/** The approved statements of a period the reader may see, in the order they were approved. */
export async function statementsOfPeriod(
  db: Queryable,
  period: string,
  accountId: string | null,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select s.id from statements s
      where s.period = $1 and ($2::text is null or s.account_id = $2) and ${APPROVED}
      order by s.approved_seq`,
    [period, accountId],
  );
  return rows.map((row) => row.id);
}

/**
 * Each code's gross in a statement (its records and hand-entered lines) and the distributor's cut
 * of it, as the engine takes it: each line's revenue times the statement's take, truncated to
 * 10^-12 (ENGINE.md, step 1).
 */
async function codeRevenues(
  db: Queryable,
  statementId: string,
  codes: string[],
): Promise<Map<string, { gross: string; take: string }>> {
  if (codes.length === 0) return new Map();
  const rows = await db.query<{ code: string; gross: string; take: string }>(
    `with st as (
       select coalesce(s.distributor_take_pct, dt.take_pct, 0) as take_pct
         from statements s
         left join distributor_takes dt
           on dt.account_id = s.account_id and dt.distributor_id = s.distributor_id
        where s.id = $1),
     sold as (
       select r.code, r.revenue from statement_records r
        where r.statement_id = $1 and r.code = any($2::text[])
       union all
       select a.code, a.amount from statement_adjustments a
        where a.statement_id = $1 and a.code = any($2::text[]))
     select sold.code, trim_scale(sum(sold.revenue))::text as gross,
            trim_scale(sum(trunc(sold.revenue * st.take_pct / 100, 12)))::text as take
       from sold cross join st group by sold.code`,
    [statementId, [...new Set(codes)]],
  );
  return new Map(rows.map((row) => [row.code, { gross: row.gross, take: row.take }]));
}

/** A line's revenue as its product's view says: gross, or gross less the distributor's cut. */
function lineRevenue(
  revenue: { gross: string; take: string } | undefined,
  view: 'gross' | 'net' | null,
): Pick<PayeeStatementLine, 'revenue' | 'revenueView'> {
  if (!revenue || view === null) return { revenue: null, revenueView: null };
  return {
    revenue:
      view === 'gross' ? revenue.gross : new Decimal(revenue.gross).minus(revenue.take).toFixed(),
    revenueView: view,
  };
}

/** A payee statement with the language its payee reads, for the files made of it. */
export interface PayeeStatementDocument {
  statement: PayeeStatement;
  language: string;
}

/**
 * One payee's statement: their lines grouped by product and code, what each recoupment took from
 * them, and their balance before, paid and carried. The carried balance counts the credits and
 * payments of every statement of the label approved up to this one, and what returned payments
 * put back before it was approved: the ledger as it stood once this statement's payment was made.
 */
export async function readPayeeStatement(
  db: Queryable,
  key: PayeeStatementKey,
): Promise<PayeeStatementDocument | null> {
  const summary = await findSummary(db, key);
  if (!summary) return null;
  const lines = await db.query<{
    product_id: string | null;
    title: string | null;
    revenue_view: 'gross' | 'net' | null;
    code: string;
    units: string;
    amount: string;
  }>(
    `select l.product_id, p.title, p.revenue_view, l.code, sum(l.units)::text as units,
            trim_scale(sum(l.amount))::text as amount
       from statement_lines l left join products p on p.id = l.product_id
      where l.calculation_id = $1 and l.payee_id = $2
      group by l.product_id, p.title, p.revenue_view, l.code
      order by coalesce(p.title, ''), l.code`,
    [summary.calculation_id, summary.payee_id],
  );
  const revenues = await codeRevenues(
    db,
    summary.statement_id,
    lines.map((line) => line.code),
  );
  const recoupments = await db.query<{ recoupment_id: string; title: string; amount: string }>(
    `select cr.recoupment_id, r.title, trim_scale(sum((x ->> 'amount')::numeric))::text as amount
       from calculation_recoupments cr
       join recoupments r on r.id = cr.recoupment_id
       cross join lateral jsonb_array_elements(cr.remittances) x
      where cr.calculation_id = $1 and x ->> 'debtorId' = $2
      group by cr.recoupment_id, r.title, cr.position
     having sum((x ->> 'amount')::numeric) <> 0
      order by cr.position`,
    [summary.calculation_id, summary.payee_id],
  );
  const balance = await db.query<{ paid: string; carried: string; brought: string }>(
    `with moves as (
       select t.amount * (case when t.credit_account = $1 then 1 else -1 end) as amount,
              coalesce(t.statement_id = $3, false) as own
         from ledger_transfers t left join statements s on s.id = t.statement_id
        where (t.credit_account = $1 or t.debit_account = $1) and t.currency = $4
          and (t.statement_id = $3
               and (t.id like 'payout:%' or t.id like 'reserve-withheld:%'
                    or t.id like 'reserve-return:%'
                    or t.id in (select 'payment:' || id from payments
                                 where statement_id = $3 and payee_id = $2))
               or t.statement_id <> $3 and s.approved_seq < $5 and t.created_at <= $6
               -- Reserves released back into the balance before this approval.
               or t.statement_id is null and t.id like 'reserve-release:%'
                  and t.created_at <= $6))
     select trim_scale(coalesce((select sum(amount) from payments
                                  where statement_id = $3 and payee_id = $2 and origin = 'proceeds'),
                                0))::text as paid,
            trim_scale(coalesce((select sum(amount) from moves), 0))::text as carried,
            trim_scale(coalesce((select sum(amount) from moves where not own), 0))::text as brought`,
    [
      payeeAccount(summary.account_id, summary.payee_id),
      summary.payee_id,
      summary.statement_id,
      summary.currency,
      summary.approved_seq,
      summary.approved_at,
    ],
  );
  const [{ paid, carried, brought }] = balance as [(typeof balance)[number]];
  const [reserve] = await statementReservesSeenBy(db, summary.statement_id, {
    userId: summary.payee_id,
    accountId: '',
  });
  return {
    language: summary.language,
    statement: {
      ...toSummary(summary),
      payee: { id: summary.payee_id, fullname: summary.fullname },
      lines: lines.map((line) => ({
        productId: line.product_id,
        product: line.title ?? '',
        code: line.code,
        units: Number(line.units),
        amount: line.amount,
        ...lineRevenue(revenues.get(line.code), line.revenue_view),
      })),
      recoupments: recoupments.map((recoupment) => ({
        recoupmentId: recoupment.recoupment_id,
        title: recoupment.title,
        amount: recoupment.amount,
      })),
      broughtForward: brought,
      ...(reserve
        ? {
            reserve: {
              withheld: reserve.withheld,
              charged: reserve.charged,
              releases: reserve.releases,
            },
          }
        : {}),
      paid,
      carried,
    },
  };
}
