import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  internalStateOf,
  nextPaymentSnapshot,
  paymentMachine,
  paymentMachineStates,
  paymentSnapshotOf,
  statusOf,
  type PaymentEvent,
} from '../../machines/paymentMachine';

const R01 = { code: 'R01', message: 'Insufficient Funds' };
const EVENTS: PaymentEvent[] = [
  { type: 'batch.start', facts: { holdReason: null } },
  { type: 'batch.start', facts: { holdReason: 'no-verified-bank-account' } },
  { type: 'transfer.created' },
  { type: 'transfer.failed', failure: R01 },
  { type: 'bank.settled' },
  { type: 'bank.returned', failure: R01 },
  { type: 'fee.settled' },
  { type: 'transfer.cancelled' },
  { type: 'payment.retry', facts: { covered: true } },
  { type: 'payment.retry', facts: { covered: false } },
];

describe('payment machine', () => {
  it('reaches every state, each with an internal state and a status', () => {
    const paths = getShortestPaths(paymentMachine, { events: EVENTS });
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual([...paymentMachineStates].sort());
    for (const state of paymentMachineStates) {
      const snapshot = paymentSnapshotOf(state);
      expect(internalStateOf(snapshot)).toMatch(
        /^(NONE|TRANSFER|HOLD|REMUNERATE|COMPLETED|FAILED)$/,
      );
      expect(statusOf(snapshot)).toMatch(/^(scheduled|held|processing|completed|failed)$/);
    }
  });

  it('holds a payment with a reason and lets it move once nothing holds it', () => {
    const held = nextPaymentSnapshot(paymentSnapshotOf('scheduled'), EVENTS[1]!);
    expect(held && internalStateOf(held)).toBe('HOLD');
    expect(held && statusOf(held)).toBe('held');
    const moving = held && nextPaymentSnapshot(held, EVENTS[0]!);
    expect(moving && internalStateOf(moving)).toBe('TRANSFER');
  });

  it('refuses what the state does not allow: no second transfer, no retry of a completed one', () => {
    expect(
      nextPaymentSnapshot(paymentSnapshotOf('withBank'), { type: 'transfer.created' }),
    ).toBeNull();
    expect(
      nextPaymentSnapshot(paymentSnapshotOf('completed'), {
        type: 'payment.retry',
        facts: { covered: true },
      }),
    ).toBeNull();
    expect(
      nextPaymentSnapshot(paymentSnapshotOf('scheduled'), { type: 'bank.settled' }),
    ).toBeNull();
  });

  it('goes from a bank return to failed, and an admin retry schedules it again', () => {
    const failed = nextPaymentSnapshot(paymentSnapshotOf('withBank'), EVENTS[5]!);
    expect(failed && internalStateOf(failed)).toBe('FAILED');
    const retried =
      failed && nextPaymentSnapshot(failed, { type: 'payment.retry', facts: { covered: true } });
    expect(retried && internalStateOf(retried)).toBe('NONE');
  });

  it('refuses a retry that the returned money no longer covers: it stays failed', () => {
    const failed = paymentSnapshotOf('failed');
    expect(
      nextPaymentSnapshot(failed, { type: 'payment.retry', facts: { covered: false } }),
    ).toBeNull();
    expect(failed.can({ type: 'payment.retry', facts: { covered: false } })).toBe(false);
  });

  it('stays in REMUNERATE once settled, until the fee is transferred', () => {
    const settled = nextPaymentSnapshot(paymentSnapshotOf('withBank'), { type: 'bank.settled' });
    expect(settled && internalStateOf(settled)).toBe('REMUNERATE');
    expect(settled && statusOf(settled)).toBe('processing');
    // A second settlement of the same transfer moves nothing; only the fee completes it.
    expect(settled && nextPaymentSnapshot(settled, { type: 'bank.settled' })).toBeNull();
    const completed = settled && nextPaymentSnapshot(settled, { type: 'fee.settled' });
    expect(completed && internalStateOf(completed)).toBe('COMPLETED');
    expect(completed && nextPaymentSnapshot(completed, { type: 'fee.settled' })).toBeNull();
  });

  it('fails a completed payment the bank returns late, and lets an admin retry it', () => {
    const returned = nextPaymentSnapshot(paymentSnapshotOf('completed'), EVENTS[5]!);
    expect(returned && internalStateOf(returned)).toBe('FAILED');
    expect(returned && statusOf(returned)).toBe('failed');
    const retried =
      returned &&
      nextPaymentSnapshot(returned, { type: 'payment.retry', facts: { covered: true } });
    expect(retried && internalStateOf(retried)).toBe('NONE');
  });

  it('cancels a transfer not yet with the bank, and refuses once the bank settled it', () => {
    for (const state of ['transferring', 'withBank'] as const) {
      const cancelled = nextPaymentSnapshot(paymentSnapshotOf(state), {
        type: 'transfer.cancelled',
      });
      expect(cancelled && internalStateOf(cancelled)).toBe('FAILED');
    }
    for (const state of ['scheduled', 'held', 'remunerating', 'completed', 'failed'] as const) {
      expect(
        nextPaymentSnapshot(paymentSnapshotOf(state), { type: 'transfer.cancelled' }),
        state,
      ).toBeNull();
    }
  });
});
