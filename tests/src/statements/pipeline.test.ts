import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statementMachine, stepOf, statusOfState } from '../../../machines/statementMachine';
import {
  acceptsFunds,
  canMoveDate,
  commandButtons,
  fundsAmountProblem,
  groupOf,
  labelStepOf,
  labelSteps,
  STATUS_KEYS,
  statementSnapshot,
  statusOfSnapshot,
} from '../../../src/statements/pipeline';

const label = { admin: false, canWrite: true };
const admin = { admin: true, canWrite: true };
const reader = { admin: false, canWrite: false };

/** SPEC's step of the machine for a state (shown beside the label's step in debug mode). */
const current = (state: string) => stepOf(statementSnapshot(state));

describe('the pipeline from the shared machine', () => {
  it.each([
    ['syncing', 'Queued'],
    ['needsAttention', 'Queued'],
    ['failed', 'Queued'],
    ['pending', 'Loaded'],
    ['awaitingFunds', 'Unfunded'],
    ['funded', 'Funded'],
    ['waiting', 'Wait'],
    ['calculating', 'Calculate'],
    ['pendingApproval', 'Approval'],
    ['finalizing', 'Finalize'],
    ['ready', 'Ready'],
    ['sent', 'Sent'],
  ])('%s shows %s as the current step', (state, step) => {
    expect(current(state)).toBe(step);
  });

  it('marks no step for cancelled and deleted statements', () => {
    for (const state of ['cancelled', 'deleted']) expect(current(state)).toBeNull();
  });

  it('lights the label step that holds the status the badge shows, in every state', () => {
    const states = Object.keys(statementMachine.states);
    fc.assert(
      fc.property(
        fc.constantFrom(...states),
        fc.record({ forced: fc.boolean(), expedited: fc.boolean(), cashless: fc.boolean() }),
        (state, flags) => {
          const status = statusOfSnapshot(statementSnapshot(state, flags));
          expect(status).toBe(statusOfState[state]);
          const lit = labelSteps(status).filter((step) => step.phase === 'current');
          if (status === 'cancelled' || status === 'deleted') {
            expect(lit).toEqual([]);
          } else {
            expect(lit.map((step) => step.id)).toEqual([labelStepOf(status)?.id]);
            expect(labelStepOf(status)?.statuses).toContain(status);
          }
        },
      ),
      { seed: 20261129, numRuns: 200 },
    );
  });

  it('shows the label five steps, needs attention and failed at the import', () => {
    expect(labelSteps('needs-attention').map((step) => [step.id, step.phase])).toEqual([
      ['import', 'current'],
      ['funds', 'todo'],
      ['calculation', 'todo'],
      ['approval', 'todo'],
      ['payment', 'todo'],
    ]);
    expect(labelStepOf('failed')?.id).toBe('import');
    expect(labelStepOf('waiting-for-funds')?.id).toBe('funds');
    expect(labelStepOf('pending-approval')?.id).toBe('approval');
    expect(labelStepOf('paid')?.id).toBe('payment');
  });

  it('has a translation key for every status the server answers', () => {
    for (const status of Object.values(statusOfState)) expect(STATUS_KEYS[status]).toBeTruthy();
  });
});

describe('the commands shown', () => {
  const events = (state: string, actor = label) =>
    commandButtons(statementSnapshot(state), actor).map((button) => button.event);

  it('offers what the machine allows in the state', () => {
    expect(events('funded')).toEqual(['statement.calculate', 'statement.cancel']);
    // A label calculates its own pending result again (after a split changed, or another
    // statement was approved first).
    expect(events('pendingApproval')).toEqual([
      'statement.approve',
      'statement.calculate',
      'statement.cancel',
    ]);
    expect(events('awaitingFunds')).toEqual(['statement.expedite', 'statement.cancel']);
    expect(events('ready')).toEqual([]);
  });

  it('asks before approving, which moves money, and keeps Approve the main button', () => {
    const approve = commandButtons(statementSnapshot('pendingApproval'), label).find(
      (button) => button.event === 'statement.approve',
    );
    expect(approve).toMatchObject({ confirm: true, primary: true });
  });

  const primaries = (state: string, actor = label) =>
    commandButtons(statementSnapshot(state), actor)
      .filter((button) => button.primary)
      .map((button) => button.event);

  it('draws one main button per state: the step forward, and none beside the funds form', () => {
    expect(primaries('pendingApproval')).toEqual(['statement.approve']);
    // Calculating a pending result again says so.
    expect(
      commandButtons(statementSnapshot('pendingApproval'), label).find(
        (button) => button.event === 'statement.calculate',
      )?.key,
    ).toBe('statements.command.calculate-again');
    expect(
      commandButtons(statementSnapshot('funded'), label).find(
        (button) => button.event === 'statement.calculate',
      )?.key,
    ).toBe('statements.command.calculate');
    expect(primaries('pendingApproval', admin)).toEqual(['statement.approve']);
    expect(primaries('funded')).toEqual(['statement.calculate']);
    expect(primaries('failed')).toEqual(['statement.retry']);
    // Waiting for funds: recording them is the main action; Expedite and Force run are not.
    expect(primaries('awaitingFunds')).toEqual([]);
    expect(primaries('awaitingFunds', admin)).toEqual([]);
    expect(acceptsFunds(statementSnapshot('awaitingFunds'), admin)).toBe(true);
  });

  it('never draws two main buttons, in any state, with any flags, for anyone', () => {
    const states = Object.keys(statementMachine.states);
    fc.assert(
      fc.property(
        fc.constantFrom(...states),
        fc.record({ forced: fc.boolean(), expedited: fc.boolean(), cashless: fc.boolean() }),
        fc.constantFrom(label, admin, reader),
        (state, flags, actor) => {
          const snapshot = statementSnapshot(state, flags);
          const main =
            commandButtons(snapshot, actor).filter((button) => button.primary).length +
            (acceptsFunds(snapshot, actor) ? 1 : 0);
          expect(main).toBeLessThanOrEqual(1);
        },
      ),
      { seed: 20261129, numRuns: 300 },
    );
  });

  it('lets a label retry or cancel its own upload that could not be read', () => {
    expect(events('failed')).toEqual(['statement.retry', 'statement.cancel']);
    expect(events('failed', reader)).toEqual([]);
  });

  it('shows admin-only commands to admins only', () => {
    expect(events('awaitingFunds', admin)).toEqual([
      'statement.expedite',
      'statement.force',
      'statement.reset',
      'statement.cancel',
      'statement.delete',
    ]);
    expect(events('pendingApproval', admin)).toContain('statement.recalculate');
    expect(events('pendingApproval', admin)).not.toContain('statement.calculate');
    expect(events('failed', admin)).toContain('statement.retry');
    expect(events('needsAttention', admin)).toContain('statement.retry');
    expect(events('needsAttention')).not.toContain('statement.retry');
  });

  it('shows nothing to a reader without statement:rw', () => {
    expect(events('funded', reader)).toEqual([]);
    expect(acceptsFunds(statementSnapshot('awaitingFunds'), reader)).toBe(false);
  });

  it('takes funds only while the statement waits for them', () => {
    expect(acceptsFunds(statementSnapshot('awaitingFunds'), label)).toBe(true);
    expect(acceptsFunds(statementSnapshot('funded'), label)).toBe(false);
  });

  it('lets admins move the date while the statement is not over', () => {
    expect(canMoveDate(statementSnapshot('pending'), admin)).toBe(true);
    expect(canMoveDate(statementSnapshot('pending'), label)).toBe(false);
    expect(canMoveDate(statementSnapshot('cancelled'), admin)).toBe(false);
  });
});

describe('the queue', () => {
  it('groups settled and stopped statements as past uploads', () => {
    expect(groupOf('needs-attention')).toBe('incoming');
    expect(groupOf('pending-approval')).toBe('incoming');
    expect(groupOf('ready')).toBe('past');
    expect(groupOf('paid')).toBe('past');
    expect(groupOf('cancelled')).toBe('past');
  });

  it('takes positive amounts with at most 15 digits before the point and 12 after it', () => {
    expect(fundsAmountProblem('10')).toBeNull();
    expect(fundsAmountProblem('999999999999999.999999999999')).toBeNull();
    expect(fundsAmountProblem('1234567890123456')).toBe('statements.funds.invalid');
    expect(fundsAmountProblem('0.000000000001')).toBeNull();
    expect(fundsAmountProblem('0')).toBe('statements.funds.positive');
    expect(fundsAmountProblem('-1')).toBe('statements.funds.invalid');
    expect(fundsAmountProblem('1.0000000000001')).toBe('statements.funds.invalid');
    expect(fundsAmountProblem('1e3')).toBe('statements.funds.invalid');
  });
});
