import {
  possibleEvents,
  snapshotOf,
  statusOfState,
  type StatementContext,
  type StatementEvent,
  type StatementSnapshot,
  type StepLabel,
} from '../../machines/statementMachine';
import { isMoneyText } from '../../rules/money';
import type { SimpleCommand } from './statementsApi';

/** The translation key of each pipeline step label. */
export const STEP_KEYS: Record<StepLabel, string> = {
  Queued: 'statements.step.queued',
  Loaded: 'statements.step.loaded',
  Unfunded: 'statements.step.unfunded',
  Funded: 'statements.step.funded',
  Wait: 'statements.step.wait',
  Calculate: 'statements.step.calculate',
  Approval: 'statements.step.approval',
  Finalize: 'statements.step.finalize',
  Ready: 'statements.step.ready',
  Sent: 'statements.step.sent',
};

/** The translation key of each status the server answers (SPEC section 4). */
export const STATUS_KEYS: Record<string, string> = {
  syncing: 'statements.status.syncing',
  failed: 'statements.status.failed',
  'needs-attention': 'statements.status.needs-attention',
  pending: 'statements.status.pending',
  'waiting-for-funds': 'statements.status.waiting-for-funds',
  funded: 'statements.status.funded',
  processing: 'statements.status.processing',
  calculating: 'statements.status.calculating',
  'pending-approval': 'statements.status.pending-approval',
  'processing-payments': 'statements.status.processing-payments',
  ready: 'statements.status.ready',
  paid: 'statements.status.paid',
  cancelled: 'statements.status.cancelled',
  deleted: 'statements.status.deleted',
};

export type StepPhase = 'done' | 'current' | 'todo';

/**
 * The steps a label follows a statement through, each holding the statuses its badge shows
 * there (SPEC section 4's states). The machine's ten step labels stay for debug mode.
 */
export const LABEL_STEPS = [
  {
    id: 'import',
    key: 'statements.stage.import',
    statuses: ['syncing', 'failed', 'needs-attention'],
  },
  {
    id: 'funds',
    key: 'statements.stage.funds',
    statuses: ['pending', 'waiting-for-funds', 'funded'],
  },
  {
    id: 'calculation',
    key: 'statements.stage.calculation',
    statuses: ['processing', 'calculating'],
  },
  { id: 'approval', key: 'statements.stage.approval', statuses: ['pending-approval'] },
  {
    id: 'payment',
    key: 'statements.stage.payment',
    statuses: ['processing-payments', 'ready', 'paid'],
  },
] as const;
export type LabelStepId = (typeof LABEL_STEPS)[number]['id'];

/** The label's step a status belongs to, or null for a statement cancelled or deleted. */
export function labelStepOf(status: string): (typeof LABEL_STEPS)[number] | null {
  return LABEL_STEPS.find((step) => (step.statuses as readonly string[]).includes(status)) ?? null;
}

export interface LabelStep {
  id: LabelStepId;
  key: string;
  phase: StepPhase;
}

/** The label's steps with the one holding `status` current; cancelled and deleted mark none. */
export function labelSteps(status: string): LabelStep[] {
  const at = LABEL_STEPS.findIndex((step) => step.id === labelStepOf(status)?.id);
  return LABEL_STEPS.map((step, index) => ({
    id: step.id,
    key: step.key,
    phase: at === -1 ? 'todo' : index < at ? 'done' : index === at ? 'current' : 'todo',
  }));
}

/** The status the badge shows for a snapshot of the shared machine. */
export const statusOfSnapshot = (snapshot: StatementSnapshot): string =>
  statusOfState[String(snapshot.value)] ?? String(snapshot.value);

const defaultFlags: StatementContext = { forced: false, expedited: false, cashless: false };

/** The shared machine's snapshot of a statement the server describes by state and flags. */
export function statementSnapshot(
  state: string,
  flags: Partial<StatementContext> = {},
): StatementSnapshot {
  return snapshotOf(state, { ...defaultFlags, ...flags });
}

/** A step the server is working on: the page asks again until it moves on. */
export const isBusy = (snapshot: StatementSnapshot): boolean => snapshot.hasTag('busy');

/** Needs attention or failed: something blocks the calculation. */
export const hasProblem = (snapshot: StatementSnapshot): boolean => snapshot.hasTag('problem');

export interface CommandButton {
  /** The machine's event type. */
  event: StatementEvent['type'] | 'statement.move';
  /** The POST path under /api/statements/{id}/. */
  command: SimpleCommand | 'retry' | 'move';
  key: string;
  adminOnly: boolean;
  /** Asks before it runs: it cannot be undone from the page. */
  confirm: boolean;
  /** The step forward the page leads to, drawn as the main button: one per state at most. */
  primary: boolean;
}

/** Every command a person starts from the page, in the order the buttons show. */
export const COMMAND_BUTTONS: readonly CommandButton[] = [
  // Approval moves money: it says how much, to how many payees, before it runs.
  command('statement.approve', 'approve', 'statements.command.approve', { confirm: true }),
  command('statement.calculate', 'calculate', 'statements.command.calculate'),
  command('statement.retry', 'retry', 'statements.command.retry', { adminOnly: true }),
  command('statement.expedite', 'expedite', 'statements.command.expedite'),
  command('statement.force', 'force', 'statements.command.force', { adminOnly: true }),
  command('statement.recalculate', 'recalculate', 'statements.command.recalculate', {
    adminOnly: true,
  }),
  command('statement.reset', 'reset', 'statements.command.reset', {
    adminOnly: true,
    confirm: true,
  }),
  command('statement.cancel', 'cancel', 'statements.command.cancel', { confirm: true }),
  command('statement.delete', 'delete', 'statements.command.delete', {
    adminOnly: true,
    confirm: true,
  }),
];

/**
 * The step forward of each state, drawn as the one main button: approving a result waiting for
 * it, calculating a funded statement, retrying a failed one with its corrected file. A statement
 * waiting for funds leads to recording them (the funds form's button); the rest are secondary.
 */
const FORWARD: readonly CommandButton['event'][] = [
  'statement.approve',
  'statement.calculate',
  'statement.retry',
];

function command(
  event: CommandButton['event'],
  path: CommandButton['command'],
  key: string,
  options: { adminOnly?: boolean; confirm?: boolean } = {},
): CommandButton {
  return {
    event,
    command: path,
    key,
    adminOnly: options.adminOnly ?? false,
    confirm: options.confirm ?? false,
    primary: false,
  };
}

export interface Actor {
  admin: boolean;
  /** statement:rw: the label may run commands at all. */
  canWrite: boolean;
}

/** What the machine allows now, for the facts the browser cannot know assumed favourable. */
export function allowedEvents(snapshot: StatementSnapshot): StatementEvent['type'][] {
  return possibleEvents(snapshot, {
    problems: 0,
    rejected: false,
    cashless: snapshot.context.cashless,
    fundsMatch: true,
  });
}

/**
 * A label retries its own statement whose files could not be read (the corrected file uploaded
 * again); retrying one that was read stays the admin's (server/routes/statementActions.ts).
 */
const labelRetries = (button: CommandButton, snapshot: StatementSnapshot): boolean =>
  button.event === 'statement.retry' && snapshot.value === 'failed';

/** The buttons to show: legal in the machine's state, and admin-only ones only for admins. */
export function commandButtons(snapshot: StatementSnapshot, actor: Actor): CommandButton[] {
  if (!actor.canWrite) return [];
  const allowed = new Set<string>(allowedEvents(snapshot));
  const buttons = COMMAND_BUTTONS.filter(
    (button) =>
      allowed.has(button.event) &&
      (!button.adminOnly || actor.admin || labelRetries(button, snapshot)),
  );
  // A pending result calculated again is one command: an admin sees it once, as Recalculate.
  const recalculates = buttons.some((button) => button.event === 'statement.recalculate');
  const shown = recalculates
    ? buttons.filter((button) => button.event !== 'statement.calculate')
    : buttons;
  // One main button: the first step forward the state allows, unless funds are to be recorded.
  const forward = acceptsFunds(snapshot, actor)
    ? undefined
    : FORWARD.find((event) => shown.some((button) => button.event === event));
  return shown.map((button) => ({
    ...button,
    // A result waiting for approval is calculated again: the button says so.
    ...(button.event === 'statement.calculate' && snapshot.value === 'pendingApproval'
      ? { key: 'statements.command.calculate-again' }
      : {}),
    primary: button.event === forward,
  }));
}

/** A file of the statement can be replaced: before its calculation runs, or its result approved. */
export const canReplaceFiles = (snapshot: StatementSnapshot, actor: Actor): boolean =>
  actor.canWrite && allowedEvents(snapshot).includes('statement.replace');

/** Funds can be recorded while the statement waits for them. */
export const acceptsFunds = (snapshot: StatementSnapshot, actor: Actor): boolean =>
  actor.canWrite && allowedEvents(snapshot).includes('funds.receive');

/**
 * Moving the date keeps the state, so it is open until the statement is over (a final state).
 * `snapshot.can` cannot say: it answers false for a transition that changes nothing.
 */
export const canMoveDate = (snapshot: StatementSnapshot, actor: Actor): boolean =>
  actor.admin && actor.canWrite && snapshot.status !== 'done';

/** The queue's groups: what is still moving, and what is settled or stopped. */
export type StatementGroup = 'incoming' | 'past';

const PAST_STATUSES = new Set(['ready', 'paid', 'cancelled', 'deleted']);

export const groupOf = (status: string): StatementGroup =>
  PAST_STATUSES.has(status) ? 'past' : 'incoming';

/** An amount the funds endpoint takes: positive, within the limit on amounts (rules/money.ts). */
export function fundsAmountProblem(amount: string): string | null {
  const trimmed = amount.trim();
  if (!isMoneyText(trimmed)) return 'statements.funds.invalid';
  if (/^0*(\.0*)?$/.test(trimmed)) return 'statements.funds.positive';
  return null;
}
