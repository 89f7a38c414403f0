// The split editor's live preview: the product's share of its latest statement, recalculated in
// the engine worker with the splits being edited. The statement is opened in the worker once; an
// edit sends only its split sets. A newer calculation supersedes an older one.
import {
  assign,
  cancel,
  fromPromise,
  enqueueActions,
  raise,
  setup,
  spawnChild,
  type DoneActorEvent,
  type ErrorActorEvent,
} from 'xstate';
import type { SummaryOutput } from '../engine/preview';
import type { EngineBackend } from '../engine/types';

/**
 * No fixed wait before the engine runs: the edits of one turn of the browser's event loop are
 * taken together, and a newer calculation supersedes an older one (latest wins, here and in the
 * engine client), so a fast typist gets each figure as soon as the engine has it.
 */
export const PREVIEW_DEBOUNCE_MS = 0;

/**
 * What the preview needs of GET /api/products/{id}/preview-input: the latest statement (null when
 * there is none), its engine input and its records. The machine keeps the whole answer for the
 * page to show.
 */
export interface PreviewSource {
  statement: object | null;
  input: unknown;
  /** The record table (engine/recordTable.ts), its text or its bytes. */
  records: string | Uint8Array | null;
}

/** The split sets being edited, as the editor holds them; compared by identity only. */
export type EditedSets = readonly unknown[];

export interface PreviewCalculation {
  output: SummaryOutput;
  backend: EngineBackend;
  /**
   * The same statement calculated with the splits as saved, for each payee's change; null when
   * the page does not compare.
   */
  saved?: SummaryOutput | null;
}

/** The last calculation: for which sets, and its result or failure. */
export type PreviewResult =
  ({ sets: EditedSets } & PreviewCalculation) | { sets: EditedSets; message: string };

export interface PayoutPreviewInput {
  productId: string;
  sets: EditedSets;
  valid: boolean;
  /** The splits as saved, which each payee's change is measured against; none to compare. */
  saved?: EditedSets;
}

export interface PayoutPreviewContext extends PayoutPreviewInput {
  answer: PreviewSource | null;
  /** The statement's number in the worker, once opened. */
  statement: number | null;
  /** Why the statement could not be opened. */
  openFailure: string | null;
  /** The sets of the calculation on its way, if any. */
  running: EditedSets | null;
  result: PreviewResult | null;
}

export type PayoutPreviewEvent =
  | { type: 'splits.change'; sets: EditedSets; valid: boolean; saved?: EditedSets }
  | { type: 'product.open'; productId: string }
  /** Raised once the edits of the current turn are in (PREVIEW_DEBOUNCE_MS). */
  | { type: 'preview.run' };

/** The answers of the machine's own child actors. */
type ChildEvent =
  | DoneActorEvent<PreviewSource, 'input'>
  | ErrorActorEvent<unknown, 'input'>
  | DoneActorEvent<number, 'opening'>
  | ErrorActorEvent<unknown, 'opening'>
  | DoneActorEvent<PreviewCalculation, 'calculation'>
  | ErrorActorEvent<unknown, 'calculation'>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// The page provides the real calls (API and engine worker); tests provide their own.
const notProvided = (name: string) => () =>
  Promise.reject(new Error(`payoutPreviewMachine: provide ${name}`));

// A superseded engine request rejects as an AbortError: a newer one is on its way.
const aborted = (error: unknown) => error instanceof Error && error.name === 'AbortError';

export const payoutPreviewMachine = setup({
  types: {
    context: {} as PayoutPreviewContext,
    input: {} as PayoutPreviewInput,
    events: {} as PayoutPreviewEvent | ChildEvent,
  },
  actors: {
    loadInput: fromPromise<PreviewSource, { productId: string }>(notProvided('loadInput')),
    openStatement: fromPromise<number, { source: PreviewSource | null }>(
      notProvided('openStatement'),
    ),
    calculate: fromPromise<
      PreviewCalculation,
      { statement: number; sets: EditedSets; saved: EditedSets; source: PreviewSource | null }
    >(notProvided('calculate')),
  },
  actions: {
    /** Frees the statement opened in the worker. */
    closeStatement: (_, _params: { statement: number }) => undefined,
    loadInput: spawnChild('loadInput', {
      id: 'input',
      input: ({ context }) => ({ productId: context.productId }),
    }),
    openStatement: spawnChild('openStatement', {
      id: 'opening',
      input: ({ context }) => ({ source: context.answer }),
    }),
    // The older calculation is dropped: only the latest one answers.
    startCalculation: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild('calculation');
      enqueue.assign({ running: context.sets });
      enqueue.spawnChild('calculate', {
        id: 'calculation',
        input: {
          statement: context.statement ?? 0,
          sets: context.sets,
          saved: context.saved ?? [],
          source: context.answer,
        },
      });
    }),
    recordResult: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.calculation'
        ? { running: null, result: { sets: context.running ?? [], ...event.output } }
        : {},
    ),
    recordFailure: assign(({ context, event }) => {
      if (event.type !== 'xstate.error.actor.calculation') return {};
      if (aborted(event.error)) return { running: null };
      return {
        running: null,
        result: { sets: context.running ?? [], message: messageOf(event.error) },
      };
    }),
    scheduleRun: raise({ type: 'preview.run' }, { id: 'run', delay: 'debounce' }),
    cancelRun: cancel('run'),
    setSplits: assign(({ context, event }) =>
      event.type === 'splits.change'
        ? { sets: event.sets, valid: event.valid, saved: event.saved ?? context.saved }
        : {},
    ),
    forgetProduct: enqueueActions(({ event, enqueue }) => {
      for (const child of ['input', 'opening', 'calculation']) enqueue.stopChild(child);
      enqueue.assign({
        productId: event.type === 'product.open' ? event.productId : '',
        answer: null,
        statement: null,
        openFailure: null,
        running: null,
        result: null,
      });
    }),
  },
  guards: {
    hasStatement: (_, params: { answer: PreviewSource }) => params.answer.statement !== null,
    splitsValid: ({ context }) => context.valid,
    changedToValid: ({ event }) => event.type === 'splits.change' && event.valid,
    otherProduct: ({ context, event }) =>
      event.type === 'product.open' && event.productId !== context.productId,
    calculationRunning: ({ context }) => context.running !== null,
  },
  delays: {
    debounce: PREVIEW_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'payoutPreview',
  context: ({ input }) => ({
    ...input,
    answer: null,
    statement: null,
    openFailure: null,
    running: null,
    result: null,
  }),
  initial: 'loading',
  on: {
    'splits.change': { actions: 'setSplits' },
    'product.open': { guard: 'otherProduct', target: '.loading', actions: 'forgetProduct' },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'loadInput',
      on: {
        'xstate.done.actor.input': [
          {
            guard: { type: 'hasStatement', params: ({ event }) => ({ answer: event.output }) },
            target: 'opening',
            actions: assign({ answer: ({ event }) => event.output }),
          },
          { target: 'noStatement', actions: assign({ answer: ({ event }) => event.output }) },
        ],
        'xstate.error.actor.input': 'unavailable',
      },
    },
    unavailable: { tags: ['unavailable'] },
    noStatement: { tags: ['noStatement'] },
    opening: {
      tags: ['previewing'],
      entry: 'openStatement',
      on: {
        'xstate.done.actor.opening': [
          {
            guard: 'splitsValid',
            target: 'open.settling',
            actions: [assign({ statement: ({ event }) => event.output }), 'scheduleRun'],
          },
          { target: 'open.settled', actions: assign({ statement: ({ event }) => event.output }) },
        ],
        'xstate.error.actor.opening': {
          target: 'broken',
          actions: assign({ openFailure: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    /** The statement could not be opened: no edit can be previewed. */
    broken: { tags: ['broken'] },
    open: {
      tags: ['previewing'],
      exit: {
        type: 'closeStatement',
        params: ({ context }) => ({ statement: context.statement ?? 0 }),
      },
      on: {
        // Not a re-entry: leaving `open` would free the statement the next calculation needs.
        'splits.change': [
          {
            guard: 'changedToValid',
            target: '.settling',
            actions: ['setSplits', 'cancelRun', 'scheduleRun'],
          },
          { target: '.settled', actions: 'setSplits' },
        ],
        'xstate.done.actor.calculation': { guard: 'calculationRunning', actions: 'recordResult' },
        'xstate.error.actor.calculation': { guard: 'calculationRunning', actions: 'recordFailure' },
      },
      initial: 'settled',
      states: {
        /** An edit is settling: the engine runs when it has not changed for a while. */
        settling: {
          // Each transition in schedules the run, so a further edit restarts the wait.
          exit: 'cancelRun',
          on: { 'preview.run': { target: 'settled', actions: 'startCalculation' } },
        },
        settled: {},
      },
    },
  },
});
