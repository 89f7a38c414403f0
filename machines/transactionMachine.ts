import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import type { TransactionStatus } from '../api/payments';

/**
 * A transaction: the bank transfer that carries one payment (SPEC section 4, admin view).
 *
 *   PREPARE     new, written when the statement is approved
 *     transaction.activate -> ACTIVE (the batch takes its payment)
 *   ACTIVE      ready to start the transfer
 *     transaction.submit   -> PENDING (the partner accepted it; it has a trace id)
 *     transaction.fail     -> FAILED
 *   PENDING     with the bank
 *     transaction.settle   -> PROCESSED; transaction.fail -> FAILED (a bank return)
 *   PROCESSED   processed by the bank, final
 *   FAILED      returned; a retried payment gets a new transaction
 */
export type TransactionEvent =
  | { type: 'transaction.activate' }
  | { type: 'transaction.submit' }
  | { type: 'transaction.settle' }
  | { type: 'transaction.fail' };

export const transactionMachine = setup({
  types: { events: {} as TransactionEvent },
}).createMachine({
  id: 'transaction',
  initial: 'PREPARE',
  states: {
    PREPARE: { on: { 'transaction.activate': { target: 'ACTIVE' } } },
    ACTIVE: {
      on: {
        'transaction.submit': { target: 'PENDING' },
        'transaction.fail': { target: 'FAILED' },
      },
    },
    PENDING: {
      on: {
        'transaction.settle': { target: 'PROCESSED' },
        'transaction.fail': { target: 'FAILED' },
      },
    },
    PROCESSED: { type: 'final' },
    FAILED: { type: 'final' },
  },
});

export type TransactionSnapshot = SnapshotFrom<typeof transactionMachine>;

/** The status after the event, or null when the event is not legal in this status. */
export function nextTransactionStatus(
  status: TransactionStatus,
  event: TransactionEvent,
): TransactionStatus | null {
  const snapshot = transactionMachine.resolveState({ value: status, context: {} });
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(transactionMachine, snapshot, event).value;
}
