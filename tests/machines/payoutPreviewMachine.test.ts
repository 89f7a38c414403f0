import { createTestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import {
  PREVIEW_DEBOUNCE_MS,
  payoutPreviewMachine,
  type EditedSets,
  type PayoutPreviewInput,
  type PreviewCalculation,
  type PreviewSource,
} from '../../machines/payoutPreviewMachine';

type Snapshot = SnapshotFrom<typeof payoutPreviewMachine>;
type ActorName = 'loadInput' | 'openStatement' | 'calculate';

const SETS_A: EditedSets = [{ kind: 'master', shares: 'a' }];
const SETS_B: EditedSets = [{ kind: 'master', shares: 'b' }];
const WITH_STATEMENT: PreviewSource = {
  statement: { title: 'Orchard 2025-01' },
  input: { v: 1 },
  records: 'r1\tC1\tsale\t\\N\t1\t1\t\\N\n',
};
const WITHOUT_STATEMENT: PreviewSource = { statement: null, input: null, records: null };
const CALCULATION = { output: { payees: [] }, backend: 'wasm' } as unknown as PreviewCalculation;
const INPUT: PayoutPreviewInput = { productId: 'product-1', sets: SETS_A, valid: true };

/** The child actor that answers each done or error event of the model. */
const ACTOR_OF_CHILD: Record<string, ActorName> = {
  input: 'loadInput',
  opening: 'openStatement',
  calculation: 'calculate',
};

const MODEL_EVENTS = [
  { type: 'xstate.done.actor.input', output: WITH_STATEMENT },
  { type: 'xstate.done.actor.input', output: WITHOUT_STATEMENT },
  { type: 'xstate.error.actor.input', error: new Error('offline') },
  { type: 'xstate.done.actor.opening', output: 7 },
  { type: 'xstate.error.actor.opening', error: new Error('The statement cannot be read.') },
  { type: 'splits.change', sets: SETS_B, valid: true },
  { type: 'splits.change', sets: SETS_A, valid: false },
  { type: 'preview.run' },
  { type: 'xstate.done.actor.calculation', output: CALCULATION },
  { type: 'xstate.error.actor.calculation', error: new Error('Shares do not add up.') },
  { type: 'product.open', productId: 'product-2' },
];

// One path per state the panel can tell apart: the state, whether the splits are valid, and
// the last result with whether it is the current splits' result.
const serializeState = (snapshot: Snapshot) => {
  const { valid, running, result, productId, sets } = snapshot.context;
  const last =
    result && `${'message' in result ? 'failed' : 'ready'}${result.sets === sets ? '' : ' stale'}`;
  return JSON.stringify([snapshot.value, productId, valid, running !== null, last]);
};

const paths = createTestModel(payoutPreviewMachine).getShortestPaths({
  input: INPUT,
  events: MODEL_EVENTS as never,
  serializeState,
});

const describePath = (steps: ReadonlyArray<{ event: EventObject }>) =>
  steps
    .slice(1)
    .map(({ event }) => event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'))
    .join(' → ') || 'start';

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** The real machine, its actors answering only when the test says so. */
function createSystemUnderTest(input = INPUT) {
  const pending = new Map<ActorName, Deferred>();
  const calls: Array<{ actor: ActorName; input: unknown }> = [];
  const closed: number[] = [];
  const controlled = <TOutput, TInput>(name: ActorName) =>
    fromPromise<TOutput, TInput>(({ input: actorInput }) => {
      calls.push({ actor: name, input: actorInput });
      return new Promise<TOutput>((resolve, reject) => {
        pending.set(name, { resolve: resolve as (value: unknown) => void, reject });
      });
    });
  const actor = createActor(
    payoutPreviewMachine.provide({
      actors: {
        loadInput: controlled<PreviewSource, { productId: string }>('loadInput'),
        openStatement: controlled<number, { source: PreviewSource | null }>('openStatement'),
        calculate: controlled<
          PreviewCalculation,
          { statement: number; sets: EditedSets; saved: EditedSets; source: PreviewSource | null }
        >('calculate'),
      },
      actions: { closeStatement: (_, { statement }) => void closed.push(statement) },
    }),
    { input },
  ).start();
  const answer = async (name: ActorName, outcome: 'resolve' | 'reject', value: unknown) => {
    const deferred = pending.get(name);
    if (!deferred) throw new Error(`No pending ${name}`);
    pending.delete(name);
    if (outcome === 'resolve') deferred.resolve(value);
    else deferred.reject(value);
    await settle();
  };
  return { actor, calls, closed, answer };
}

/** Lets the promises of answered calls run, without firing the machine's own timers. */
const settle = async () => {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
};

describe('payoutPreviewMachine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches every state', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    expect([...reached].sort()).toEqual(
      [
        '"broken"',
        '"loading"',
        '"noStatement"',
        '"opening"',
        '"unavailable"',
        '{"open":"settled"}',
        '{"open":"settling"}',
      ].sort(),
    );
  });

  for (const path of paths) {
    it(`reaches ${JSON.stringify(path.state.value)} via ${describePath(path.steps)}`, async () => {
      const sut = createSystemUnderTest();
      await path.test({
        states: {
          '*': (expected) => {
            // The model tells states apart as the panel does: compare what it compares.
            const actual = sut.actor.getSnapshot();
            expect(serializeState(actual)).toBe(serializeState(expected));
            expect(actual.tags).toEqual(expected.tags);
          },
        },
        events: Object.fromEntries(
          MODEL_EVENTS.map(({ type }) => [
            type,
            async ({ event }: { event: EventObject }) => {
              const child = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
              if (child) {
                const { output, error } = event as EventObject & {
                  output?: unknown;
                  error?: unknown;
                };
                const name = ACTOR_OF_CHILD[child[2] ?? ''] as ActorName;
                await sut.answer(
                  name,
                  child[1] === 'done' ? 'resolve' : 'reject',
                  child[1] === 'done' ? output : error,
                );
              } else if (event.type === 'preview.run') {
                await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
              } else {
                sut.actor.send(event as never);
                await settle();
              }
            },
          ]),
        ),
      });
      sut.actor.stop();
    });
  }
});

describe('payoutPreviewMachine details', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Loaded, opened as statement 7, the splits valid. */
  async function opened() {
    const sut = createSystemUnderTest();
    await sut.answer('loadInput', 'resolve', WITH_STATEMENT);
    await sut.answer('openStatement', 'resolve', 7);
    return sut;
  }
  const calculations = (sut: ReturnType<typeof createSystemUnderTest>) =>
    sut.calls.filter((call) => call.actor === 'calculate');

  it('reads the product’s preview input, then opens its statement with the engine input', async () => {
    const sut = createSystemUnderTest();
    expect(sut.calls).toEqual([{ actor: 'loadInput', input: { productId: 'product-1' } }]);
    await sut.answer('loadInput', 'resolve', WITH_STATEMENT);
    expect(sut.calls.at(-1)).toEqual({
      actor: 'openStatement',
      input: { source: WITH_STATEMENT },
    });
  });

  it('calculates an edit without a fixed wait, the edits of one moment together', async () => {
    const sut = await opened();
    await vi.advanceTimersByTimeAsync(0);
    const before = calculations(sut).length;
    sut.actor.send({ type: 'splits.change', sets: SETS_A, valid: true });
    sut.actor.send({ type: 'splits.change', sets: SETS_B, valid: true });
    // The next turn of the event loop, no later: no fixed wait stands before the engine.
    await vi.advanceTimersByTimeAsync(0);
    expect(calculations(sut).slice(before)).toEqual([
      // The answer goes along: the account's default sets stay beside the edited ones.
      {
        actor: 'calculate',
        input: { statement: 7, sets: SETS_B, saved: [], source: WITH_STATEMENT },
      },
    ]);
  });

  it('keeps the statement open while the splits are edited, valid or not', async () => {
    const sut = await opened();
    for (const [sets, valid] of [
      [SETS_B, true],
      [SETS_A, false],
      [SETS_B, true],
      [SETS_A, true],
    ] as const) {
      // The splits as saved go along, for each payee's change against them.
      sut.actor.send({ type: 'splits.change', sets, valid, saved: SETS_B });
      await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
    }
    // Freeing it would make every later calculation fail with "no open statement preview".
    expect(sut.closed).toEqual([]);
    expect(calculations(sut).at(-1)).toEqual({
      actor: 'calculate',
      input: { statement: 7, sets: SETS_A, saved: SETS_B, source: WITH_STATEMENT },
    });
  });

  it('does not calculate splits with problems', async () => {
    const sut = await opened();
    sut.actor.send({ type: 'splits.change', sets: SETS_B, valid: false });
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS * 3);
    expect(calculations(sut)).toEqual([]);
    expect(sut.actor.getSnapshot().value).toEqual({ open: 'settled' });
  });

  it('keeps the last result, for its splits, while a newer one settles; the latest wins', async () => {
    const sut = await opened();
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
    await sut.answer('calculate', 'resolve', CALCULATION);
    expect(sut.actor.getSnapshot().context.result).toEqual({ sets: SETS_A, ...CALCULATION });
    sut.actor.send({ type: 'splits.change', sets: SETS_B, valid: true });
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
    const older = sut.calls.length;
    sut.actor.send({ type: 'splits.change', sets: SETS_A, valid: true });
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
    expect(sut.calls.length).toBe(older + 1);
    // Only the latest calculation is still listened to.
    await sut.answer('calculate', 'reject', new Error('Shares do not add up.'));
    expect(sut.actor.getSnapshot().context.result).toEqual({
      sets: SETS_A,
      message: 'Shares do not add up.',
    });
  });

  it('ignores a calculation the engine superseded', async () => {
    const sut = await opened();
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
    const superseded = Object.assign(new Error('superseded'), { name: 'AbortError' });
    await sut.answer('calculate', 'reject', superseded);
    expect(sut.actor.getSnapshot().context).toMatchObject({ running: null, result: null });
  });

  it('shows why the statement could not be opened', async () => {
    const sut = createSystemUnderTest();
    await sut.answer('loadInput', 'resolve', WITH_STATEMENT);
    await sut.answer('openStatement', 'reject', new Error('The statement cannot be read.'));
    const snapshot = sut.actor.getSnapshot();
    expect(snapshot.hasTag('broken')).toBe(true);
    expect(snapshot.context.openFailure).toBe('The statement cannot be read.');
  });

  it('closes the open statement and starts over for another product', async () => {
    const sut = await opened();
    sut.actor.send({ type: 'product.open', productId: 'product-1' });
    expect(sut.closed).toEqual([]);
    sut.actor.send({ type: 'product.open', productId: 'product-2' });
    await settle();
    expect(sut.closed).toEqual([7]);
    expect(sut.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(sut.calls.at(-1)).toEqual({ actor: 'loadInput', input: { productId: 'product-2' } });
  });
});
