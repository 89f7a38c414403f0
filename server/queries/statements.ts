import { epochSeconds } from '../../api/common';
import type {
  AdjustmentList,
  CommandDone,
  MissingCodeList,
  PayeeTotalList,
  Statement,
  StatementHistory,
  StatementList,
  StatementListQuery,
  StatementRecordList,
  StatementRowErrorList,
} from '../../api/statements';
import { possibleEvents, snapshotOf, statusOfState, stepOf } from '../../machines/statementMachine';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import type { FormatKind } from '../../rules/records';
import type { Queryable } from '../db/database';
import { NotFoundError } from '../errors';
import { readAllEvents } from '../events/store';
import type { StatementFlags } from '../events/types';
import { statementCurrencySql } from '../events/readModels/statementCurrency';
import { DEFAULT_PAGE_SIZE, pagedList, type Page } from './pagedList';
import { nameSeenBy } from './users';

/** The status names a statement can show, in the machine's order of states. */
export const statementStatuses = [...new Set(Object.values(statusOfState))];

/** NUMERIC text without the zeros its scale pads it with. */
export const trimDecimal = (value: string) =>
  value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;

/** The one account a user is limited to, or null when they see every account. */
const visibleAccount = (user: SessionUser) => (seesAllAccounts(user) ? null : user.accountId);

/**
 * Whether `user` may see the statement, deleted or not. With `lock` the row stays locked until
 * the caller's transaction ends, so a command sees no other command's change meanwhile.
 */
export async function statementIsVisible(
  db: Queryable,
  user: SessionUser,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `select id from statements where id = $1 and ($2::text is null or account_id = $2)${lock ? ' for update' : ''}`,
    [id, visibleAccount(user)],
  );
  return rows.length > 0;
}

interface StatementRow extends Record<string, unknown> {
  id: string;
  title: string;
  distributor_id: string;
  distributor_name: string;
  account_id: string;
  account_name: string;
  period: string;
  status: string;
  received_at: Date | string;
  expected: string | null;
  files: Statement['files'] | string;
  records: string;
  errors: string;
  missing_codes: string;
  total_hold: Statement['totalHold'] | string;
  revenue: string;
  currency: string | null;
  flags: StatementFlags | string;
  received: string | null;
  statement_date: string | null;
  calculation_id: string | null;
  exchange: Statement['exchange'] | string | null;
  uploaded_by: string | null;
  uploader_name: string | null;
  intake_key_name: string | null;
}

/** A partner's intake, or the person who uploaded the statement (null when unknown). */
function originOf(row: StatementRow): Statement['origin'] {
  if (row.intake_key_name !== null) return { kind: 'intake', keyName: row.intake_key_name };
  return {
    kind: 'upload',
    uploadedBy:
      row.uploaded_by !== null && row.uploader_name !== null
        ? { id: row.uploaded_by, name: row.uploader_name }
        : null,
  };
}

/** The codes of a statement the account's catalog does not know. */
const missingCodesOf = (statement: string) => `
  select sc.* from statement_codes sc
   where sc.statement_id = ${statement}.id and not exists (
     select 1 from product_codes pc join products p on p.id = pc.product_id
      where pc.code = sc.code and p.account_id = ${statement}.account_id)`;

/** The statements `user` may see; `$1` is the visible account or null for all, `$2` an id or null. */
const VISIBLE_STATEMENTS = `
  with listed as (
    select s.*, d.name as distributor_name, a.name as account_name,
      (select coalesce(sum(f.records), 0) from statement_files f where f.statement_id = s.id) as records,
      (select coalesce(sum(f.errors), 0) from statement_files f where f.statement_id = s.id) as errors,
      (select count(*) from (${missingCodesOf('s')}) missing) as missing_codes
    from statements s join distributors d on d.id = s.distributor_id
      join accounts a on a.id = s.account_id
    where ($1::text is null or s.account_id = $1) and ($2::text is null or s.id = $2)
  ), described as (
    select l.*, l.state as status from listed l
  )
  select d.id, d.title, d.distributor_id, d.distributor_name, d.account_id, d.account_name, d.period, d.status, d.received_at,
         d.flags, d.received::text as received, to_char(d.statement_date, 'YYYY-MM-DD') as statement_date,
         d.calculation_id, d.exchange, d.uploaded_by, d.intake_key_name,
         (select u.fullname from users u where u.id = d.uploaded_by) as uploader_name,
         d.expected::text as expected, d.records::text as records, d.errors::text as errors,
         d.missing_codes::text as missing_codes, d.total_hold,
         (select coalesce(trim_scale(sum(sc.revenue)), 0)::text from statement_codes sc
           where sc.statement_id = d.id) as revenue,
         ${statementCurrencySql('d.id')} as currency,
         (select coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'status', f.status,
                  'error', f.error, 'records', f.records, 'errors', f.errors,
                  'nonSalesRows', coalesce(jsonb_array_length(f.summary -> 'nonSalesRows'), 0))
                  order by f.name, f.id), '[]')
            from statement_files f where f.statement_id = d.id) as files
    from described d`;

const parsed = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

function toStatement(row: StatementRow): Statement {
  const flags = parsed(row.flags);
  const snapshot = snapshotOf(row.status, flags);
  return {
    id: row.id,
    title: row.title,
    distributor: { id: row.distributor_id, name: row.distributor_name },
    account: { id: row.account_id, name: row.account_name },
    period: row.period,
    origin: originOf(row),
    status: statusOfState[row.status] ?? row.status,
    state: row.status,
    step: stepOf(snapshot),
    flags,
    next: possibleEvents(snapshot, {
      problems: 0,
      rejected: false,
      cashless: flags.cashless,
      fundsMatch: true,
    }),
    receivedFunds: row.received === null ? null : trimDecimal(row.received),
    statementDate: row.statement_date,
    calculationId: row.calculation_id,
    receivedAt: epochSeconds(row.received_at) ?? 0,
    expected: row.expected === null ? null : trimDecimal(row.expected),
    files: parsed(row.files),
    records: Number(row.records),
    errors: Number(row.errors),
    missingCodes: Number(row.missing_codes),
    totalHold: row.total_hold === null ? null : parsed(row.total_hold),
    revenue: row.revenue,
    currency: row.currency,
    exchange: row.exchange === null ? null : parsed(row.exchange),
  };
}

/** Inside a command's transaction: the statement the caller may see, locked until it ends. */
export async function lockVisibleStatement(tx: Queryable, user: SessionUser, id: string) {
  if (!(await statementIsVisible(tx, user, id, { lock: true }))) throw new NotFoundError();
}

/** A page of the statements `user` may see, newest first; deleted ones are left out. */
export function listStatements(
  db: Queryable,
  user: SessionUser,
  query: StatementListQuery,
): Promise<StatementList> {
  const { status } = query;
  const states = status
    ? Object.keys(statusOfState).filter((state) => statusOfState[state] === status)
    : null;
  return pagedList(
    db,
    {
      sql: `select * from (${VISIBLE_STATEMENTS}) all_statements
        where ($3::text[] is null or status = any($3::text[])) and status <> 'deleted'
          and ($4 = '' or title ilike '%' || $4 || '%')`,
      params: [visibleAccount(user), null, states, query.q ?? ''],
      orderBy: 'received_at desc, id',
    },
    query,
    toStatement,
  );
}

/** The statement, deleted or not, or null when it does not exist or `user` may not see it. */
export async function findStatement(
  db: Queryable,
  user: SessionUser,
  id: string,
): Promise<Statement | null> {
  const rows = await db.query<StatementRow>(VISIBLE_STATEMENTS, [visibleAccount(user), id]);
  return rows[0] ? toStatement(rows[0]) : null;
}

/** The state and status of a statement just acted on; a statement gone reads as deleted. */
export async function statementStatusOf(db: Queryable, id: string): Promise<CommandDone> {
  const rows = await db.query<{ state: string }>('select state from statements where id = $1', [
    id,
  ]);
  const state = rows[0]?.state ?? 'deleted';
  return { id, status: statusOfState[state] ?? state, state };
}

/** The row errors of a statement's files, in file and row order. */
export function listRowErrors(
  db: Queryable,
  statementId: string,
  page: Page,
): Promise<StatementRowErrorList> {
  return pagedList(
    db,
    {
      sql: `select f.name, e.row, e.field, e.message
              from statement_row_errors e join statement_files f on f.id = e.file_id
             where e.statement_id = $1`,
      params: [statementId],
      orderBy: 'matching.name, matching.row, matching.field',
    },
    page,
    (row: { name: string; row: number; field: string; message: string }) => ({
      fileName: row.name,
      row: Number(row.row),
      field: row.field,
      message: row.message,
    }),
  );
}

/** The codes of a statement no product of its account has yet, the largest revenue first. */
export function listMissingCodes(
  db: Queryable,
  statementId: string,
  page: Page,
): Promise<MissingCodeList> {
  return pagedList(
    db,
    {
      sql: `select m.code, m.kind, m.rows, trim_scale(m.revenue)::text as revenue, m.revenue as exact_revenue
              from statements s cross join lateral (${missingCodesOf('s')}) m
             where s.id = $1`,
      params: [statementId],
      orderBy: 'matching.exact_revenue desc, matching.code',
    },
    page,
    (row: { code: string; kind: string; rows: number; revenue: string }) => ({
      code: row.code,
      kind: row.kind,
      rows: Number(row.rows),
      revenue: row.revenue,
    }),
  );
}

interface RecordRow {
  name: string;
  row: number;
  code: string;
  kind: string;
  title: string;
  artist: string;
  service: string;
  format: string;
  format_kind: FormatKind;
  territory: string | null;
  units: string;
  revenue: string;
  date: string | null;
  currency: string | null;
}

/**
 * A page of a statement's records in file and row order. The total is what its files counted
 * when they were read, not a count of the rows.
 */
export async function listRecords(
  db: Queryable,
  statementId: string,
  { limit = DEFAULT_PAGE_SIZE, offset = 0 }: Page,
): Promise<StatementRecordList> {
  const rows = await db.query<RecordRow>(
    `select f.name, r.row, r.code, r.kind, r.title, r.artist, r.service, r.format_raw as format,
            r.format as format_kind, r.territory,
            r.units::text as units, trim_scale(r.revenue)::text as revenue,
            to_char(r.date, 'YYYY-MM-DD') as date, r.currency
       from statement_records r join statement_files f on f.id = r.file_id
      where r.statement_id = $1 and f.status = 'read' order by f.name, r.row limit $2 offset $3`,
    [statementId, limit, offset],
  );
  // A cancelled or deleted statement's records were dropped with it: none are left to page through.
  const counted = await db.query<{ records: string }>(
    `select case when exists (select 1 from statement_record_partitions
                               where statement_id = $1 and dropped_at is not null) then '0'
                 else coalesce(sum(records), 0)::text end as records
       from statement_files where statement_id = $1`,
    [statementId],
  );
  return {
    items: rows.map(({ name, format_kind, ...row }) => ({
      ...row,
      formatKind: format_kind,
      fileName: name,
      row: Number(row.row),
    })),
    total: Number(counted[0]?.records ?? 0),
  };
}

/** The royalty lines and adjustments entered by hand, oldest first. */
export async function listAdjustments(db: Queryable, statementId: string): Promise<AdjustmentList> {
  const rows = await db.query<{
    id: string;
    code: string;
    units: string;
    amount: string;
    description: string;
    created_at: Date | string;
  }>(
    `select id, code, units::text as units, trim_scale(amount)::text as amount, description, created_at
       from statement_adjustments where statement_id = $1 order by created_at, id`,
    [statementId],
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      code: row.code,
      units: row.units,
      amount: row.amount,
      description: row.description,
      createdAt: epochSeconds(row.created_at) ?? 0,
    })),
    total: rows.length,
  };
}

/** The statement's history, event by event, with the machine state after each. */
export async function statementHistory(
  db: Queryable,
  statementId: string,
): Promise<StatementHistory> {
  const events = await readAllEvents(db, '0', 100_000, `statement-${statementId}`);
  const actors = [...new Set(events.flatMap((event) => (event.actor ? [event.actor] : [])))];
  const names = new Map(
    (
      await db.query<{ id: string; fullname: string }>(
        'select id, fullname from users where id = any($1::text[])',
        [actors],
      )
    ).map((user) => [user.id, user.fullname]),
  );
  let state = 'syncing';
  return {
    items: events.map((event) => {
      if (event.type === 'StatementTransitioned') state = event.data.to;
      return {
        version: event.streamVersion,
        type: event.type,
        data: event.data,
        actor: event.actor,
        actorName: event.actor ? (names.get(event.actor) ?? null) : null,
        emulatingActor: event.emulatingActor,
        at: Math.floor(event.at.getTime() / 1000),
        state,
      };
    }),
    total: events.length,
  };
}

/** Where the current result's engine input and output are kept, or null before a calculation. */
export async function findCalculationBlobs(
  db: Queryable,
  statementId: string,
): Promise<{ id: string; backend: string; inputSha256: string; outputSha256: string } | null> {
  const rows = await db.query<{
    id: string;
    backend: string;
    input_sha256: string;
    output_sha256: string;
  }>(
    `select c.id, c.backend, c.input_sha256, c.output_sha256 from statements s
       join calculations c on c.id = s.calculation_id where s.id = $1`,
    [statementId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    backend: row.backend,
    inputSha256: row.input_sha256,
    outputSha256: row.output_sha256,
  };
}

/**
 * Each payee's totals in the current result, by payee id, named as account `viewer` knows them
 * (null: staff, every name).
 */
export async function listPayeeTotals(
  db: Queryable,
  statementId: string,
  viewer: string | null,
): Promise<PayeeTotalList> {
  const rows = await db.query<{
    payee_id: string;
    fullname: string | null;
    earned: string;
    recouped: string;
    credited: string;
    payout: string;
  }>(
    `select p.payee_id, ${nameSeenBy('$2', 'u')} as fullname, trim_scale(p.earned)::text as earned,
            trim_scale(p.recouped)::text as recouped, trim_scale(p.credited)::text as credited,
            trim_scale(p.payout)::text as payout
       from statements s join statement_payees p on p.calculation_id = s.calculation_id
       left join users u on u.id = p.payee_id
      where s.id = $1 order by p.payee_id`,
    [statementId, viewer],
  );
  return {
    items: rows.map((row) => ({
      payeeId: row.payee_id,
      fullname: row.fullname ?? '',
      earned: row.earned,
      recouped: row.recouped,
      credited: row.credited,
      payout: row.payout,
    })),
    total: rows.length,
  };
}
