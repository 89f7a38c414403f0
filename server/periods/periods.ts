import {
  isPeriodKey,
  monthsOfPeriod,
  periodOfMonth,
  PERIOD_LENGTHS,
  type PeriodKey,
  type PeriodLength,
} from '../../rules/periods';
import type { PeriodStatus } from '../../api/periods';
import type { Database, Queryable } from '../db/database';
import { BadRequestError, ConflictError } from '../errors';
import { appendToStream, CONFLICT_MESSAGE, streamVersion } from '../events/store';
import type { EventMetadata, PeriodCurrencySummary } from '../events/types';
import { lastClosedMonth } from '../events/closedPeriods';
import { periodTransfersSql } from '../events/readModels/periodTransfers';
import { periodSummary } from './summary';

export const NOT_A_PERIOD = 'Choose a period of the label’s length, such as 2026-03 or 2026-Q1.';
export const PERIOD_CLOSED_ALREADY = 'This period is closed already.';
export const PERIOD_NOT_OVER = 'A period can be closed once it has ended.';
export const PERIOD_NOT_READY =
  'This period cannot be closed yet: some of its statements are not approved or cancelled. The periods page names them.';
export const EARLIER_PERIOD_OPEN =
  'An earlier period still has statements and is open: periods close in order, close it first.';
export const LENGTH_LOCKED =
  'The period length can change only while no period is closed, or after a closed period that ends a quarter (March, June, September or December).';
export const NOT_A_LENGTH = 'A period is a month or a quarter.';
export const NOTHING_TO_CLOSE =
  'Nothing happened in this period: it has no statements and no money moved in it, so there is nothing to close.';

const stream = (accountId: string) => `period-${accountId}`;

/** A statement of the period that keeps it from closing. */
export interface BlockingStatement {
  id: string;
  title: string;
  period: string;
  state: string;
}

export interface PeriodRow {
  period: PeriodKey;
  status: PeriodStatus;
  statements: number;
  blocking: BlockingStatement[];
  closedAt: string | null;
  closedBy: string | null;
}

export interface PeriodsOverview {
  length: PeriodLength;
  /** Whether the length may change now (see LENGTH_LOCKED). */
  lengthChangeable: boolean;
  periods: PeriodRow[];
  version: number;
}

// Approved with its payouts credited and payments prepared (a statement still finalizing would
// post them after the close), or cancelled; deleted ones do not count.
const DONE_STATES = ['ready', 'sent', 'cancelled', 'deleted'];

/** The label's length of its next periods. */
async function lengthOf(tx: Queryable, accountId: string): Promise<PeriodLength> {
  const rows = await tx.query<{ period_length: string }>(
    'select period_length from accounts where id = $1',
    [accountId],
  );
  return rows[0]?.period_length === 'quarter' ? 'quarter' : 'month';
}

/** Free while nothing is closed; afterwards only at a quarter's end, where both lengths agree. */
function lengthChangeable(lastClosed: string | null): boolean {
  return lastClosed === null || Number(lastClosed.slice(5, 7)) % 3 === 0;
}

/**
 * The label's periods, newest first: the closed ones as they were closed, and an open one for
 * each report month of its statements after the last closed period, by its current length.
 */
export async function readPeriods(db: Queryable, accountId: string): Promise<PeriodsOverview> {
  const length = await lengthOf(db, accountId);
  const lastClosed = await lastClosedMonth(db, accountId);
  const closed = await db.query<{
    period: string;
    closed_at: Date | string;
    closed_by: string | null;
  }>(
    `select p.period, p.closed_at, coalesce(u.fullname, p.closed_by) as closed_by
       from account_periods p left join users u on u.id = p.closed_by
      where p.account_id = $1`,
    [accountId],
  );
  const statements = await db.query<BlockingStatement & { counted: boolean }>(
    `select id, title, period, state, state <> 'deleted' as counted from statements
      where account_id = $1 and period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$' and ($2::text is null or period > $2)
      order by period, received_at, id`,
    [accountId, lastClosed],
  );
  const open = new Map<string, PeriodRow>();
  for (const statement of statements) {
    const key = periodOfMonth(statement.period, length);
    const row = open.get(key) ?? {
      period: key,
      status: 'ready' as const,
      statements: 0,
      blocking: [],
      closedAt: null,
      closedBy: null,
    };
    if (statement.counted) row.statements += 1;
    if (!DONE_STATES.includes(statement.state)) {
      row.blocking.push({
        id: statement.id,
        title: statement.title,
        period: statement.period,
        state: statement.state,
      });
      row.status = 'open';
    }
    open.set(key, row);
  }
  const periods: PeriodRow[] = [
    ...open.values(),
    ...closed.map((row) => ({
      period: row.period,
      status: 'closed' as const,
      statements: 0,
      blocking: [],
      closedAt: new Date(row.closed_at).toISOString(),
      closedBy: row.closed_by,
    })),
  ];
  // Closed periods count their statements too, for the list.
  for (const row of periods.filter((period) => period.status === 'closed')) {
    const counted = await db.query<{ count: string }>(
      `select count(*)::text as count from statements
        where account_id = $1 and period = any($2::text[]) and state <> 'deleted'`,
      [accountId, monthsOfPeriod(row.period)],
    );
    row.statements = Number(counted[0]?.count ?? 0);
  }
  periods.sort((a, b) => (monthsOfPeriod(a.period)[0]! < monthsOfPeriod(b.period)[0]! ? 1 : -1));
  return {
    length,
    lengthChangeable: lengthChangeable(lastClosed),
    periods,
    version: await streamVersion(db, stream(accountId)),
  };
}

/** The month a moment falls in, `YYYY-MM` (UTC). */
const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/**
 * Closes a period of the label: once it has ended, every statement of it is approved or cancelled,
 * and no earlier period with statements is open. The event carries the summary; its projection
 * stamps the period's ledger transfers.
 */
export async function closePeriod(
  db: Database,
  accountId: string,
  period: string,
  metadata: EventMetadata,
): Promise<PeriodCurrencySummary[]> {
  return db.transaction(async (tx) => {
    // One close at a time per label: the stream's version is taken under this lock.
    await tx.query('select 1 from accounts where id = $1 for update', [accountId]);
    const length = await lengthOf(tx, accountId);
    if (!isPeriodKey(period, length)) throw new BadRequestError(NOT_A_PERIOD);
    const months = monthsOfPeriod(period);
    const first = months[0]!;
    const last = months[months.length - 1]!;
    const lastClosed = await lastClosedMonth(tx, accountId);
    if (lastClosed !== null && first <= lastClosed) throw new ConflictError(PERIOD_CLOSED_ALREADY);
    if (last >= monthOf(metadata.at)) throw new ConflictError(PERIOD_NOT_OVER);
    const earlier = await tx.query(
      `select 1 from statements where account_id = $1 and period < $2 and state <> 'deleted'
          and ($3::text is null or period > $3) and period ~ '^[0-9]{4}-[0-9]{2}$' limit 1`,
      [accountId, first, lastClosed],
    );
    if (earlier.length > 0) throw new ConflictError(EARLIER_PERIOD_OPEN);
    const blocking = await tx.query(
      `select 1 from statements where account_id = $1 and period = any($2::text[])
          and not (state = any($3::text[])) limit 1`,
      [accountId, months, DONE_STATES],
    );
    if (blocking.length > 0) throw new ConflictError(PERIOD_NOT_READY);
    const held = await tx.query(
      `select 1 from statements where account_id = $1 and period = any($2::text[])
          and state <> 'deleted'
       union all
       select 1 from ledger_transfers t where ${periodTransfersSql('t', '$1', '$3')}
       limit 1`,
      [accountId, months, last],
    );
    if (held.length === 0) throw new ConflictError(NOTHING_TO_CLOSE);
    const summary = await periodSummary(tx, accountId, period);
    const version = await streamVersion(tx, stream(accountId));
    await appendToStream(
      tx,
      stream(accountId),
      version,
      [{ type: 'PeriodClosed', data: { period, summary } }],
      metadata,
    );
    return summary;
  });
}

/** Sets the length of the label's next periods, when LENGTH_LOCKED allows it. */
export async function setPeriodLength(
  db: Database,
  accountId: string,
  change: { length: string; version: number },
  metadata: EventMetadata,
): Promise<void> {
  if (!PERIOD_LENGTHS.includes(change.length as PeriodLength)) {
    throw new BadRequestError(NOT_A_LENGTH);
  }
  const length = change.length as PeriodLength;
  await db.transaction(async (tx) => {
    await tx.query('select 1 from accounts where id = $1 for update', [accountId]);
    const version = await streamVersion(tx, stream(accountId));
    if (version !== change.version) throw new ConflictError(CONFLICT_MESSAGE);
    if ((await lengthOf(tx, accountId)) === length) return;
    if (!lengthChangeable(await lastClosedMonth(tx, accountId))) {
      throw new ConflictError(LENGTH_LOCKED);
    }
    await appendToStream(
      tx,
      stream(accountId),
      version,
      [{ type: 'PeriodLengthSet', data: { length } }],
      metadata,
    );
  });
}

/** A closed period's summary as its close computed it, or null when the period is not closed. */
export async function closedSummary(
  db: Queryable,
  accountId: string,
  period: string,
): Promise<{ closedAt: string; summary: PeriodCurrencySummary[] } | null> {
  const rows = await db.query<{ closed_at: Date | string; summary: unknown }>(
    'select closed_at, summary from account_periods where account_id = $1 and period = $2',
    [accountId, period],
  );
  const row = rows[0];
  if (!row) return null;
  const kept = (typeof row.summary === 'string' ? JSON.parse(row.summary) : row.summary) as (Omit<
    PeriodCurrencySummary,
    'returnsChargedToReserve'
  > & { returnsChargedToReserve?: string })[];
  // A close logged before returns charged to reserves were counted apart has none.
  const summary = kept.map((figures) => ({
    ...figures,
    returnsChargedToReserve: figures.returnsChargedToReserve ?? '0',
  }));
  return { closedAt: new Date(row.closed_at).toISOString(), summary };
}
