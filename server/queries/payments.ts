import { epochSeconds } from '../../api/common';
import type {
  HoldReason,
  LedgerMove,
  Payment,
  PaymentDetail,
  PaymentFailure,
  PaymentHistoryEntry,
  PaymentList,
  PaymentListQuery,
  PaymentState,
  PaymentStatus,
  Transaction,
  TransactionDetail,
  TransactionList,
  TransactionListQuery,
  TransactionStatus,
} from '../../api/payments';
import {
  internalStateOf,
  nextPaymentSnapshot,
  paymentMachineStateOf,
  paymentMachineStates,
  PAYMENT_STATE_AFTER_EVENT,
  paymentSnapshotOf,
  statusOf,
} from '../../machines/paymentMachine';
import { allows } from '../auth/permissions';
import { seesAllAccounts, watchesOwnAccount } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import type { Queryable } from '../db/database';
import { returnedMoneyOf } from '../payments/returns';
import { bankFilesOfPayment } from '../payments/bankfile/paymentFiles';
import { pagedList, type Page } from './pagedList';
import { nameSeenBy } from './users';

/**
 * Who sees which payments: staff every account's, a label (and its warranter) its own account's,
 * a payee their own.
 * Only admins read the internal state and what a payment must still move (SPEC section 6).
 */
export interface PaymentScope {
  account: string | null;
  payee: string | null;
  internal: boolean;
  /** Admins and label owners cancel payments not yet with the bank (their label's, for owners). */
  cancels?: boolean;
}

/**
 * Whether the scope sees the payment partner's fees: the label pays them and staff audit them; a
 * payee (and anyone reading their own wallet) sees what they receive, never the label's fee.
 */
export const seesFees = (scope: PaymentScope): boolean => scope.payee === null;

/** The fee and amount + fee of a payment or transaction, for those who see fees. */
const feeFields = (row: { fee: string; total: string }, scope: PaymentScope) =>
  seesFees(scope) ? { fee: row.fee, total: row.total } : {};

export function paymentScope(user: SessionUser): PaymentScope {
  const internal = user.roles.includes('admin');
  const cancels =
    allows(user.permissions, 'payment:rw') &&
    (user.roles.includes('admin') || user.roles.includes('owner'));
  if (seesAllAccounts(user)) return { account: null, payee: null, internal, cancels };
  if (allows(user.permissions, 'payment:rw') || allows(user.permissions, 'transaction:rw')) {
    return { account: user.accountId, payee: null, internal, cancels };
  }
  if (watchesOwnAccount(user)) return { account: user.accountId, payee: null, internal, cancels };
  return { account: null, payee: user.id, internal, cancels: false };
}

/** The internal states behind each status everybody reads, from the payment machine. */
export function internalStatesOf(status: PaymentStatus): {
  states: PaymentState[];
  held: boolean[];
} {
  const states: PaymentState[] = [];
  const held: boolean[] = [];
  for (const machineState of paymentMachineStates) {
    const snapshot = paymentSnapshotOf(machineState);
    if (statusOf(snapshot) !== status) continue;
    states.push(internalStateOf(snapshot));
    held.push(machineState === 'held');
  }
  return { states, held };
}

/** `$1` the account or null, `$2` the payee or null. */
const VISIBLE = `($1::text is null or s.account_id = $1) and ($2::text is null or p.payee_id = $2)`;

/** The payee's name as the scope's account, `$1`, knows them (null: staff and the payee). */
const PAYEE_NAME = nameSeenBy('$1', 'u');

const PAYMENT_COLUMNS = `p.id, p.statement_id, s.title as statement_title, s.account_id,
  a.name as account_name, p.payee_id, ${PAYEE_NAME} as payee_name, p.origin,
  trim_scale(p.amount)::text as amount, trim_scale(p.fee)::text as fee,
  trim_scale(p.amount + p.fee)::text as total, p.currency, p.state, p.hold_reason, p.failure,
  p.retries, p.created_at, p.completed_at, p.partner_transfer_id,
  trim_scale(p.deduction)::text as deduction, p.role, p.contributing,
  trim_scale(p.wallet_balance)::text as wallet_balance`;

const PAYMENT_FROM = `payments p
  join statements s on s.id = p.statement_id
  join accounts a on a.id = s.account_id
  left join users u on u.id = p.payee_id`;

interface PaymentRow extends Record<string, unknown> {
  id: string;
  statement_id: string;
  statement_title: string;
  account_id: string;
  account_name: string;
  payee_id: string;
  payee_name: string;
  origin: Payment['origin'];
  amount: string;
  fee: string;
  total: string;
  currency: string;
  state: PaymentState;
  hold_reason: HoldReason | null;
  failure: PaymentFailure | string | null;
  retries: number;
  created_at: Date | string;
  completed_at: Date | string | null;
  partner_transfer_id: string | null;
  deduction: string | null;
  role: string | null;
  contributing: number | null;
  wallet_balance: string | null;
}

const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** What the payment must still move: nothing once completed, the fee once the payee is paid. */
function deltaOf(row: PaymentRow, status: PaymentStatus): string {
  if (status === 'completed') return '0';
  return row.state === 'REMUNERATE' ? row.fee : row.total;
}

function toPayment(row: PaymentRow, scope: PaymentScope): Payment {
  const snapshot = paymentSnapshotOf(paymentMachineStateOf(row.state, row.hold_reason));
  const status = statusOf(snapshot);
  return {
    id: row.id,
    statementId: row.statement_id,
    statementTitle: row.statement_title,
    accountId: row.account_id,
    accountName: row.account_name,
    payeeId: row.payee_id,
    payeeName: row.payee_name,
    origin: row.origin,
    amount: row.amount,
    ...feeFields(row, scope),
    currency: row.currency,
    status,
    holdReason: row.hold_reason,
    failure: row.failure === null ? null : json(row.failure),
    retries: Number(row.retries),
    createdAt: epochSeconds(row.created_at) ?? 0,
    completedAt: epochSeconds(row.completed_at),
    deduction: row.deduction,
    role: row.role,
    contributingCount: row.contributing === null ? null : Number(row.contributing),
    walletBalance: row.wallet_balance,
    ...(scope.internal ? { internalState: row.state, delta: deltaOf(row, status) } : {}),
  };
}

export async function listPayments(
  db: Queryable,
  scope: PaymentScope,
  query: PaymentListQuery & Page,
): Promise<PaymentList> {
  const wanted = query.status ? internalStatesOf(query.status) : null;
  return pagedList(
    db,
    {
      sql: `select ${PAYMENT_COLUMNS} from ${PAYMENT_FROM}
             where ${VISIBLE}
               and ($3::text[] is null or exists (
                     select 1 from unnest($3::text[], $4::boolean[]) as w(state, held)
                      where w.state = p.state and (w.state <> 'HOLD' or w.held = (p.hold_reason is not null))))
               and ($5::text is null or p.statement_id = $5)
               and ($6::text is null or p.payee_id = $6)
               and ($7 = '' or ${PAYEE_NAME} ilike '%' || $7 || '%' or s.title ilike '%' || $7 || '%')`,
      params: [
        scope.account,
        scope.payee,
        wanted?.states ?? null,
        wanted?.held ?? null,
        query.statement ?? null,
        query.payee ?? null,
        query.q ?? '',
      ],
      orderBy: 'created_at desc, id',
    },
    query,
    (row: PaymentRow) => toPayment(row, scope),
  );
}

const TRANSACTION_COLUMNS = `t.id, t.payment_id, p.statement_id, s.account_id, a.name as account_name,
  p.payee_id, ${PAYEE_NAME} as payee_name, trim_scale(t.amount)::text as amount,
  trim_scale(t.fee)::text as fee, trim_scale(t.amount + t.fee)::text as total, t.currency,
  t.status, t.passback, t.trace_id, t.bank_transfer_id, t.transferred_at, t.created_at`;

const TRANSACTION_FROM = `transactions t join ${PAYMENT_FROM} on p.id = t.payment_id`;

interface TransactionRow extends Record<string, unknown> {
  id: string;
  payment_id: string;
  statement_id: string;
  account_id: string;
  account_name: string;
  payee_id: string;
  payee_name: string;
  amount: string;
  fee: string;
  total: string;
  currency: string;
  status: TransactionStatus;
  passback: boolean;
  trace_id: string | null;
  bank_transfer_id: string | null;
  transferred_at: Date | string | null;
  created_at: Date | string;
}

function toTransaction(row: TransactionRow, scope: PaymentScope): Transaction {
  return {
    id: row.id,
    paymentId: row.payment_id,
    statementId: row.statement_id,
    accountId: row.account_id,
    accountName: row.account_name,
    payeeId: row.payee_id,
    payeeName: row.payee_name,
    amount: row.amount,
    ...feeFields(row, scope),
    currency: row.currency,
    status: row.status,
    passback: row.passback,
    traceId: row.trace_id,
    bankTransferId: row.bank_transfer_id,
    transferredAt: epochSeconds(row.transferred_at),
    createdAt: epochSeconds(row.created_at) ?? 0,
  };
}

function transactionSql(scope: PaymentScope, query: TransactionListQuery) {
  return {
    sql: `select ${TRANSACTION_COLUMNS} from ${TRANSACTION_FROM}
           where ${VISIBLE}
             and ($3::text is null or t.status = $3)
             and ($4::text is null or t.payment_id = $4)
             and ($5 = '' or ${PAYEE_NAME} ilike '%' || $5 || '%' or t.trace_id ilike '%' || $5 || '%')`,
    params: [
      scope.account,
      scope.payee,
      query.status ?? null,
      query.payment ?? null,
      query.q ?? '',
    ],
    orderBy: 'created_at desc, id',
  };
}

export function listTransactions(
  db: Queryable,
  scope: PaymentScope,
  query: TransactionListQuery & Page,
): Promise<TransactionList> {
  return pagedList(db, transactionSql(scope, query), query, (row: TransactionRow) =>
    toTransaction(row, scope),
  );
}

/** Every matching transaction, for the CSV download; a page would leave rows out. */
export async function allTransactions(
  db: Queryable,
  scope: PaymentScope,
  query: TransactionListQuery,
): Promise<Transaction[]> {
  const { sql, params, orderBy } = transactionSql(scope, query);
  const rows = await db.query<TransactionRow>(`${sql} order by ${orderBy}`, params);
  return rows.map((row) => toTransaction(row, scope));
}

interface HistoryEvent {
  seq: string;
  type: string;
  data: Record<string, unknown> | string;
  at: Date | string;
  actor: string | null;
  emulating_actor: string | null;
}

/**
 * Every event of a payment in log order: the statement's that prepared it, then its own stream's
 * (server/payments/payments.ts appends them).
 */
async function paymentEvents(db: Queryable, payment: { id: string; statementId: string }) {
  const rows = await db.query<HistoryEvent>(
    `select e.seq::text as seq, e.type, e.data, e.at, e.actor, e.emulating_actor from events e
      where (e.stream_id = $1 and e.type = 'PaymentsPrepared'
             and e.data -> 'payments' @> jsonb_build_array(jsonb_build_object('paymentId', $2::text)))
         or e.stream_id = $3
      order by e.seq`,
    [`statement-${payment.statementId}`, payment.id, `payment-${payment.id}`],
  );
  return rows.map((row) => ({ ...row, data: json(row.data) }));
}

/** What the event log says happened to a payment, step by step. */
async function historyOf(
  db: Queryable,
  payment: Payment,
  scope: PaymentScope,
): Promise<PaymentHistoryEntry[]> {
  const events = await paymentEvents(db, payment);
  return events.flatMap((event) => {
    const machineState = PAYMENT_STATE_AFTER_EVENT[event.type];
    if (!machineState) return [];
    const snapshot = paymentSnapshotOf(machineState);
    const data = event.data;
    return [
      {
        sequence: Number(event.seq),
        at: epochSeconds(event.at) ?? 0,
        status: statusOf(snapshot),
        ...(scope.internal ? { internalState: internalStateOf(snapshot) } : {}),
        actor: event.actor,
        emulatingActor: event.emulating_actor,
        failure: event.type === 'PaymentReturned' ? (data.failure as PaymentFailure) : null,
        holdReason: event.type === 'PaymentHeld' ? (data.reason as HoldReason) : null,
        ...(event.type === 'PaymentReturned' && typeof data.feeKept === 'string' && seesFees(scope)
          ? { feeKept: data.feeKept }
          : {}),
      },
    ];
  });
}

/** The transaction's status after each event of its payment's log that names it. */
const TRANSACTION_STATUS_AFTER: Record<string, TransactionStatus> = {
  PaymentsPrepared: 'PREPARE',
  PaymentRetried: 'PREPARE',
  PaymentTransferStarted: 'ACTIVE',
  PaymentTransferQueued: 'ACTIVE',
  PaymentTransferCreated: 'PENDING',
  PaymentSettled: 'PROCESSED',
  PaymentReturned: 'FAILED',
};

function namesTransaction(event: { type: string; data: Record<string, unknown> }, id: string) {
  if (event.type !== 'PaymentsPrepared') return event.data.transactionId === id;
  const payments = (event.data.payments ?? []) as { transactionId?: string }[];
  return payments.some((payment) => payment.transactionId === id);
}

/**
 * What a ledger transfer of a payment was, from its id (server/payments/payments.ts names them):
 * `payment:<id>` took it from the balance, then `:settled:`, `:fee:`, `:returned:`, `:retry:`.
 */
const MOVE_KIND: Record<string, LedgerMove['kind']> = {
  settled: 'settlement',
  fee: 'fee',
  returned: 'return',
  retry: 'payment',
};
const moveKind = (id: string): LedgerMove['kind'] => {
  if (id.startsWith('payout:')) return 'payout';
  // Withheld into, released from or charged to a reserve against returns (reserves/service.ts).
  if (id.startsWith('reserve-')) return 'reserve';
  return MOVE_KIND[id.split(':')[2] ?? ''] ?? 'payment';
};

export const LEDGER_MOVE_COLUMNS = `id, debit_account, credit_account,
  trim_scale(amount)::text as amount, currency, created_at, statement_id`;

export interface LedgerMoveRow {
  id: string;
  debit_account: string;
  credit_account: string;
  amount: string;
  currency: string;
  created_at: Date | string;
  statement_id: string | null;
}

export const toLedgerMove = (move: LedgerMoveRow): LedgerMove => ({
  id: move.id,
  kind: moveKind(move.id),
  from: move.debit_account,
  to: move.credit_account,
  amount: move.amount,
  currency: move.currency,
  at: epochSeconds(move.created_at) ?? 0,
  statementId: move.statement_id,
});

export async function readPayment(
  db: Queryable,
  scope: PaymentScope,
  id: string,
): Promise<PaymentDetail | null> {
  const rows = await db.query<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from ${PAYMENT_FROM} where ${VISIBLE} and p.id = $3`,
    [scope.account, scope.payee, id],
  );
  const row = rows[0];
  if (!row) return null;
  const payment = toPayment(row, scope);
  const transactions = await db.query<TransactionRow>(
    `select ${TRANSACTION_COLUMNS} from ${TRANSACTION_FROM}
      where t.payment_id = $2 order by t.created_at, t.id`,
    [scope.account, id],
  );
  const moves = await db.query<LedgerMoveRow>(
    `select ${LEDGER_MOVE_COLUMNS} from ledger_transfers where id = $1 or id like $2
      order by created_at,
               case split_part(id, ':', 3) when '' then 0 when 'fee' then 2 else 1 end, id`,
    [`payment:${id}`, `payment:${id}:%`],
  );
  return {
    ...payment,
    transactions: transactions.map((transaction) => toTransaction(transaction, scope)),
    // The payee's view has no fee: the label's fee transfers are the label's.
    transfers: moves.map(toLedgerMove).filter((move) => seesFees(scope) || move.kind !== 'fee'),
    history: await historyOf(db, payment, scope),
    ...(scope.internal ? { retryable: await isRetryable(db, row) } : {}),
    ...(scope.cancels ? { cancellable: isCancellable(row) } : {}),
    // The label's and admins': which of the label's bank files carried it (payees never).
    ...(scope.payee === null ? await bankFilesOfPayment(db, id) : {}),
  };
}

/**
 * Whether a cancel can run now: the partner holds the payment's transfer and the payment machine
 * takes a cancel in its state (payments.ts asks the partner, which refuses once the bank has it).
 */
function isCancellable(row: PaymentRow): boolean {
  if (!row.partner_transfer_id) return false;
  const snapshot = paymentSnapshotOf(paymentMachineStateOf(row.state, row.hold_reason));
  return nextPaymentSnapshot(snapshot, { type: 'transfer.cancelled' }) !== null;
}

/** Whether the payment machine takes an admin's retry now (payments.ts moves it the same way). */
async function isRetryable(db: Queryable, row: PaymentRow): Promise<boolean> {
  const snapshot = paymentSnapshotOf(paymentMachineStateOf(row.state, row.hold_reason));
  if (!snapshot.can({ type: 'payment.retry', facts: { covered: true } })) return false;
  const returned = await returnedMoneyOf(db, row, { lock: false });
  return (
    nextPaymentSnapshot(snapshot, {
      type: 'payment.retry',
      facts: { covered: returned?.covered ?? false },
    }) !== null
  );
}

export async function readTransaction(
  db: Queryable,
  scope: PaymentScope,
  id: string,
): Promise<TransactionDetail | null> {
  const rows = await db.query<TransactionRow>(
    `select ${TRANSACTION_COLUMNS} from ${TRANSACTION_FROM} where ${VISIBLE} and t.id = $3`,
    [scope.account, scope.payee, id],
  );
  const row = rows[0];
  if (!row) return null;
  const transaction = toTransaction(row, scope);
  const events = (
    await paymentEvents(db, { id: transaction.paymentId, statementId: transaction.statementId })
  ).filter((event) => TRANSACTION_STATUS_AFTER[event.type] && namesTransaction(event, id));
  return {
    ...transaction,
    history: events.map((event) => ({
      sequence: Number(event.seq),
      at: epochSeconds(event.at) ?? 0,
      status: TRANSACTION_STATUS_AFTER[event.type] ?? 'PREPARE',
      actor: event.actor,
      emulatingActor: event.emulating_actor,
      failure: event.type === 'PaymentReturned' ? (event.data.failure as PaymentFailure) : null,
      holdReason: null,
    })),
  };
}

/** Whether the payment is one `scope` sees, as the payment reads above decide. */
export async function paymentIsVisible(
  db: Queryable,
  scope: PaymentScope,
  id: string,
): Promise<boolean> {
  const rows = await db.query(
    `select 1 from payments p join statements s on s.id = p.statement_id
      where ${VISIBLE} and p.id = $3`,
    [scope.account, scope.payee, id],
  );
  return rows.length > 0;
}
