import { randomUUID } from 'node:crypto';
import type { BatchRun, HoldReason, PaymentState } from '../../api/payments';
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

/** A fee of nothing moves nothing: exact text, never a float. */
const isZero = (amount: string) => /^[+-]?0*(\.0*)?$/.test(amount);

export interface PaymentDeps {
  db: Database;
  partner: PaymentPartner;
  now: () => Date;
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
}

const PAYMENT = `select p.id, s.account_id, p.payee_id, trim_scale(p.amount)::text as amount,
    p.currency, p.state, p.hold_reason, p.retries, p.partner_transfer_id,
    (select t.id from transactions t where t.payment_id = p.id
      order by t.created_at desc, t.id desc limit 1) as transaction_id
  from payments p join statements s on s.id = p.statement_id`;

/** The payment, locked for the rest of the transaction: one mover at a time. */
async function lockPayment(tx: Queryable, id: string): Promise<PaymentRow | null> {
  const rows = await tx.query<PaymentRow>(`${PAYMENT} where p.id = $1 for update of p`, [id]);
  return rows[0] ?? null;
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
 * Asks the partner for the payment's transfer and records it. The idempotency key is the
 * payment and its attempt, so calling again after a crash answers the same transfer.
 */
async function sendToPartner(deps: PaymentDeps, paymentId: string): Promise<boolean> {
  const read = await deps.db.query<PaymentRow>(`${PAYMENT} where p.id = $1`, [paymentId]);
  const payment = read[0];
  if (!payment || payment.state !== 'TRANSFER') return false;
  const destination = await destinationOf(deps.db, payment.payee_id);
  if (!destination) return false;
  const transfer = await deps.partner.createTransfer(
    {
      idempotencyKey: `${payment.id}:${payment.retries}`,
      amount: payment.amount,
      currency: payment.currency,
      destination,
    },
    deps.now(),
  );
  return deps.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked) return false;
    // Queued (a bank file not yet submitted): the payment stays in TRANSFER, its transfer known.
    if (transfer.status === 'queued') {
      if (locked.partner_transfer_id === transfer.id) return false;
      return move(
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
    }
    return move(
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

/**
 * Applies what the partner says of a payment's transfer. Settled: the money left the label's
 * payments for the payee's bank, and the partner's fee is taken from the label's funds. Returned:
 * the money is kept for the failed payment, never in the payee's balance, so no later payment
 * pays it too. Anything the machine does not take in the payment's state (a second webhook, an
 * old one) changes nothing.
 */
export async function applyPartnerTransfer(
  deps: PaymentDeps,
  transfer: PartnerTransfer,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const found = await tx.query<{ id: string }>(
      'select id from payments where partner_transfer_id = $1',
      [transfer.id],
    );
    const payment = found[0] ? await lockPayment(tx, found[0].id) : null;
    if (!payment || payment.partner_transfer_id !== transfer.id) return false;
    const metadata = systemMetadata(deps.now());
    const moved = (from: string, to: string, amount: string, id: string): LedgerTransfer => ({
      transferId: id,
      from,
      to,
      amount,
      currency: payment.currency,
    });
    const transactionId = payment.transaction_id ?? '';
    if (transfer.status === 'pending') {
      // A queued transfer reached the bank (its bank file was submitted).
      return move(
        tx,
        payment,
        { type: 'transfer.created' },
        [
          {
            type: 'PaymentTransferCreated',
            data: { transactionId, partnerTransferId: transfer.id, traceId: transfer.traceId },
          },
        ],
        metadata,
      );
    }
    if (transfer.status === 'settled') {
      const completed = await move(
        tx,
        payment,
        { type: 'bank.settled' },
        [
          {
            type: 'PaymentSettled',
            data: {
              transactionId,
              transfers: [
                moved(
                  payoutsAccount(payment.account_id),
                  paidOutAccount(payment.account_id),
                  payment.amount,
                  `payment:${payment.id}:settled:${transfer.id}`,
                ),
              ],
            },
          },
          {
            type: 'PaymentFeePaid',
            data: {
              fee: transfer.fee,
              transfers: !isZero(transfer.fee)
                ? [
                    moved(
                      fundingAccount(payment.account_id),
                      partnerFeesAccount(payment.currency),
                      transfer.fee,
                      `payment:${payment.id}:fee:${transfer.id}`,
                    ),
                  ]
                : [],
            },
          },
        ],
        metadata,
      );
      if (completed) await sendStatementWhenPaid(tx, payment.id, metadata);
      return completed;
    }
    if (transfer.status === 'returned' || transfer.status === 'cancelled') {
      // Passback on (SPEC section 4): the money goes back to the payment source, the label's
      // funds; off: it is kept for this payee's failed payment, out of the balance that later
      // statements pay. Either way only this payment's retry takes it again.
      const backTo = (await transactionPassback(tx, transactionId))
        ? fundingAccount(payment.account_id)
        : returnedAccount(payment.account_id, payment.payee_id);
      return move(
        tx,
        payment,
        {
          type: 'bank.returned',
          failure: {
            code: transfer.returnCode ?? 'CANCELLED',
            message: transfer.returnMessage ?? 'Cancelled',
          },
        },
        [
          {
            type: 'PaymentReturned',
            data: {
              transactionId,
              failure: {
                code: transfer.returnCode ?? 'CANCELLED',
                message: transfer.returnMessage ?? 'Cancelled',
              },
              transfers: [
                moved(
                  payoutsAccount(payment.account_id),
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
    return false;
  });
}

/**
 * One run of the payment batch (SPEC: the batch period). Scheduled and held payments are looked
 * at again: held with the reason, or handed to the partner. Payments a crash left between the
 * partner's call and the commit are sent again with the same key. Transfers with the bank are
 * asked after, so a lost webhook never leaves a payment waiting.
 */
export async function runPaymentBatch(deps: PaymentDeps): Promise<BatchRun> {
  const run: BatchRun = { started: 0, held: 0, settled: 0, failed: 0 };
  const waiting = await deps.db.query<{ id: string }>(
    `select id from payments p where p.state = 'TRANSFER' or ${WAITING}
      order by created_at, id`,
  );
  const belowMinimum = await belowPaymentMinimum(deps.db);
  for (const { id } of waiting) {
    const started = await deps.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, id);
      if (!payment) return false;
      if (payment.state === 'TRANSFER') return true;
      // The rail's own reasons (bank files: a currency it cannot pay, the label's missing
      // details) say more than a bank account not yet verified, whose proof waits on them.
      const general = await holdReasonOf(tx, payment, belowMinimum);
      const reason =
        general === null || general === 'no-verified-bank-account'
          ? ((await deps.partner.holdReasonOf?.(tx, payment)) ?? general)
          : general;
      const metadata = systemMetadata(deps.now());
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
        return false;
      }
      return move(
        tx,
        payment,
        { type: 'batch.start', facts: { holdReason: null } },
        [
          {
            type: 'PaymentTransferStarted',
            data: { transactionId: payment.transaction_id ?? '' },
          },
        ],
        metadata,
      );
    });
    if (started && (await sendToPartner(deps, id))) run.started += 1;
  }
  await deps.partner.afterBatch?.(deps.now());
  const withBank = await deps.db.query<{ partner_transfer_id: string }>(
    `select partner_transfer_id from payments
      where state = 'HOLD' and hold_reason is null and partner_transfer_id is not null
      order by created_at, id`,
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
