import { createHash, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  CANCELLED,
  type BatchRun,
  type HoldReason,
  type PaymentFailure,
  type PaymentState,
} from '../../api/payments';
import {
  nextPaymentSnapshot,
  paymentMachineStateOf,
  paymentSnapshotOf,
  type PaymentEvent,
  type PaymentSnapshot,
} from '../../machines/paymentMachine';
import type { Database, Queryable } from '../db/database';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata, PaymentStreamEvent } from '../events/types';
import {
  fundingAccount,
  paidOutAccount,
  partnerFeesAccount,
  payoutsAccount,
  returnedAccount,
} from '../ledger/accounts';
import type { LedgerTransfer } from '../events/readModels/ledgerTransfers';
import { transition } from '../statements/pipeline';
import type { PartnerTransfer, PaymentPartner } from './partner';
import { belowPaymentMinimum, holdReasonOf, WAITING } from './holds';
import { returnedMoneyOf, returnTransferId } from './returns';
import { passbackOf } from './settings';
import { releaseDueReserves } from '../reserves/service';
import type { PaymentRail } from '../../rules/paymentRails';

/** A fee of nothing moves nothing: exact text, never a float. */
const isZero = (amount: string) => /^[+-]?0*(\.0*)?$/.test(amount);

export interface PaymentDeps {
  db: Database;
  partner: PaymentPartner;
  now: () => Date;
  /** How money leaves the portal: a payment its rail cannot pay is held, with the reason. */
  rail: PaymentRail;
}

interface PaymentRow {
  id: string;
  account_id: string;
  payee_id: string;
  amount: string;
  currency: string;
  state: PaymentState;
  hold_reason: HoldReason | null;
  retries: number;
  partner_transfer_id: string | null;
  transaction_id: string | null;
  /** What the partner charges for the payment's transfer, once settled (0 before). */
  fee: string;
  /** The idempotency key of the partner transfer the payment goes out in. */
  transfer_key: string;
}

/** A payment's transfer key: the one the batch gave it, or its own for one started before. */
const TRANSFER_KEY = `coalesce(p.transfer_key, p.id || ':' || p.retries)`;

const PAYMENT = `select p.id, s.account_id, p.payee_id, trim_scale(p.amount)::text as amount,
    p.currency, p.state, p.hold_reason, p.retries, p.partner_transfer_id,
    trim_scale(p.fee)::text as fee, ${TRANSFER_KEY} as transfer_key,
    (select t.id from transactions t where t.payment_id = p.id
      order by t.created_at desc, t.id desc limit 1) as transaction_id
  from payments p join statements s on s.id = p.statement_id`;

/** The payment, locked for the rest of the transaction: one mover at a time. */
async function lockPayment(tx: Queryable, id: string): Promise<PaymentRow | null> {
  const rows = await tx.query<PaymentRow>(`${PAYMENT} where p.id = $1 for update of p`, [id]);
  return rows[0] ?? null;
}

/** Payments locked in the order of their ids, so two movers of the same ones never deadlock. */
async function lockPayments(tx: Queryable, ids: readonly string[]): Promise<PaymentRow[]> {
  const locked: PaymentRow[] = [];
  for (const id of [...ids].sort()) {
    const payment = await lockPayment(tx, id);
    if (payment) locked.push(payment);
  }
  return locked;
}

/**
 * The idempotency key of the transfer that pays `payments` (one payee's, in one currency, of one
 * label): a payment alone keeps its id and attempt; several released together go out as one
 * transfer whose key is made of their sorted ids and attempts.
 */
export function transferKeyOf(payments: readonly { id: string; retries: number }[]): string {
  const attempts = payments.map((payment) => `${payment.id}:${payment.retries}`).sort();
  if (attempts.length === 1) return attempts[0] ?? '';
  return `together:${createHash('sha256').update(attempts.join(',')).digest('hex')}`;
}

const snapshotOf = (payment: PaymentRow): PaymentSnapshot =>
  paymentSnapshotOf(paymentMachineStateOf(payment.state, payment.hold_reason));

/** Appends the payment's events when the machine takes `event` in its current state. */
async function move(
  tx: Queryable,
  payment: PaymentRow,
  event: PaymentEvent,
  events: PaymentStreamEvent[],
  metadata: EventMetadata,
): Promise<boolean> {
  if (!nextPaymentSnapshot(snapshotOf(payment), event)) return false;
  const stream = `payment-${payment.id}`;
  await appendToStream(tx, stream, await streamVersion(tx, stream), events, metadata);
  return true;
}

/** The system moves payments: no person is the actor of a batch or of the partner's answer. */
const systemMetadata = (now: Date): EventMetadata => ({
  actor: null,
  emulatingActor: null,
  at: now,
});

/**
 * Ready -> Sent: once every payment of the statement is completed or held by a rule its label can
 * see. The statement row is locked first, so two payments finishing at once cannot both miss it.
 */
async function sendStatementWhenPaid(tx: Queryable, paymentId: string, metadata: EventMetadata) {
  const owner = await tx.query<{ statement_id: string }>(
    'select statement_id from payments where id = $1',
    [paymentId],
  );
  const statementId = owner[0]?.statement_id;
  if (!statementId) return;
  const locked = await tx.query<{ state: string }>(
    'select state from statements where id = $1 for update',
    [statementId],
  );
  if (locked[0]?.state !== 'ready') return;
  const open = await tx.query<{ open: string }>(
    `select count(*)::text as open from payments
      where statement_id = $1
        and not (state = 'COMPLETED' or (state = 'HOLD' and hold_reason is not null))`,
    [statementId],
  );
  if (Number(open[0]?.open ?? 1) > 0) return;
  await transition(tx, statementId, { type: 'payments.sent' }, metadata);
}

/** Where the partner sends the payee's money: their verified bank account at the partner. */
async function destinationOf(tx: Queryable, payeeId: string): Promise<string | null> {
  const rows = await tx.query<{ funding_source_id: string }>(
    `select funding_source_id from payee_payment_methods
      where payee_id = $1 and verified_at is not null`,
    [payeeId],
  );
  return rows[0]?.funding_source_id ?? null;
}

/**
 * Asks the partner for the transfer of the payments started under `key` and records it. The
 * idempotency key is the payments' key, fixed when the batch started them, so calling again after
 * a crash answers the same transfer for the same sum. Answers how many payments it recorded.
 */
async function sendToPartner(deps: PaymentDeps, key: string): Promise<number> {
  const payments = await deps.db.query<PaymentRow>(
    `${PAYMENT} where p.state = 'TRANSFER' and ${TRANSFER_KEY} = $1 order by p.id`,
    [key],
  );
  const first = payments[0];
  if (!first) return 0;
  const destination = await destinationOf(deps.db, first.payee_id);
  if (!destination) return 0;
  const transfer = await deps.partner.createTransfer(
    {
      idempotencyKey: key,
      amount: Decimal.sum(...payments.map((payment) => payment.amount)).toFixed(),
      currency: first.currency,
      destination,
    },
    deps.now(),
  );
  return deps.db.transaction(async (tx) => {
    let recorded = 0;
    for (const locked of await lockPayments(
      tx,
      payments.map((payment) => payment.id),
    )) {
      if (locked.transfer_key !== key) continue;
      // Queued (a bank file not yet submitted): the payment stays in TRANSFER, its transfer known.
      if (transfer.status === 'queued') {
        if (locked.partner_transfer_id === transfer.id) continue;
        const queued = await move(
          tx,
          locked,
          { type: 'transfer.queued' },
          [
            {
              type: 'PaymentTransferQueued',
              data: { transactionId: locked.transaction_id ?? '', partnerTransferId: transfer.id },
            },
          ],
          systemMetadata(deps.now()),
        );
        if (queued) recorded += 1;
        continue;
      }
      const moved = await move(
        tx,
        locked,
        { type: 'transfer.created' },
        [
          {
            type: 'PaymentTransferCreated',
            data: {
              transactionId: locked.transaction_id ?? '',
              partnerTransferId: transfer.id,
              traceId: transfer.traceId,
            },
          },
        ],
        systemMetadata(deps.now()),
      );
      if (moved) recorded += 1;
    }
    return recorded;
  });
}

/** The passback mode the transaction was created with. */
async function transactionPassback(tx: Queryable, transactionId: string): Promise<boolean> {
  const rows = await tx.query<{ passback: boolean }>(
    'select passback from transactions where id = $1',
    [transactionId],
  );
  return rows[0]?.passback ?? false;
}

/** A ledger transfer of the payment's money, in its currency. */
const moveOf = (
  payment: PaymentRow,
  from: string,
  to: string,
  amount: string,
  transferId: string,
): LedgerTransfer => ({ transferId, from, to, amount, currency: payment.currency });

/** The partner's fee for the payment's transfer, taken from the label's funds. */
function feeEvent(payment: PaymentRow, fee: string): PaymentStreamEvent {
  return {
    type: 'PaymentFeePaid',
    data: {
      fee,
      transfers: isZero(fee)
        ? []
        : [
            moveOf(
              payment,
              fundingAccount(payment.account_id),
              partnerFeesAccount(payment.currency),
              fee,
              `payment:${payment.id}:fee:${payment.partner_transfer_id ?? ''}`,
            ),
          ],
    },
  };
}

/**
 * REMUNERATE -> COMPLETED: the fee the settlement left due is transferred to the partner. The
 * payment is locked and must still be waiting on its fee, so this runs once however often it is
 * asked.
 */
async function payFee(tx: Queryable, payment: PaymentRow, metadata: EventMetadata) {
  const paid = await move(
    tx,
    payment,
    { type: 'fee.settled' },
    [feeEvent(payment, payment.fee)],
    metadata,
  );
  if (paid) await sendStatementWhenPaid(tx, payment.id, metadata);
  return paid;
}

/**
 * The fee transfers settlements left due: each payment waiting in REMUNERATE completes. The batch
 * and the partner's tick run it first, so a settlement they apply is seen in REMUNERATE until the
 * next run, and a crash between settlement and fee leaves it there for the next run to finish.
 */
export async function payFeesDue(deps: PaymentDeps): Promise<number> {
  const due = await deps.db.query<{ id: string }>(
    `select id from payments where state = 'REMUNERATE' order by created_at, id`,
  );
  let paid = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, id);
      return payment ? payFee(tx, payment, systemMetadata(deps.now())) : false;
    });
    if (done) paid += 1;
  }
  return paid;
}

/**
 * Settled: the money left the label's payments for the payee's bank (REMUNERATE); the fee waits
 * for the next batch, unless there is none to pay.
 */
async function settle(
  tx: Queryable,
  payment: PaymentRow,
  transfer: PartnerTransfer,
  fee: string,
  metadata: EventMetadata,
) {
  const transactionId = payment.transaction_id ?? '';
  const settled: PaymentStreamEvent = {
    type: 'PaymentSettled',
    data: {
      transactionId,
      fee,
      transfers: [
        moveOf(
          payment,
          payoutsAccount(payment.account_id),
          paidOutAccount(payment.account_id),
          payment.amount,
          `payment:${payment.id}:settled:${transfer.id}`,
        ),
      ],
    },
  };
  const events = isZero(fee) ? [settled, feeEvent(payment, '0')] : [settled];
  const moved = await move(tx, payment, { type: 'bank.settled' }, events, metadata);
  if (moved && isZero(fee)) await sendStatementWhenPaid(tx, payment.id, metadata);
  return moved;
}

/**
 * Returned or cancelled: the money goes back per the transaction's passback mode (SPEC section
 * 4): on, to the payment source, the label's funds; off, it is kept for this payee's failed
 * payment, out of the balance that later statements pay. Either way only this payment's retry
 * takes it again. A return that comes after settlement takes the money back from what was paid
 * out; a fee still due is paid first, and the fee stays paid: the partner made the transfer.
 */
async function giveBack(
  tx: Queryable,
  locked: PaymentRow,
  transfer: PartnerTransfer,
  metadata: EventMetadata,
) {
  const cancelled = transfer.status === 'cancelled';
  const failure: PaymentFailure = cancelled
    ? { code: CANCELLED, message: 'Cancelled' }
    : { code: transfer.returnCode ?? 'RETURNED', message: transfer.returnMessage ?? 'Returned' };
  let payment = locked;
  if (!cancelled && payment.state === 'REMUNERATE') {
    if (!(await payFee(tx, payment, metadata))) return false;
    payment = (await lockPayment(tx, payment.id)) ?? payment;
  }
  const afterSettlement = payment.state === 'COMPLETED';
  const transactionId = payment.transaction_id ?? '';
  const backTo = (await transactionPassback(tx, transactionId))
    ? fundingAccount(payment.account_id)
    : returnedAccount(payment.account_id, payment.payee_id);
  return move(
    tx,
    payment,
    cancelled ? { type: 'transfer.cancelled' } : { type: 'bank.returned', failure },
    [
      {
        type: 'PaymentReturned',
        data: {
          transactionId,
          failure,
          ...(afterSettlement ? { afterSettlement: true, feeKept: payment.fee } : {}),
          transfers: [
            moveOf(
              payment,
              afterSettlement
                ? paidOutAccount(payment.account_id)
                : payoutsAccount(payment.account_id),
              backTo,
              payment.amount,
              returnTransferId(payment.id, transfer.id),
            ),
          ],
        },
      },
    ],
    metadata,
  );
}

/**
 * Applies what the partner says of a transfer to every payment it carries (one, or a payee's
 * payments released together). Settled: each is paid, and the partner's one fee is charged on the
 * first of them (by id), nothing on the others. Returned or cancelled: each gets its money back.
 * Anything the machine does not take in a payment's state (a second webhook, an old one) changes
 * nothing. `metadata` names who asked (a cancel); the partner's answers are the system's.
 */
export async function applyPartnerTransfer(
  deps: PaymentDeps,
  transfer: PartnerTransfer,
  metadata: EventMetadata = systemMetadata(deps.now()),
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const found = await tx.query<{ id: string }>(
      'select id from payments where partner_transfer_id = $1',
      [transfer.id],
    );
    const payments = (
      await lockPayments(
        tx,
        found.map((row) => row.id),
      )
    ).filter((payment) => payment.partner_transfer_id === transfer.id);
    let applied = false;
    for (const [index, payment] of payments.entries()) {
      if (transfer.status === 'pending') {
        // A queued transfer reached the bank (its bank file was submitted).
        const created = await move(
          tx,
          payment,
          { type: 'transfer.created' },
          [
            {
              type: 'PaymentTransferCreated',
              data: {
                transactionId: payment.transaction_id ?? '',
                partnerTransferId: transfer.id,
                traceId: transfer.traceId,
              },
            },
          ],
          metadata,
        );
        if (created) applied = true;
      } else if (transfer.status === 'settled') {
        const fee = index === 0 ? transfer.fee : '0';
        if (await settle(tx, payment, transfer, fee, metadata)) applied = true;
      } else if (transfer.status === 'returned' || transfer.status === 'cancelled') {
        if (await giveBack(tx, payment, transfer, metadata)) applied = true;
      }
    }
    return applied;
  });
}

/** What became of a cancel: done, refused by the payment's state, or the bank has it already. */
export type CancelOutcome = 'cancelled' | 'not-cancellable' | 'with-the-bank';

/** Whether the payment machine takes a cancel in the payment's state (before asking the partner). */
export const cancellable = (payment: { state: PaymentState; hold_reason: HoldReason | null }) =>
  nextPaymentSnapshot(
    paymentSnapshotOf(paymentMachineStateOf(payment.state, payment.hold_reason)),
    { type: 'transfer.cancelled' },
  ) !== null;

/**
 * The label or an admin cancels a payment whose transfer has not reached the bank: the partner is
 * asked to cancel it, and its answer decides. Cancelled: the payment fails with the reason
 * "cancelled" and its money goes back as for a return (every payment of a transfer released
 * together goes back with it). The bank has it already (settled, returned, or a bank file sent):
 * nothing is cancelled, and what the partner says is applied. A double click or two people
 * cancel once: the second finds the payment failed.
 */
export async function cancelPayment(
  deps: PaymentDeps,
  paymentId: string,
  metadata: EventMetadata,
): Promise<CancelOutcome> {
  const rows = await deps.db.query<PaymentRow>(`${PAYMENT} where p.id = $1`, [paymentId]);
  const payment = rows[0];
  if (!payment?.partner_transfer_id || !cancellable(payment)) return 'not-cancellable';
  const transfer = await deps.partner.cancelTransfer(payment.partner_transfer_id, deps.now());
  if (!transfer) return 'not-cancellable';
  if (transfer.status !== 'cancelled') {
    if (transfer.status !== 'pending') await applyPartnerTransfer(deps, transfer);
    return 'with-the-bank';
  }
  return (await applyPartnerTransfer(deps, transfer, metadata)) ? 'cancelled' : 'not-cancellable';
}

/** A waiting payment, and whose transfer it would go out in. */
interface WaitingPayment {
  id: string;
  account_id: string;
  payee_id: string;
  currency: string;
}

/**
 * Starts one payee's waiting payments of one label and currency: each is held with its reason,
 * or started, and those started together share one transfer key, written with them in one
 * commit, so a crash cannot split them.
 */
async function startPayments(
  deps: PaymentDeps,
  ids: readonly string[],
  belowMinimum: ReadonlySet<string>,
  run: BatchRun,
) {
  await deps.db.transaction(async (tx) => {
    const starting: PaymentRow[] = [];
    const metadata = systemMetadata(deps.now());
    for (const payment of await lockPayments(tx, ids)) {
      const waiting =
        payment.state === 'NONE' || (payment.state === 'HOLD' && payment.hold_reason !== null);
      if (!waiting) continue;
      // The rail's own reasons (bank files: the label's missing details) say more than a bank
      // account not yet verified, whose proof waits on them.
      const general = await holdReasonOf(tx, payment, belowMinimum, deps.rail, metadata.at);
      const reason =
        general === null || general === 'no-verified-bank-account'
          ? ((await deps.partner.holdReasonOf?.(tx, payment)) ?? general)
          : general;
      if (reason) {
        // Held again for the same reason is not news: the log keeps changes only.
        if (payment.state !== 'HOLD' || payment.hold_reason !== reason) {
          await move(
            tx,
            payment,
            { type: 'batch.start', facts: { holdReason: reason } },
            [{ type: 'PaymentHeld', data: { reason } }],
            metadata,
          );
          await sendStatementWhenPaid(tx, payment.id, metadata);
        }
        run.held += 1;
        continue;
      }
      starting.push(payment);
    }
    const transferKey = transferKeyOf(starting);
    for (const payment of starting) {
      await move(
        tx,
        payment,
        { type: 'batch.start', facts: { holdReason: null } },
        [
          {
            type: 'PaymentTransferStarted',
            data: { transactionId: payment.transaction_id ?? '', transferKey },
          },
        ],
        metadata,
      );
    }
  });
}

/**
 * One run of the payment batch (SPEC: the batch period). Fees the last settlements left due are
 * paid first. Scheduled and held payments are looked at again: held with the reason, or handed to
 * the partner, a payee's payments of one label and currency together as one transfer with one
 * fee. Payments a crash left between the partner's call and the commit are sent again with the
 * same key. Transfers with the bank are asked after, so a lost webhook never leaves a payment
 * waiting.
 */
export async function runPaymentBatch(deps: PaymentDeps): Promise<BatchRun> {
  const run: BatchRun = { started: 0, held: 0, settled: 0, failed: 0 };
  // Reserves due are back in the payees' balances before anything is paid.
  await releaseDueReserves(deps.db, deps.now());
  await payFeesDue(deps);
  const waiting = await deps.db.query<WaitingPayment>(
    `select p.id, s.account_id, p.payee_id, p.currency
       from payments p join statements s on s.id = p.statement_id
      where ${WAITING} order by p.created_at, p.id`,
  );
  const belowMinimum = await belowPaymentMinimum(deps.db);
  const together = new Map<string, string[]>();
  for (const payment of waiting) {
    const key = `${payment.account_id}:${payment.payee_id}:${payment.currency}`;
    together.set(key, [...(together.get(key) ?? []), payment.id]);
  }
  for (const ids of together.values()) await startPayments(deps, ids, belowMinimum, run);
  const started = await deps.db.query<{ transfer_key: string }>(
    `select ${TRANSFER_KEY} as transfer_key from payments p where p.state = 'TRANSFER'
      group by 1 order by min(p.created_at), 1`,
  );
  for (const { transfer_key: key } of started) run.started += await sendToPartner(deps, key);
  await deps.partner.afterBatch?.(deps.now());
  const withBank = await deps.db.query<{ partner_transfer_id: string }>(
    `select partner_transfer_id from payments
      where state = 'HOLD' and hold_reason is null and partner_transfer_id is not null
      group by partner_transfer_id order by min(created_at), partner_transfer_id`,
  );
  for (const { partner_transfer_id: transferId } of withBank) {
    const transfer = await deps.partner.getTransfer(transferId);
    if (!transfer || !(await applyPartnerTransfer(deps, transfer))) continue;
    if (transfer.status === 'settled') run.settled += 1;
    else run.failed += 1;
  }
  return run;
}

const retryEvent = (covered: boolean): PaymentEvent => ({
  type: 'payment.retry',
  facts: { covered },
});

/** What became of an admin's retry: done, or why not. */
export type RetryOutcome = 'retried' | 'not-failed' | 'not-covered';

/**
 * An admin clears a failed payment and tries again: the amount is taken back from where the
 * return put it (kept for the payment, or the label's funds when the failed transaction had
 * passback on) and the payment waits for the next batch with a new transaction, which takes the
 * label's passback mode of now. The payment row and the account the money comes from are locked,
 * so a double click or two admins retry once, and a retry never moves more than that account
 * holds (a return from before returned money was kept apart put it in the balance, which a later
 * payment may have paid).
 */
export async function retryPayment(
  tx: Queryable,
  paymentId: string,
  metadata: EventMetadata,
): Promise<RetryOutcome> {
  const payment = await lockPayment(tx, paymentId);
  if (!payment || !nextPaymentSnapshot(snapshotOf(payment), retryEvent(true))) return 'not-failed';
  const returned = await returnedMoneyOf(tx, payment, { lock: true });
  if (!returned) return 'not-covered';
  const retried = await move(
    tx,
    payment,
    retryEvent(returned.covered),
    [
      {
        type: 'PaymentRetried',
        data: {
          transactionId: randomUUID(),
          passback: await passbackOf(tx, payment.account_id),
          transfers: [
            {
              transferId: `payment:${payment.id}:retry:${payment.retries + 1}`,
              from: returned.account,
              to: payoutsAccount(payment.account_id),
              amount: payment.amount,
              currency: payment.currency,
            },
          ],
        },
      },
    ],
    metadata,
  );
  return retried ? 'retried' : 'not-covered';
}
