// A payment's history replayed through the shared payment machine: each state change, when,
// and by whom.
import type { TFunction } from 'i18next';
import type { HistoryEvent } from '../../api/history';
import { paymentStatuses, type HoldReason, type PaymentFailure } from '../../api/payments';
import {
  internalStateOf,
  nextPaymentSnapshot,
  PAYMENT_STATE_AFTER_EVENT,
  paymentSnapshotOf,
  statusOf,
  type PaymentEvent,
  type PaymentSnapshot,
} from '../../machines/paymentMachine';
import { holdReasonLabel, paymentStatusLabel } from '../payments/labels';
import { money, text, type ChangeRow, type DescribedHistory, type HistoryStep } from './steps';

const TITLE_KEYS: Record<string, string> = {
  PaymentsPrepared: 'replay.payment.prepared',
  PaymentHeld: 'replay.payment.held',
  PaymentTransferStarted: 'replay.payment.transfer-started',
  PaymentTransferQueued: 'replay.payment.transfer-queued',
  PaymentTransferCreated: 'replay.payment.transfer-created',
  PaymentSettled: 'replay.payment.settled',
  PaymentFeePaid: 'replay.payment.fee-paid',
  PaymentReturned: 'replay.payment.returned',
  PaymentRetried: 'replay.payment.retried',
};

/** The machine event a stored event stands for. */
function machineEventOf(event: HistoryEvent, state: PaymentSnapshot | null): PaymentEvent | null {
  const failure = event.data.failure as PaymentFailure;
  switch (event.type) {
    case 'PaymentHeld':
      return { type: 'batch.start', facts: { holdReason: event.data.reason as HoldReason } };
    case 'PaymentTransferStarted':
      return { type: 'batch.start', facts: { holdReason: null } };
    case 'PaymentTransferQueued':
      return { type: 'transfer.queued' };
    case 'PaymentTransferCreated':
      return { type: 'transfer.created' };
    case 'PaymentSettled':
      return { type: 'bank.settled' };
    case 'PaymentFeePaid':
      return { type: 'fee.settled' };
    case 'PaymentReturned':
      return state?.value === 'transferring'
        ? { type: 'transfer.failed', failure }
        : { type: 'bank.returned', failure };
    case 'PaymentRetried':
      // A logged retry was taken: the returned money covered it then.
      return { type: 'payment.retry', facts: { covered: true } };
    default:
      return null;
  }
}

export function paymentHistory(
  t: TFunction,
  events: readonly HistoryEvent[],
  currency: string,
): DescribedHistory {
  let snapshot: PaymentSnapshot | null = null;
  const steps = events.flatMap((event): HistoryStep[] => {
    const recorded = PAYMENT_STATE_AFTER_EVENT[event.type];
    if (!recorded) return [];
    const machineEvent = machineEventOf(event, snapshot);
    // The first event starts the machine; one it refuses takes the state the server recorded.
    const next = snapshot && machineEvent ? nextPaymentSnapshot(snapshot, machineEvent) : null;
    snapshot = next ?? paymentSnapshotOf(recorded);
    const changes: ChangeRow[] = [];
    if (event.type === 'PaymentsPrepared') {
      const line = ((event.data.payments ?? []) as { amount?: string }[])[0];
      if (line?.amount)
        changes.push({
          field: t('replay.payment.amount'),
          before: null,
          after: money(line.amount, currency),
        });
    }
    if (event.type === 'PaymentHeld')
      changes.push({
        field: t('replay.payment.hold-reason'),
        before: null,
        after: text(holdReasonLabel(t, String(event.data.reason))),
      });
    if (event.type === 'PaymentReturned') {
      const failure = event.data.failure as PaymentFailure | undefined;
      changes.push({
        field: t('replay.payment.failure'),
        before: null,
        after: text(failure ? `${failure.code} ${failure.message}` : null),
      });
    }
    const internalState = internalStateOf(snapshot);
    return [
      {
        event,
        title: t(TITLE_KEYS[event.type] ?? 'replay.viewer.other-change'),
        category: statusOf(snapshot),
        changes,
        standing: {
          label: t('replay.payment.status-after'),
          value: text(paymentStatusLabel(t, statusOf(snapshot))),
        },
        debugNote: `${String(snapshot.value)} · ${internalState}${next || event.type === 'PaymentsPrepared' ? '' : ' ≠'}`,
      },
    ];
  });
  return {
    steps,
    categories: paymentStatuses.map((status) => ({
      id: status,
      label: paymentStatusLabel(t, status),
    })),
  };
}
