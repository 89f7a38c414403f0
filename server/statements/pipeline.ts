import {
  nextSnapshot,
  snapshotOf,
  statusOfState,
  type StatementEvent,
  type StatementFacts,
  type StatementSnapshot,
} from '../../machines/statementMachine';
import type { Queryable } from '../db/database';
import { ConflictError, NotFoundError } from '../errors';
import { appendAfterCheck } from '../events/store';
import type { EventMetadata, PortalEvent, StatementFlags } from '../events/types';
import { translator } from '../i18n';
import type { LedgerTransfer } from '../events/readModels/ledgerTransfers';
import { enqueueJob } from '../jobs/queue';
import { fundingAccount, labelBankAccount } from '../ledger/accounts';
import { rematchTitleKeys } from './titleKeys';
import { confirmTotalEvents } from './totalChecks';

const NO_FLAGS: StatementFlags = { forced: false, expedited: false, cashless: false };

interface StatementRow {
  state: string;
  flags: StatementFlags | string;
  version: number;
}

/** The numbers the machine's guards read, taken fresh from the database. */
export async function statementFacts(tx: Queryable, statementId: string): Promise<StatementFacts> {
  const rows = await tx.query<{
    errors: string;
    empty_files: string;
    held: boolean;
    missing: string;
    rejected: boolean;
    cashless: boolean;
    funds_match: boolean;
  }>(
    `select
       (select coalesce(sum(f.errors), 0) from statement_files f where f.statement_id = s.id)::text as errors,
       -- A file read whole that holds no sales row (a header alone) needs a look, not funds.
       (select count(*) from statement_files f
         where f.statement_id = s.id and f.status = 'read' and f.records = 0 and f.errors = 0)::text as empty_files,
       -- A total held for the label's confirmation (server/statements/totalChecks.ts).
       (s.total_hold is not null) as held,
       (select count(*) from statement_codes sc where sc.statement_id = s.id and not exists (
          select 1 from product_codes pc join products p on p.id = pc.product_id
           where pc.code = sc.code and p.account_id = s.account_id))::text as missing,
       exists (select 1 from statement_files f where f.statement_id = s.id and f.status = 'rejected') as rejected,
       coalesce((s.flags ->> 'cashless')::boolean, false) as cashless,
       (s.received is not null and s.received > 0 and (s.expected is null or s.received >= s.expected)) as funds_match
     from statements s where s.id = $1`,
    [statementId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError();
  return {
    problems:
      Number(row.errors) + Number(row.empty_files) + Number(row.missing) + (row.held ? 1 : 0),
    rejected: row.rejected,
    cashless: row.cashless,
    fundsMatch: row.funds_match,
  };
}

/** SPEC section 8: what a statement in Needs Attention or Failed is refused with. */
export const ISSUE_TO_RESOLVE =
  'A statement has an issue to resolve before splits can be calculated.';

const english = translator('en');

/** "This statement’s status is Waiting for Funds": the status as the statement pages name it. */
export function statementStatusText(state: string): string {
  const status = statusOfState[state] ?? state;
  const name = english(`statements.status.${status}`, { defaultValue: status });
  return `This statement’s status is ${name}`;
}

/** What a statement in Needs Attention or Failed cannot do until its issue is resolved. */
const BLOCKED_BY_AN_ISSUE: ReadonlySet<StatementEvent['type']> = new Set([
  'funds.receive',
  'statement.force',
  'statement.expedite',
  'statement.calculate',
  'statement.recalculate',
  'statement.approve',
]);

const verbs: Partial<Record<StatementEvent['type'], string>> = {
  'statement.resolve': 'released for processing',
  'statement.retry': 'retried',
  'funds.receive': 'funded',
  'statement.force': 'forced',
  'statement.expedite': 'expedited',
  'statement.calculate': 'calculated',
  'statement.approve': 'approved',
  'statement.recalculate': 'recalculated',
  'statement.cancel': 'cancelled',
  'statement.delete': 'deleted',
  'statement.reset': 'reset',
};

/**
 * Asks the statement machine whether `event` is legal in the statement's state; appends the
 * transition (and any events that go with it) or refuses with 409 and changes nothing.
 */
export async function transition(
  tx: Queryable,
  statementId: string,
  event: StatementEvent,
  metadata: EventMetadata,
  withEvents: PortalEvent[] = [],
): Promise<StatementSnapshot> {
  const rows = await tx.query<StatementRow>(
    'select state, flags, version from statements where id = $1',
    [statementId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError();
  const flags =
    typeof row.flags === 'string' ? (JSON.parse(row.flags) as StatementFlags) : row.flags;
  const before = snapshotOf(row.state, flags);
  const after = nextSnapshot(before, event);
  if (!after) {
    if (before.hasTag('problem') && BLOCKED_BY_AN_ISSUE.has(event.type))
      throw new ConflictError(ISSUE_TO_RESOLVE);
    throw new ConflictError(
      `${statementStatusText(row.state)}: it cannot be ${verbs[event.type] ?? 'changed'} now.`,
    );
  }
  await appendAfterCheck(
    tx,
    `statement-${statementId}`,
    Number(row.version),
    [
      ...withEvents,
      {
        type: 'StatementTransitioned',
        data: {
          event: event.type,
          facts: 'facts' in event ? event.facts : null,
          from: String(before.value),
          to: String(after.value),
          flags: { ...after.context },
        },
      },
    ],
    metadata,
  );
  return after;
}

/** Once a statement is readable and every code known, its funds decide where it waits. */
async function checkFunds(tx: Queryable, statementId: string, metadata: EventMetadata) {
  const facts = await statementFacts(tx, statementId);
  await transition(tx, statementId, { type: 'funds.check', facts }, metadata);
}

/** After its files were read: failed, needs attention, or on to the funds check. */
export async function statementRead(tx: Queryable, statementId: string, metadata: EventMetadata) {
  const facts = await statementFacts(tx, statementId);
  const after = await transition(tx, statementId, { type: 'statement.read', facts }, metadata);
  if (after.value === 'pending') await checkFunds(tx, statementId, metadata);
}

/** What a catalog change touched: the product whose codes now count, and whether its title did. */
export interface CatalogChange {
  productId: string;
  /** A new product or a new title may be the one a statement names its records by. */
  titleChanged: boolean;
}

/**
 * A catalog change may have configured the last unknown code of waiting statements, or given a
 * product the title a statement names its records by. Only the account's waiting statements that
 * hold one of the product's codes, or (after a title change) records keyed by title, are read
 * again: a label with many waiting statements pays for the ones the change can release.
 */
export async function resolveStatements(
  tx: Queryable,
  accountId: string,
  change: CatalogChange,
  metadata: EventMetadata,
) {
  const waiting = await tx.query<{ id: string }>(
    `select s.id from statements s
      where s.account_id = $1 and s.state = 'needsAttention'
        and (exists (select 1 from statement_codes sc
                      join product_codes pc on pc.code = sc.code and pc.product_id = $2
                     where sc.statement_id = s.id)
             or ($3 and exists (select 1 from statement_codes sc
                                 where sc.statement_id = s.id and sc.kind = 'title')))
      order by s.received_at`,
    [accountId, change.productId, change.titleChanged],
  );
  for (const { id } of waiting) {
    await rematchTitleKeys(tx, id);
    const facts = await statementFacts(tx, id);
    if (facts.problems > 0 || facts.rejected) continue;
    await transition(tx, id, { type: 'statement.resolve', facts }, metadata);
    await checkFunds(tx, id, metadata);
  }
}

/**
 * The label confirms the total its statement was held on (the figure and who confirmed it stay
 * in the log); the statement goes on to its funds when nothing else needs attention.
 */
export async function confirmTotal(tx: Queryable, statementId: string, metadata: EventMetadata) {
  const events = await confirmTotalEvents(tx, statementId);
  const rows = await tx.query<{ version: number }>('select version from statements where id = $1', [
    statementId,
  ]);
  await appendAfterCheck(
    tx,
    `statement-${statementId}`,
    Number(rows[0]?.version),
    events,
    metadata,
  );
  const facts = await statementFacts(tx, statementId);
  if (facts.problems > 0 || facts.rejected) return;
  await transition(tx, statementId, { type: 'statement.resolve', facts }, metadata);
  await checkFunds(tx, statementId, metadata);
}

/** The ledger transfer of the funds recorded by the statement's event of `version`. */
export const fundsTransferId = (statementId: string, version: number) =>
  `funds:${statementId}:${version}`;

/**
 * Records an incoming amount; the statement is funded when it covers the expected one. The amount
 * moves from the label's bank into its funding, in the statement's currency, exact: each call
 * posts what it adds, so a correction posts the difference and never the whole again. A
 * `requestId` already recorded for the statement (a second click of one form) records nothing.
 */
export async function receiveFunds(
  tx: Queryable,
  statementId: string,
  amount: string,
  metadata: EventMetadata,
  requestId?: string,
) {
  if (requestId !== undefined) {
    const seen = await tx.query(
      `select 1 from events where stream_id = $1 and type = 'FundsReceived'
          and data ->> 'requestId' = $2`,
      [`statement-${statementId}`, requestId],
    );
    if (seen.length > 0) return;
  }
  const rows = await tx.query<{
    state: string;
    total: string;
    version: number;
    account_id: string;
    currency: string | null;
  }>(
    `select state, trim_scale(coalesce(received, 0) + $2::numeric)::text as total, version,
            account_id, currency
       from statements where id = $1`,
    [statementId, amount],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError();
  if (row.state !== 'awaitingFunds') {
    if (snapshotOf(row.state, NO_FLAGS).hasTag('problem'))
      throw new ConflictError(ISSUE_TO_RESOLVE);
    throw new ConflictError(`${statementStatusText(row.state)}: it is not waiting for funds.`);
  }
  const version = Number(row.version);
  const transfer: LedgerTransfer = {
    transferId: fundsTransferId(statementId, version + 1),
    from: labelBankAccount(row.account_id),
    to: fundingAccount(row.account_id),
    amount,
    // The statement's currency as its payments will take it (statements/payments.ts).
    currency: row.currency ?? 'USD',
  };
  await appendAfterCheck(
    tx,
    `statement-${statementId}`,
    version,
    [
      {
        type: 'FundsReceived',
        data: {
          amount,
          total: row.total,
          transfers: [transfer],
          ...(requestId === undefined ? {} : { requestId }),
        },
      },
    ],
    metadata,
  );
  const facts = await statementFacts(tx, statementId);
  if (facts.fundsMatch || facts.cashless) {
    await transition(tx, statementId, { type: 'funds.receive', facts }, metadata);
  }
}

/** Queues the calculation: the job runs the engine and asks for approval. */
export async function requestCalculation(
  tx: Queryable,
  statementId: string,
  event: 'statement.calculate' | 'statement.recalculate',
  metadata: EventMetadata,
) {
  await transition(tx, statementId, { type: event }, metadata);
  await enqueueJob(tx, 'statement.calculate', { statementId }, metadata.at);
}
