import {
  nextSnapshot,
  statusOfState,
  stepOf,
  type StatementContext,
  type StatementEvent,
  type StatementFacts,
  type StatementSnapshot,
  type StepLabel,
} from '../../machines/statementMachine';
import { statementSnapshot } from './pipeline';
import type { StatementHistoryEvent } from '../../api/statements';

/** One event of the history and where the shared machine stands after it. */
export interface HistoryStep {
  event: StatementHistoryEvent;
  /** The machine's state after the event, replayed in the browser. */
  state: string;
  status: string;
  step: StepLabel | null;
  flags: StatementContext;
  /** The replay reached the state the server recorded. */
  agrees: boolean;
}

const MACHINE_EVENTS = new Set<string>([
  'statement.read',
  'statement.resolve',
  'statement.retry',
  'statement.replace',
  'funds.check',
  'funds.receive',
  'statement.force',
  'statement.expedite',
  'statement.calculate',
  'calculation.start',
  'calculation.done',
  'calculation.fail',
  'statement.approve',
  'statement.recalculate',
  'payments.prepared',
  'payments.sent',
  'statement.cancel',
  'statement.delete',
  'statement.reset',
  'statement.move',
]);

/** The machine event a StatementTransitioned event recorded, with the facts its guards read. */
export function machineEventOf(event: StatementHistoryEvent): StatementEvent | null {
  if (event.type !== 'StatementTransitioned') return null;
  const name = event.data.event;
  if (typeof name !== 'string' || !MACHINE_EVENTS.has(name)) return null;
  const facts = event.data.facts as StatementFacts | null | undefined;
  return (facts ? { type: name, facts } : { type: name }) as StatementEvent;
}

/**
 * Replays a statement's history with the shared machine, event by event. A transition the
 * machine refuses (an older history, say) takes the state the server recorded, marked as not
 * agreeing, so the rest of the replay still follows the statement.
 */
export function replayHistory(events: readonly StatementHistoryEvent[]): HistoryStep[] {
  let snapshot: StatementSnapshot = statementSnapshot('syncing');
  return [...events]
    .sort((a, b) => a.version - b.version)
    .map((event) => {
      const machineEvent = machineEventOf(event);
      if (machineEvent) {
        const after = nextSnapshot(snapshot, machineEvent);
        snapshot =
          after ??
          statementSnapshot(
            event.state,
            (event.data.flags as Partial<StatementContext> | undefined) ?? {},
          );
      }
      const state = String(snapshot.value);
      return {
        event,
        state,
        status: statusOfState[state] ?? state,
        step: stepOf(snapshot),
        flags: { ...snapshot.context },
        agrees: state === event.state,
      };
    });
}

/** The position after moving `by` steps, kept within the history. */
export const clampStep = (at: number, by: number, length: number): number =>
  length === 0 ? 0 : Math.min(length - 1, Math.max(0, at + by));

/** The translation key of each event type a statement's stream holds. */
export const EVENT_KEYS: Record<string, string> = {
  StatementUploaded: 'statements.event.uploaded',
  StatementFileRead: 'statements.event.file-read',
  StatementFileRejected: 'statements.event.file-rejected',
  StatementParsed: 'statements.event.parsed',
  StatementTransitioned: 'statements.event.transitioned',
  FundsReceived: 'statements.event.funds-received',
  StatementCalculated: 'statements.event.calculated',
  CalculationFailed: 'statements.event.calculation-failed',
  StatementApproved: 'statements.event.approved',
  BalancesCredited: 'statements.event.balances-credited',
  PaymentsPrepared: 'statements.event.payments-prepared',
  ReturnsChargedToReserve: 'reserves.event.charged',
  ReservesWithheld: 'reserves.event.withheld',
  StatementDateMoved: 'statements.event.date-moved',
  AdjustmentAdded: 'statements.event.adjustment-added',
  StatementFilesReplaced: 'statements.event.files-replaced',
  StatementTotalChecked: 'statements.event.total-checked',
  StatementTotalConfirmed: 'statements.event.total-confirmed',
};

/** What each step of the shared machine means to the reader (the event name is for debug mode). */
export const STEP_EVENT_KEYS: Record<StatementEvent['type'], string> = {
  'statement.read': 'statements.step-event.read',
  'statement.resolve': 'statements.step-event.resolve',
  'statement.retry': 'statements.step-event.retry',
  'statement.replace': 'statements.step-event.replace',
  'funds.check': 'statements.step-event.funds-check',
  'funds.receive': 'statements.step-event.funds-receive',
  'statement.force': 'statements.step-event.force',
  'statement.expedite': 'statements.step-event.expedite',
  'statement.calculate': 'statements.step-event.calculate',
  'calculation.start': 'statements.step-event.calculation-start',
  'calculation.done': 'statements.step-event.calculation-done',
  'calculation.fail': 'statements.step-event.calculation-fail',
  'statement.approve': 'statements.step-event.approve',
  'statement.recalculate': 'statements.step-event.recalculate',
  'payments.prepared': 'statements.step-event.payments-prepared',
  'payments.sent': 'statements.step-event.payments-sent',
  'statement.cancel': 'statements.step-event.cancel',
  'statement.delete': 'statements.step-event.delete',
  'statement.reset': 'statements.step-event.reset',
  'statement.move': 'statements.step-event.move',
};

/**
 * The translation key that names a history event for its reader: a step of the machine by what
 * it did ("Calculation finished"), other events by their own name, anything else as a change.
 */
export function historyEventKey(event: Pick<StatementHistoryEvent, 'type' | 'data'>): string {
  const machineEvent = event.data.event;
  if (event.type === 'StatementTransitioned' && typeof machineEvent === 'string') {
    const key = STEP_EVENT_KEYS[machineEvent as StatementEvent['type']] as string | undefined;
    if (key) return key;
  }
  // A partner distributor's intake key sent it: nobody uploaded it.
  if (event.type === 'StatementUploaded' && event.data.intake) return 'statements.event.received';
  // Opened to correct a statement of a closed period: the page links the two.
  if (event.type === 'StatementUploaded' && event.data.corrects)
    return 'statements.event.correction-opened';
  return EVENT_KEYS[event.type] ?? 'statements.event.other';
}

/**
 * What a history event says beyond its name: why a file was rejected, which file replaced which,
 * and who replaced it. Null for events that say nothing more.
 */
export function historyEventDetail(
  event: Pick<StatementHistoryEvent, 'type' | 'data' | 'actorName'>,
): { key: string; values: Record<string, string> } | null {
  // Why the file could not be read, as the server kept it: the page puts it in the reader's words.
  if (event.type === 'StatementFileRejected' && typeof event.data.error === 'string')
    return { key: 'statements.event.file-rejected-reason', values: { reason: event.data.error } };
  if (event.type !== 'StatementFilesReplaced') return null;
  const replaced = event.data.replaced as { name?: unknown } | undefined;
  const added = event.data.added as { name?: unknown }[] | undefined;
  const newName = added?.[0]?.name;
  if (typeof replaced?.name !== 'string' || typeof newName !== 'string') return null;
  const values = { old: replaced.name, new: newName };
  return event.actorName
    ? { key: 'statements.event.file-replaced-by', values: { ...values, who: event.actorName } }
    : { key: 'statements.event.file-replaced', values };
}
