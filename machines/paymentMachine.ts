import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import {
  paymentStates,
  paymentStatuses,
  type HoldReason,
  type PaymentFailure,
  type PaymentState,
  type PaymentStatus,
} from '../api/payments';

/**
 * The life of one payment, from an approved statement to the payee's bank. One machine, used by
 * the server to decide every move (the batch, the partner's webhooks, an admin's retry) and by
 * the browser to show and replay it. Internal state names (SPEC section 4) in brackets:
 *
 *   scheduled [NONE]        waiting on the batch period
 *     batch.start        -> held when a rule holds it (no verified bank account, a balance under
 *                           the payment minimum, a business not certified), else transferring
 *   held [HOLD]             an internal hold, with its reason; every batch looks again
 *     batch.start        -> transferring once nothing holds it; held again otherwise
 *   transferring [TRANSFER] the partner is asked for the bank transfer (idempotency key: the id)
 *     transfer.queued    -> transferring: the transfer waits in a bank file not yet submitted
 *     transfer.created   -> withBank; transfer.failed -> failed
 *   withBank [HOLD]         waiting on the bank's confirmation
 *     bank.settled       -> remunerating; bank.returned (R01, R03...) -> failed
 *   remunerating [REMUNERATE] the fee transfer to the payment partner
 *     fee.settled        -> completed
 *   completed [COMPLETED]   final
 *   failed [FAILED]         the returned money is kept for this payment; no later payment pays it
 *     payment.retry      -> scheduled when what the return kept still holds the whole amount (an
 *                           admin clears the failure and tries again); refused otherwise
 */

export interface PaymentHoldFacts {
  /** Why the payment cannot move now, or null when nothing holds it. */
  holdReason: HoldReason | null;
}

export interface PaymentRetryFacts {
  /**
   * Whether the money the bank's return put back is still there, whole, for this payment to take
   * again: a retry never moves more than that holds.
   */
  covered: boolean;
}

export type PaymentEvent =
  | { type: 'batch.start'; facts: PaymentHoldFacts }
  | { type: 'transfer.queued' }
  | { type: 'transfer.created' }
  | { type: 'transfer.failed'; failure: PaymentFailure }
  | { type: 'bank.settled' }
  | { type: 'bank.returned'; failure: PaymentFailure }
  | { type: 'fee.settled' }
  | { type: 'payment.retry'; facts: PaymentRetryFacts };

const isHeld = ({ event }: { event: PaymentEvent }) =>
  event.type === 'batch.start' && event.facts.holdReason !== null;

const isCovered = ({ event }: { event: PaymentEvent }) =>
  event.type === 'payment.retry' && event.facts.covered;

export const paymentMachine = setup({
  types: { events: {} as PaymentEvent },
  guards: { held: isHeld, covered: isCovered },
}).createMachine({
  id: 'payment',
  initial: 'scheduled',
  states: {
    scheduled: {
      tags: ['internal:NONE', 'status:scheduled'],
      on: {
        'batch.start': [{ guard: 'held', target: 'held' }, { target: 'transferring' }],
      },
    },
    held: {
      tags: ['internal:HOLD', 'status:held'],
      on: {
        'batch.start': [
          { guard: 'held', target: 'held', reenter: true },
          { target: 'transferring' },
        ],
      },
    },
    transferring: {
      tags: ['internal:TRANSFER', 'status:processing', 'busy'],
      on: {
        'transfer.queued': { target: 'transferring' },
        'transfer.created': { target: 'withBank' },
        'transfer.failed': { target: 'failed' },
      },
    },
    withBank: {
      tags: ['internal:HOLD', 'status:processing', 'busy'],
      on: {
        'bank.settled': { target: 'remunerating' },
        'bank.returned': { target: 'failed' },
      },
    },
    remunerating: {
      tags: ['internal:REMUNERATE', 'status:processing', 'busy'],
      on: { 'fee.settled': { target: 'completed' } },
    },
    completed: { tags: ['internal:COMPLETED', 'status:completed'], type: 'final' },
    failed: {
      tags: ['internal:FAILED', 'status:failed', 'problem'],
      on: { 'payment.retry': { guard: 'covered', target: 'scheduled' } },
    },
  },
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;
export const paymentMachineStates = [
  'scheduled',
  'held',
  'transferring',
  'withBank',
  'remunerating',
  'completed',
  'failed',
] as const;
export type PaymentMachineState = (typeof paymentMachineStates)[number];

/**
 * The state a payment is recorded in after each event of its log (the stored event types of
 * server/events/types.ts): what the payments list and the payment's history both show.
 */
export const PAYMENT_STATE_AFTER_EVENT: Readonly<Record<string, PaymentMachineState>> = {
  PaymentsPrepared: 'scheduled',
  PaymentHeld: 'held',
  PaymentTransferStarted: 'transferring',
  PaymentTransferQueued: 'transferring',
  PaymentTransferCreated: 'withBank',
  PaymentSettled: 'remunerating',
  PaymentFeePaid: 'completed',
  PaymentReturned: 'failed',
  PaymentRetried: 'scheduled',
};

/** The snapshot of a payment in a known state, as the server keeps it. */
export function paymentSnapshotOf(state: PaymentMachineState): PaymentSnapshot {
  return paymentMachine.resolveState({ value: state, context: {} });
}

/** The next snapshot, or null when the event is not legal in this state. */
export function nextPaymentSnapshot(
  snapshot: PaymentSnapshot,
  event: PaymentEvent,
): PaymentSnapshot | null {
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(paymentMachine, snapshot, event);
}

/** SPEC section 4's internal state of a snapshot (admins only). */
export function internalStateOf(snapshot: PaymentSnapshot): PaymentState {
  const found = paymentStates.find((state) => snapshot.hasTag(`internal:${state}`));
  if (!found) throw new Error(`Payment state without an internal state: ${String(snapshot.value)}`);
  return found;
}

/** The status everybody reads. */
export function statusOf(snapshot: PaymentSnapshot): PaymentStatus {
  const found = paymentStatuses.find((status) => snapshot.hasTag(`status:${status}`));
  if (!found) throw new Error(`Payment state without a status: ${String(snapshot.value)}`);
  return found;
}

/**
 * The machine state of a payment as the database keeps it: its internal state, and whether a
 * rule holds it (HOLD is both an internal hold and waiting on the bank).
 */
export function paymentMachineStateOf(
  state: PaymentState,
  holdReason: HoldReason | null,
): PaymentMachineState {
  switch (state) {
    case 'NONE':
      return 'scheduled';
    case 'TRANSFER':
      return 'transferring';
    case 'HOLD':
      return holdReason ? 'held' : 'withBank';
    case 'REMUNERATE':
      return 'remunerating';
    case 'COMPLETED':
      return 'completed';
    case 'FAILED':
      return 'failed';
  }
}
