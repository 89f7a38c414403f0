import { describe, expect, it } from 'vitest';
import { stepLabels, statusOfState } from '../../../machines/statementMachine';
import {
  acceptsFunds,
  canMoveDate,
  commandButtons,
  fundsAmountProblem,
  groupOf,
  pipelineSteps,
  STATUS_KEYS,
  statementSnapshot,
} from '../../../src/statements/pipeline';

const label = { admin: false, canWrite: true };
const admin = { admin: true, canWrite: true };
const reader = { admin: false, canWrite: false };

const current = (state: string) =>
  pipelineSteps(statementSnapshot(state)).find((step) => step.phase === 'current')?.label ?? null;

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

  it('marks the steps before the current one done and the rest to do', () => {
    const steps = pipelineSteps(statementSnapshot('pendingApproval'));
    expect(steps.map((step) => step.label)).toEqual([...stepLabels]);
    expect(steps.map((step) => step.phase)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'done',
      'done',
      'current',
      'todo',
      'todo',
      'todo',
    ]);
    expect(steps[0]?.key).toBe('statements.step.queued');
  });

  it('marks no step for cancelled and deleted statements', () => {
    for (const state of ['cancelled', 'deleted']) {
      expect(pipelineSteps(statementSnapshot(state)).every((step) => step.phase === 'todo')).toBe(
        true,
      );
    }
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
      'statement.calculate',
      'statement.approve',
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
