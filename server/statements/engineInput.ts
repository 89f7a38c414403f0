import { countRecords, recordIdOf } from '../../engine/recordTable';
import { statementCurrencySql } from '../events/readModels/statementCurrency';
import type { EngineInput, EngineRecord, SplitSet } from '../../engine/types';
import type { ByteCache } from '../byteCache';
import type { Queryable } from '../db/database';
import { applicableSplitSets, engineRecoupments } from './engineRecoupments';

interface RecordRow {
  file_number: number;
  row: number;
  code: string;
  kind: 'sale' | 'mechanical';
  date: string | null;
  units: string;
  revenue: string;
  service: string;
  format: string;
  territory: string | null;
}

/** `files`: the statement `$1`'s files, numbered in the order they were added. */
const NUMBERED_FILES = `files as (
       select id, row_number() over (order by added_in, position_in_upload) as file_number
         from statement_files where statement_id = $1)`;

/** Of `statement_records r`, those of the statement `$1` with one of the codes `$2` (null: any). */
const RECORDS_ASKED = `r.statement_id = $1 and ($2::text[] is null or r.code = any($2::text[]))`;

/**
 * A statement's records as engine records, in file and row order; only those with one of
 * `codes` when given, and at most `limit` when given.
 */
export async function readEngineRecords(
  tx: Queryable,
  statementId: string,
  codes: readonly string[] | null,
  limit: number | null,
): Promise<EngineRecord[]> {
  const rows = await tx.query<RecordRow>(
    `with ${NUMBERED_FILES}
     select f.file_number::int as file_number, r.row, r.code, r.kind,
            to_char(r.date, 'YYYY-MM-DD') as date, r.units::text as units,
            trim_scale(r.revenue)::text as revenue, r.service, r.format, r.territory
       from statement_records r join files f on f.id = r.file_id
      where ${RECORDS_ASKED}
      order by f.file_number, r.row limit $3`,
    [statementId, codes, limit],
  );
  return rows.map((row) => ({
    id: recordIdOf(Number(row.file_number), row.row),
    code: row.code,
    kind: row.kind,
    units: Number(row.units),
    revenue: row.revenue,
    service: row.service,
    format: row.format,
    ...(row.date ? { date: row.date } : {}),
    ...(row.territory ? { territory: row.territory } : {}),
  }));
}

/**
 * The same records as readEngineRecords, as a record table (engine/recordTable.ts) written by the
 * database with COPY: a preview of 100,000 records is one text, read by the engine worker straight
 * into its columns. `found` counts the records there are, from the statement's code totals, so
 * that a caller can tell the records were cut at `limit`.
 *
 * Given a cache, a table read before from records unchanged since is answered without a COPY. It
 * is kept under the statement's code totals as last written, with the transaction that wrote
 * them (`statement_codes.xmin`): every change to a statement's records writes its totals again
 * (the parse and a retry's parse, title matching: totalStatementCodes). `version` is that key,
 * for a caller that keeps what it makes of the table (null when no cache was given and no limit).
 *
 * Run it in a transaction: the sort of the records kept when they are cut is given the memory to
 * stay off the disk for that transaction only, and dates are written as ISO dates (YYYY-MM-DD) for
 * that transaction whatever the server's DateStyle.
 */
export async function readEngineRecordTable(
  tx: Queryable,
  statementId: string,
  codes: readonly string[] | null,
  limit: number | null,
  cache?: ByteCache,
): Promise<{ table: Uint8Array<ArrayBuffer>; found: number; version: string | null }> {
  // Counted from the statement's code totals (statement_codes, written by the parse from its
  // records), not by reading up to limit + 1 records: that took 40-130 ms of a preview's opening.
  // The same totals, with the transaction that wrote each, are the version a cached table is kept
  // under.
  const totals =
    limit === null && !cache
      ? undefined
      : (
          await tx.query<{ found: number; version: string | null }>(
            `select coalesce(sum(rows), 0)::int as found,
                    json_agg(json_build_array(code, rows, xmin::text) order by code)::text as version
               from statement_codes
              where statement_id = $1 and ($2::text[] is null or code = any($2::text[]))`,
            [statementId, codes],
          )
        )[0];
  const found = totals?.found ?? 0;
  const key = totals ? JSON.stringify([statementId, codes === null, limit, totals.version]) : null;
  const kept = key === null ? undefined : cache?.get(key);
  if (kept)
    return { table: kept, found: limit === null ? countRecords(kept) : found, version: key };

  const cut = limit !== null && found > limit;
  // The engine runs records in order of date, then id, whatever order they come in: only records
  // cut at the limit need sorting, so that the first ones in file and row order are kept.
  await tx.query(
    `select set_config('datestyle', 'ISO', true)${cut ? `, set_config('work_mem', '64MB', true)` : ''}`,
  );
  const table = await tx.copyOut(
    `with ${NUMBERED_FILES}
     select f.file_number, r.row, r.code, r.kind, r.date, r.units, trim_scale(r.revenue), r.format
       from statement_records r join files f on f.id = r.file_id
      where ${RECORDS_ASKED}
      ${cut ? 'order by f.file_number, r.row limit $3' : ''}`,
    [statementId, codes, limit],
  );
  if (key !== null) cache?.set(key, table);
  return { table, found: limit === null ? countRecords(table) : found, version: key };
}

/** What the account's latest approved statement left: its calculation and engine state. */
export interface ApprovedResult {
  calculationId: string;
  state: EngineInput['state'];
  approvedAt: Date;
}

/**
 * The latest approved result of the account, leaving out `exceptStatementId`'s own; only among
 * statements in `currency` when given.
 */
export async function latestApprovedResult(
  tx: Queryable,
  accountId: string,
  exceptStatementId: string,
  currency: string | null = null,
): Promise<ApprovedResult | null> {
  const rows = await tx.query<{
    calculation_id: string;
    state: EngineInput['state'];
    approved_at: Date | string;
  }>(
    `select c.id as calculation_id, c.state, s.approved_at
       from statements s join calculations c on c.id = s.calculation_id
      where s.account_id = $1 and s.approved_seq is not null and s.id <> $2
        and ($3::text is null or coalesce(s.currency, 'USD') = $3)
      order by s.approved_seq desc limit 1`,
    [accountId, exceptStatementId, currency],
  );
  const row = rows[0];
  return row
    ? { calculationId: row.calculation_id, state: row.state, approvedAt: new Date(row.approved_at) }
    : null;
}

/** The state a statement starts from, and the calculation its approval must still follow. */
export interface CarriedState {
  state: EngineInput['state'];
  /** The account's latest approved calculation: approval refuses the result once another follows. */
  basedOn: string | null;
}

/**
 * What the approved statements before it left to a statement in `currency`, for its split sets.
 * Money is carried in one currency: an income counter goes on from the latest approved statement
 * in the statement's currency (60 dollars and 60 euros are not 120 of anything), and so do the
 * recoupment balances (each recoupment has its currency: engineRecoupments). Units and plays are
 * the same whatever the money they earned, so their counters go on from the account's latest
 * approved statement, whatever its currency.
 */
export async function carriedState(
  tx: Queryable,
  accountId: string,
  statementId: string,
  currency: string,
  splitSets: readonly Pick<SplitSet, 'id' | 'trigger'>[],
): Promise<CarriedState> {
  const latest = await latestApprovedResult(tx, accountId, statementId);
  const sameCurrency = await latestApprovedResult(tx, accountId, statementId, currency);
  const counters: EngineInput['state']['counters'] = {};
  for (const set of splitSets) {
    const kind = set.trigger?.type;
    if (kind !== 'income' && kind !== 'units' && kind !== 'plays') continue;
    const counter = (kind === 'income' ? sameCurrency : latest)?.state.counters[set.id];
    if (counter) counters[set.id] = counter;
  }
  return {
    state: { counters, recoupments: sameCurrency?.state.recoupments ?? {} },
    basedOn: latest?.calculationId ?? null,
  };
}

/** What a statement brings to its calculation besides records: its account, period, currency, take. */
export interface StatementTerms {
  account_id: string;
  period: string;
  currency: string | null;
  take_pct: string;
}

export async function statementTerms(tx: Queryable, statementId: string): Promise<StatementTerms> {
  const rows = await tx.query<StatementTerms>(
    // The statement's own take, else the label's default for the distributor, else none.
    `select s.account_id, s.period,
            ${statementCurrencySql('s.id')} as currency,
            trim_scale(coalesce(s.distributor_take_pct, dt.take_pct, 0))::text as take_pct
       from statements s
       left join distributor_takes dt
         on dt.account_id = s.account_id and dt.distributor_id = s.distributor_id
      where s.id = $1`,
    [statementId],
  );
  const statement = rows[0];
  if (!statement) throw new Error(`No statement ${statementId}`);
  return statement;
}

/** A statement's engine input, with the calculation its state came from. */
export interface StatementEngineInput {
  input: EngineInput;
  basedOn: string | null;
  recoupmentVersions: Record<string, number>;
}

/**
 * The exact engine input of a statement: its records, the account's catalog and split sets,
 * and the state the previous approved statement left (counters and recoupment balances), with
 * the calculation that state came from.
 */
export async function statementEngineInput(
  tx: Queryable,
  statementId: string,
): Promise<StatementEngineInput> {
  const terms = await statementEngineTerms(tx, statementId);
  const records = await readEngineRecords(tx, statementId, null, null);
  return { ...terms, input: { ...terms.input, records: [...records, ...terms.input.records] } };
}

/**
 * The statement's engine input but the records of its files: its records are only the royalty
 * lines and adjustments entered by hand. The files' records follow from their record tables
 * (recordTables.ts) or their rows (readEngineRecords), in file and row order, before these.
 */
export async function statementEngineTerms(
  tx: Queryable,
  statementId: string,
): Promise<StatementEngineInput> {
  const statement = await statementTerms(tx, statementId);

  const engineRecords: EngineRecord[] = [];
  const adjustments = await tx.query<{ id: string; code: string; units: string; amount: string }>(
    `select id, code, units::text as units, trim_scale(amount)::text as amount
       from statement_adjustments where statement_id = $1 order by created_at, id`,
    [statementId],
  );
  const catalogRows = await tx.query<{ code: string; product_id: string }>(
    `select pc.code, pc.product_id from product_codes pc join products p on p.id = pc.product_id
      where p.account_id = $1 order by pc.code`,
    [statement.account_id],
  );
  const setRows = await tx.query<{
    id: string;
    product_id: string | null;
    code: string | null;
    kind: SplitSet['kind'];
    start_date: string | null;
    priority: number;
    trigger: SplitSet['trigger'] | null;
    shares: SplitSet['shares'];
  }>(
    `select id, product_id, code, kind, to_char(start_date, 'YYYY-MM-DD') as start_date, priority, trigger, shares
       from split_sets where account_id = $1 order by product_id nulls first, position, id`,
    [statement.account_id],
  );

  // Royalty lines and adjustments entered by hand: allocated like sales, and may be negative.
  for (const adjustment of adjustments) {
    engineRecords.push({
      id: `adjustment:${adjustment.id}`,
      code: adjustment.code,
      kind: 'adjustment',
      units: Number(adjustment.units),
      revenue: adjustment.amount,
    });
  }
  const splitSets: SplitSet[] = setRows.map((row) => ({
    id: row.id,
    scope: row.code
      ? { code: row.code }
      : row.product_id
        ? { productId: row.product_id }
        : { default: true },
    kind: row.kind,
    startDate: row.start_date,
    priority: Number(row.priority),
    shares: row.shares,
    ...(row.trigger ? { trigger: row.trigger } : {}),
  }));
  const currency = statement.currency ?? 'USD';
  const carried = await carriedState(tx, statement.account_id, statementId, currency, splitSets);
  const recoupments = await engineRecoupments(tx, statement.account_id, currency, carried.state);
  const input: EngineInput = {
    currency,
    statement: {
      id: statementId,
      period: statement.period,
      distributorTakePct: statement.take_pct,
    },
    records: engineRecords,
    catalog: Object.fromEntries(
      catalogRows.map((row) => [row.code, { productId: row.product_id }]),
    ),
    splitSets: applicableSplitSets(splitSets, recoupments.recoupments),
    recoupments: recoupments.recoupments,
    state: { counters: carried.state.counters, recoupments: recoupments.state },
  };
  return {
    input,
    basedOn: carried.basedOn,
    recoupmentVersions: recoupments.versions,
  };
}
