import { Exact as Decimal } from './exact';
import type { Journal, JournalEntry } from '../../api/journals';
import { minorUnitsOf } from '../../rules/currencies';
import { kebabCase, type BookAccount, type BookCategory } from '../../rules/journals';
import { monthsOfPeriod } from '../../rules/periods';
import type { Queryable } from '../db/database';
import { ConflictError } from '../errors';
import { translator } from '../i18n';
import {
  ADVANCES_RECOUPED,
  MOVEMENT_ORDER,
  RECOUPMENTS_CREDITED,
  movementOf,
  TRANSFER_KINDS,
  type Movement,
  type MovementKey,
} from './movements';
import { readBookAccounts } from './settings';

export const PERIOD_NOT_CLOSED =
  'This period is not closed yet: its journal is ready once the period is closed.';

/** The last month (`YYYY-MM`) of a period key, in SQL over a column holding one. */
const lastMonthSql = (column: string) =>
  `case when ${column} like '%-Q%'
        then left(${column}, 4) || '-' || lpad((right(${column}, 1)::int * 3)::text, 2, '0')
        else ${column} end`;

/** The last day of the period, `YYYY-MM-DD`: the date every entry of its journal carries. */
export function periodEndDate(period: string): string {
  const last = monthsOfPeriod(period).at(-1) ?? period;
  const [year, month] = last.split('-').map(Number) as [number, number];
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${last}-${String(day).padStart(2, '0')}`;
}

/** One movement's exact amounts: in the period, and in the label's closed periods before it. */
interface Moved {
  movement: Omit<Movement, 'from' | 'to'> & { from?: string; to?: string };
  currency: string;
  amount: Decimal;
  before: Decimal;
}

/**
 * The ledger's movements of the period by kind and currency, with what the same kinds moved in
 * the periods the label closed before it (for the rounding to minor units, which carries over).
 */
async function ledgerMovements(tx: Queryable, accountId: string, period: string): Promise<Moved[]> {
  const rows = await tx.query<{
    from_kind: string;
    to_kind: string;
    transfer_kind: string;
    currency: string;
    amount: string;
    before: string;
  }>(
    `with this as (select closed_at from account_periods where account_id = $1 and period = $2),
          earlier as (select p.period from account_periods p, this
                       where p.account_id = $1 and (p.closed_at, p.period) < (this.closed_at, $2))
     select split_part(debit_account, ':', 1) as from_kind,
            split_part(credit_account, ':', 1) as to_kind,
            case when split_part(id, ':', 1) = any($3::text[]) then split_part(id, ':', 1) else '' end
              as transfer_kind,
            currency,
            coalesce(sum(amount) filter (where period = $2), 0)::text as amount,
            coalesce(sum(amount) filter (where period <> $2), 0)::text as before
       from ledger_transfers
      where account_id = $1 and (period = $2 or period in (select period from earlier))
      group by 1, 2, 3, 4`,
    [accountId, period, TRANSFER_KINDS],
  );
  return rows.map((row) => ({
    movement: movementOf(row.from_kind, row.to_kind, row.transfer_kind),
    currency: row.currency,
    amount: new Decimal(row.amount),
    before: new Decimal(row.before),
  }));
}

/**
 * What the period's statements recouped of advances (their remittances) and credited to the
 * recoupments' creditors (their payees' credits), per currency. A statement belongs to the first
 * period closed after its approval that holds its report month, as the close takes the ledger
 * transfers of a statement: one approved after its own period closed (a correction) lands in the
 * next period closed.
 */
async function recoupmentMovements(
  tx: Queryable,
  accountId: string,
  period: string,
): Promise<Moved[]> {
  const rows = await tx.query<{
    kind: 'recouped' | 'credited';
    currency: string;
    amount: string;
    before: string;
  }>(
    `with this as (select closed_at from account_periods where account_id = $1 and period = $2),
          approved as (
            select s.id, s.calculation_id, s.currency,
                   (select p.period from account_periods p
                     where p.account_id = $1 and p.closed_at >= s.approved_at
                       and ${lastMonthSql('p.period')} >= s.period
                     order by p.closed_at, p.period limit 1) as period
              from statements s
             where s.account_id = $1 and s.approved_at is not null and s.calculation_id is not null),
          moved as (
            select 'recouped' as kind, coalesce(a.currency, r.currency) as currency, a.period,
                   rr.amount
              from approved a
              join recoupment_remittances rr on rr.calculation_id = a.calculation_id
              join recoupments r on r.id = rr.recoupment_id
            union all
            select 'credited', coalesce(a.currency, 'USD'), a.period, sp.credited
              from approved a join statement_payees sp on sp.calculation_id = a.calculation_id
             where sp.credited <> 0)
     select m.kind, m.currency,
            coalesce(sum(m.amount) filter (where m.period = $2), 0)::text as amount,
            coalesce(sum(m.amount) filter (where m.period <> $2), 0)::text as before
       from moved m join account_periods p on p.account_id = $1 and p.period = m.period, this
      where (p.closed_at, p.period) <= (this.closed_at, $2)
      group by m.kind, m.currency`,
    [accountId, period],
  );
  return rows.map((row) => ({
    movement: row.kind === 'recouped' ? ADVANCES_RECOUPED : RECOUPMENTS_CREDITED,
    currency: row.currency,
    amount: new Decimal(row.amount),
    before: new Decimal(row.before),
  }));
}

/** Whether the label closed the period. */
export async function isClosed(tx: Queryable, accountId: string, period: string) {
  const rows = await tx.query<{ period: string }>(
    'select period from account_periods where account_id = $1 and period = $2',
    [accountId, period],
  );
  return rows.length > 0;
}

/**
 * The journal of a closed period: an entry per kind of movement per currency, each one debit and
 * one credit of the same amount. Books keep minor units (cents); the ledger keeps payouts exact to
 * 12 decimals, so each entry books the rounding of everything the label's closed periods moved of
 * its kind up to this one, less the rounding of what they moved before it: the books then hold the
 * ledger's balances rounded, never drifting by more than half a minor unit per kind.
 */
export async function buildJournal(
  tx: Queryable,
  accountId: string,
  period: string,
  language: string,
): Promise<Journal> {
  if (!(await isClosed(tx, accountId, period))) throw new ConflictError(PERIOD_NOT_CLOSED);
  const t = translator(language);
  const accounts = await readBookAccounts(tx, accountId);
  const moved = [
    ...(await ledgerMovements(tx, accountId, period)),
    ...(await recoupmentMovements(tx, accountId, period)),
  ];
  // Kinds of transfer that are one movement of the books (returns with passback on or off) join.
  const byEntry = new Map<string, Moved>();
  for (const item of moved) {
    const { key, from, to } = item.movement;
    const id = `${item.currency}|${key}|${key === 'unclassified' ? `${from}>${to}` : ''}`;
    const found = byEntry.get(id);
    if (found) {
      found.amount = found.amount.plus(item.amount);
      found.before = found.before.plus(item.before);
    } else byEntry.set(id, { ...item });
  }
  const order = (key: MovementKey) => MOVEMENT_ORDER.indexOf(key);
  const items = [...byEntry.values()]
    .filter((item) => !item.amount.isZero())
    .sort(
      (a, b) =>
        a.currency.localeCompare(b.currency) ||
        order(a.movement.key) - order(b.movement.key) ||
        `${a.movement.from}>${a.movement.to}`.localeCompare(`${b.movement.from}>${b.movement.to}`),
    );
  const date = periodEndDate(period);
  const line = (category: BookCategory, account: BookAccount) => ({
    category,
    code: account.code,
    name: account.name,
  });
  const entries: JournalEntry[] = items.map((item, index) => {
    const places = minorUnitsOf(item.currency);
    const rounded = (value: Decimal) => value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
    const booked = rounded(item.before.plus(item.amount)).minus(rounded(item.before));
    // A movement whose sum runs against its usual direction posts the other way round.
    const [debit, credit] = booked.isNegative()
      ? [item.movement.credit, item.movement.debit]
      : [item.movement.debit, item.movement.credit];
    const amount = booked.abs().toFixed(places);
    const description = t(`journals.movement.${kebabCase(item.movement.key)}`, {
      from: item.movement.from,
      to: item.movement.to,
    });
    return {
      number: `${period}-${String(index + 1).padStart(2, '0')}`,
      movement: item.movement.key,
      currency: item.currency,
      date,
      description,
      ledgerAmount: item.amount.toFixed(),
      lines: [
        { ...line(debit, accounts[debit]), debit: amount, credit: null },
        { ...line(credit, accounts[credit]), debit: null, credit: amount },
      ],
    };
  });
  return { period, date, entries };
}
