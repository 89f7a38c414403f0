import { assign, getNextSnapshot, setup, type SnapshotFrom } from 'xstate';

/**
 * The life of a statement, from upload to payout. One machine, used by the server to decide
 * which command is legal in a statement's state, and by the browser to show the next steps
 * and to replay a statement's history event by event.
 *
 * How a royalty accountant moves a statement (step labels in brackets):
 *
 *   syncing [Queued]          the files are being read
 *     statement.read       -> pending, or needsAttention when rows have errors or codes are
 *                             unknown, or failed when a file is not in the distributor's layout
 *   needsAttention [Queued]   statement.resolve -> pending once every code is configured
 *   failed [Queued]           statement.retry -> syncing once the corrected file is re-uploaded
 *   pending [Loaded]          every record is readable and every code configured
 *     funds.check          -> funded when the received amount covers the expected one, or the
 *                             statement is cashless (it moves no money); else awaitingFunds
 *   awaitingFunds [Unfunded]  funds.receive with a matching amount -> funded
 *     statement.force      -> funded, forced (admin: run without matching funds)
 *     statement.expedite   -> funded, expedited (skip the wait for funds)
 *   funded [Funded]           statement.calculate -> waiting
 *   waiting [Wait]            calculation.start -> calculating (the job picked it up)
 *   calculating [Calculate]   calculation.done -> pendingApproval; calculation.fail -> funded
 *   pendingApproval [Approval]
 *     statement.approve    -> finalizing (a label user with statement:rw)
 *     statement.calculate  -> waiting (the label calculates its pending result again, e.g. after
 *                             a split changed or another statement was approved first)
 *     statement.recalculate-> waiting (the earlier result stays in the log)
 *   finalizing [Finalize]     payments.prepared -> ready (payments and transactions in PREPARE/NONE)
 *   ready [Ready]             payments.sent -> sent (the payment partner's part, a later step)
 *   sent [Sent]               final: paid
 *
 * statement.replace: before its calculation starts or once its result waits for approval, a
 * file of the statement is replaced by another: back to syncing, read and checked again (the
 * run flags cleared, as the figures they were given for are gone).
 *
 * From any state before finalizing: statement.cancel -> cancelled, statement.delete -> deleted
 * (admin). statement.reset (admin) sends a statement that has not been approved back to
 * pending, dropping its result. statement.move (admin) changes the statement date and keeps
 * the state.
 */

export interface StatementFacts {
  /** Rows with errors or codes not in the catalog: the statement needs attention. */
  problems: number;
  /** A file could not be read in the distributor's layout. */
  rejected: boolean;
  cashless: boolean;
  /** Received covers expected (both exact decimal strings, compared by the server). */
  fundsMatch: boolean;
}

export interface StatementContext {
  forced: boolean;
  expedited: boolean;
  cashless: boolean;
}

export type StatementEvent =
  | { type: 'statement.read'; facts: StatementFacts }
  | { type: 'statement.resolve'; facts: StatementFacts }
  | { type: 'statement.retry' }
  | { type: 'statement.replace' }
  | { type: 'funds.check'; facts: StatementFacts }
  | { type: 'funds.receive'; facts: StatementFacts }
  | { type: 'statement.force' }
  | { type: 'statement.expedite' }
  | { type: 'statement.calculate' }
  | { type: 'calculation.start' }
  | { type: 'calculation.done' }
  | { type: 'calculation.fail' }
  | { type: 'statement.approve' }
  | { type: 'statement.recalculate' }
  | { type: 'payments.prepared' }
  | { type: 'payments.sent' }
  | { type: 'statement.cancel' }
  | { type: 'statement.delete' }
  | { type: 'statement.reset' }
  | { type: 'statement.move' };

export const stepLabels = [
  'Queued',
  'Loaded',
  'Unfunded',
  'Funded',
  'Wait',
  'Calculate',
  'Approval',
  'Finalize',
  'Ready',
  'Sent',
] as const;
export type StepLabel = (typeof stepLabels)[number];

const facts = (event: StatementEvent): StatementFacts | null =>
  'facts' in event ? event.facts : null;

const stopping = {
  'statement.cancel': { target: '#statement.cancelled' },
  'statement.delete': { target: '#statement.deleted' },
} as const;

const replacing = {
  'statement.replace': { target: '#statement.syncing', actions: 'clearRunFlags' },
} as const;

export const statementMachine = setup({
  types: {
    context: {} as StatementContext,
    events: {} as StatementEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- XState reads the input type from it
    input: {} as Partial<StatementContext> | undefined,
  },
  guards: {
    rejected: ({ event }) => facts(event)?.rejected === true,
    hasProblems: ({ event }) => (facts(event)?.problems ?? 0) > 0,
    noProblems: ({ event }) =>
      (facts(event)?.problems ?? 1) === 0 && facts(event)?.rejected !== true,
    fundsCovered: ({ event }) =>
      facts(event)?.cashless === true || facts(event)?.fundsMatch === true,
  },
  actions: {
    markForced: assign({ forced: true }),
    markExpedited: assign({ expedited: true }),
    markCashless: assign({
      cashless: ({ context, event }) => facts(event)?.cashless ?? context.cashless,
    }),
    clearRunFlags: assign({ forced: false, expedited: false }),
    noteMove: () => undefined,
  },
}).createMachine({
  id: 'statement',
  context: ({ input }) => ({
    forced: input?.forced ?? false,
    expedited: input?.expedited ?? false,
    cashless: input?.cashless ?? false,
  }),
  initial: 'syncing',
  // Moving the statement date keeps the state; the action makes the transition count as one.
  on: { 'statement.move': { actions: 'noteMove' } },
  states: {
    syncing: {
      tags: ['step:Queued', 'busy'],
      on: {
        'statement.read': [
          { guard: 'rejected', target: 'failed' },
          { guard: 'hasProblems', target: 'needsAttention' },
          { target: 'pending' },
        ],
        ...stopping,
      },
    },
    failed: {
      tags: ['step:Queued', 'problem'],
      on: { 'statement.retry': { target: 'syncing' }, ...replacing, ...stopping },
    },
    needsAttention: {
      tags: ['step:Queued', 'problem', 'handEdits'],
      on: {
        'statement.resolve': { guard: 'noProblems', target: 'pending' },
        'statement.retry': { target: 'syncing' },
        ...replacing,
        ...stopping,
      },
    },
    pending: {
      tags: ['step:Loaded', 'handEdits'],
      on: {
        'funds.check': [
          { guard: 'fundsCovered', target: 'funded', actions: 'markCashless' },
          { target: 'awaitingFunds', actions: 'markCashless' },
        ],
        ...replacing,
        ...stopping,
      },
    },
    awaitingFunds: {
      tags: ['step:Unfunded', 'handEdits'],
      on: {
        'funds.receive': { guard: 'fundsCovered', target: 'funded' },
        'statement.force': { target: 'funded', actions: 'markForced' },
        'statement.expedite': { target: 'funded', actions: 'markExpedited' },
        'statement.reset': { target: 'pending', actions: 'clearRunFlags' },
        ...replacing,
        ...stopping,
      },
    },
    funded: {
      tags: ['step:Funded', 'handEdits'],
      on: {
        'statement.calculate': { target: 'waiting' },
        'statement.reset': { target: 'pending', actions: 'clearRunFlags' },
        ...replacing,
        ...stopping,
      },
    },
    waiting: {
      tags: ['step:Wait', 'busy'],
      on: {
        'calculation.start': { target: 'calculating' },
        'statement.reset': { target: 'pending', actions: 'clearRunFlags' },
        ...stopping,
      },
    },
    calculating: {
      tags: ['step:Calculate', 'busy'],
      on: {
        'calculation.done': { target: 'pendingApproval' },
        'calculation.fail': { target: 'funded' },
        // A crash mid-calculation: the job starts it again.
        'calculation.start': { target: 'calculating', reenter: true },
      },
    },
    pendingApproval: {
      tags: ['step:Approval'],
      on: {
        'statement.approve': { target: 'finalizing' },
        'statement.calculate': { target: 'waiting' },
        'statement.recalculate': { target: 'waiting' },
        'statement.reset': { target: 'pending', actions: 'clearRunFlags' },
        ...replacing,
        ...stopping,
      },
    },
    finalizing: {
      tags: ['step:Finalize', 'busy'],
      on: { 'payments.prepared': { target: 'ready' } },
    },
    ready: {
      tags: ['step:Ready'],
      on: { 'payments.sent': { target: 'sent' } },
    },
    sent: { tags: ['step:Sent'], type: 'final' },
    cancelled: { type: 'final' },
    deleted: { type: 'final' },
  },
});

export type StatementSnapshot = SnapshotFrom<typeof statementMachine>;
export type StatementState = StatementSnapshot['value'];

/** The statuses the portal shows for each state (SPEC section 4 names). */
export const statusOfState: Record<string, string> = {
  syncing: 'syncing',
  failed: 'failed',
  needsAttention: 'needs-attention',
  pending: 'pending',
  awaitingFunds: 'waiting-for-funds',
  funded: 'funded',
  waiting: 'processing',
  calculating: 'calculating',
  pendingApproval: 'pending-approval',
  finalizing: 'processing-payments',
  ready: 'ready',
  sent: 'paid',
  cancelled: 'cancelled',
  deleted: 'deleted',
};

/**
 * Whether a statement in this state takes lines, adjustments and a distributor take by hand:
 * until its calculation starts, and again after a reset (the states tagged `handEdits`).
 */
export function takesHandEdits(state: string): boolean {
  return statementMachine.states[state]?.tags.includes('handEdits') ?? false;
}

/** The snapshot of a statement in a known state, as the server keeps it. */
export function snapshotOf(state: string, context: StatementContext): StatementSnapshot {
  return statementMachine.resolveState({ value: state, context });
}

/** The next snapshot, or null when the event is not legal in this state. */
export function nextSnapshot(
  snapshot: StatementSnapshot,
  event: StatementEvent,
): StatementSnapshot | null {
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(statementMachine, snapshot, event);
}

/** The step label a state shows in the pipeline, or null for cancelled and deleted. */
export function stepOf(snapshot: StatementSnapshot): StepLabel | null {
  return stepLabels.find((label) => snapshot.hasTag(`step:${label}`)) ?? null;
}

/** Every command that is legal now, for the browser's buttons. */
export function possibleEvents(
  snapshot: StatementSnapshot,
  sample: StatementFacts,
): StatementEvent['type'][] {
  const candidates: StatementEvent[] = [
    { type: 'statement.read', facts: sample },
    { type: 'statement.resolve', facts: sample },
    { type: 'statement.retry' },
    { type: 'statement.replace' },
    { type: 'funds.check', facts: sample },
    { type: 'funds.receive', facts: sample },
    { type: 'statement.force' },
    { type: 'statement.expedite' },
    { type: 'statement.calculate' },
    { type: 'statement.approve' },
    { type: 'statement.recalculate' },
    { type: 'statement.cancel' },
    { type: 'statement.delete' },
    { type: 'statement.reset' },
  ];
  return candidates.filter((event) => snapshot.can(event)).map((event) => event.type);
}
