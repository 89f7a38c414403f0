import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  nextSnapshot,
  possibleEvents,
  snapshotOf,
  statementMachine,
  stepOf,
  takesHandEdits,
  type StatementEvent,
  type StatementFacts,
} from '../../machines/statementMachine';

const clean: StatementFacts = { problems: 0, rejected: false, cashless: false, fundsMatch: false };
const funded: StatementFacts = { ...clean, fundsMatch: true };
const cashless: StatementFacts = { ...clean, cashless: true };
const problems: StatementFacts = { ...clean, problems: 3 };
const rejected: StatementFacts = { ...clean, rejected: true };

/** Each event with the facts that lead it down each of its branches. */
const events: StatementEvent[] = [
  { type: 'statement.read', facts: clean },
  { type: 'statement.read', facts: problems },
  { type: 'statement.read', facts: rejected },
  { type: 'statement.resolve', facts: clean },
  { type: 'statement.retry' },
  { type: 'statement.replace' },
  { type: 'funds.check', facts: clean },
  { type: 'funds.check', facts: cashless },
  { type: 'funds.receive', facts: funded },
  { type: 'statement.force' },
  { type: 'statement.expedite' },
  { type: 'statement.calculate' },
  { type: 'calculation.start' },
  { type: 'calculation.done' },
  { type: 'calculation.fail' },
  { type: 'statement.approve' },
  { type: 'statement.recalculate' },
  { type: 'payments.prepared' },
  { type: 'payments.sent' },
  { type: 'statement.cancel' },
  { type: 'statement.delete' },
  { type: 'statement.reset' },
];

const paths = getShortestPaths(statementMachine, { events: events as never });

describe('the statement machine, through every shortest path', () => {
  it('reaches every state', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(statementMachine.config.states ?? {}).sort());
  });

  for (const path of paths) {
    const route = path.steps
      .slice(1)
      .map(({ event }) => event.type)
      .join(' → ');
    it(`${String(path.state.value)} ${JSON.stringify(path.state.context)}: ${route || 'start'}`, () => {
      const actor = createActor(statementMachine, { input: undefined }).start();
      for (const step of path.steps.slice(1)) actor.send(step.event);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      expect(actor.getSnapshot().context).toEqual(path.state.context);
      actor.stop();
    });
  }
});

describe('what the pipeline shows and allows', () => {
  const walk = (start: string, ...sequence: StatementEvent[]) => {
    let snapshot = snapshotOf(start, { forced: false, expedited: false, cashless: false });
    const steps: (string | null)[] = [stepOf(snapshot)];
    for (const event of sequence) {
      const next = nextSnapshot(snapshot, event);
      if (!next) throw new Error(`${event.type} is not legal in ${String(snapshot.value)}`);
      snapshot = next;
      steps.push(stepOf(snapshot));
    }
    return { snapshot, steps };
  };

  it('walks the step labels from Queued to Sent', () => {
    const { steps } = walk(
      'syncing',
      { type: 'statement.read', facts: clean },
      { type: 'funds.check', facts: clean },
      { type: 'funds.receive', facts: funded },
      { type: 'statement.calculate' },
      { type: 'calculation.start' },
      { type: 'calculation.done' },
      { type: 'statement.approve' },
      { type: 'payments.prepared' },
      { type: 'payments.sent' },
    );
    expect(steps).toEqual([
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
    ]);
  });

  it('keeps unconfigured codes from calculation and lets a forced run skip the funds', () => {
    const attention = walk('syncing', { type: 'statement.read', facts: problems }).snapshot;
    expect(attention.value).toBe('needsAttention');
    expect(possibleEvents(attention, clean)).not.toContain('statement.calculate');
    expect(nextSnapshot(attention, { type: 'statement.resolve', facts: problems })).toBeNull();

    const forced = walk(
      'syncing',
      { type: 'statement.read', facts: clean },
      { type: 'funds.check', facts: clean },
      { type: 'statement.force' },
    ).snapshot;
    expect(forced.context).toEqual({ forced: true, expedited: false, cashless: false });
    expect(possibleEvents(forced, clean)).toContain('statement.calculate');
  });

  it('sends a cashless statement straight past the funds wait', () => {
    const { snapshot } = walk(
      'syncing',
      { type: 'statement.read', facts: clean },
      { type: 'funds.check', facts: cashless },
    );
    expect(snapshot.value).toBe('funded');
    expect(snapshot.context.cashless).toBe(true);
  });

  it('refuses approval before a result and deletion after payments were prepared', () => {
    expect(
      nextSnapshot(snapshotOf('funded', { forced: false, expedited: false, cashless: false }), {
        type: 'statement.approve',
      }),
    ).toBeNull();
    expect(
      nextSnapshot(snapshotOf('ready', { forced: false, expedited: false, cashless: false }), {
        type: 'statement.delete',
      }),
    ).toBeNull();
  });
});

describe('replacing a file', () => {
  it('reads the statement again from before its calculation runs until its result is approved', () => {
    const context = { forced: true, expedited: true, cashless: true };
    const replaceable = Object.keys(statementMachine.states).filter(
      (state) => nextSnapshot(snapshotOf(state, context), { type: 'statement.replace' }) !== null,
    );
    expect(replaceable).toEqual([
      'failed',
      'needsAttention',
      'pending',
      'awaitingFunds',
      'funded',
      'pendingApproval',
    ]);
    // The run flags were given for figures that are gone; a cashless statement stays cashless.
    const after = nextSnapshot(snapshotOf('pendingApproval', context), {
      type: 'statement.replace',
    });
    expect(after?.value).toBe('syncing');
    expect(after?.context).toEqual({ forced: false, expedited: false, cashless: true });
  });
});

describe('hand edits', () => {
  it('are taken until the calculation starts, and again after a reset', () => {
    const states = Object.keys(statementMachine.states);
    expect(states.filter(takesHandEdits)).toEqual([
      'needsAttention',
      'pending',
      'awaitingFunds',
      'funded',
    ]);
    expect(takesHandEdits('not-a-state')).toBe(false);
  });
});
