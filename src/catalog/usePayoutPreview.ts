// The split editor's live preview, run by machines/payoutPreviewMachine: this hook gives the
// machine its API and engine calls, tells it about edits, and reads what the panel shows.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { SummaryOutput } from '../../engine/preview';
import type { EngineBackend, SplitSet } from '../../engine/types';
import { payoutPreviewMachine, type PreviewSource } from '../../machines/payoutPreviewMachine';
import type { ApiClient } from '../api/client';
import { createEngineClient, type EngineClient } from '../engine/engineClient';
import { previewInput, type EnginePreviewAnswer, type StatementPreviewAnswer } from './catalogApi';
import { toEngineSets, type SetDraft } from './splitDraft';

export { PREVIEW_DEBOUNCE_MS } from '../../machines/payoutPreviewMachine';

export type PayoutPreview =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'no-statement' }
  /** The splits being edited have problems: the engine would reject them. */
  | { status: 'waiting'; answer: StatementPreviewAnswer }
  | { status: 'calculating'; answer: StatementPreviewAnswer }
  /** `stale`: the splits changed since; a newer result is on its way. */
  | {
      status: 'ready';
      answer: StatementPreviewAnswer;
      output: SummaryOutput;
      backend: EngineBackend;
      stale: boolean;
    }
  | { status: 'failed'; answer: StatementPreviewAnswer; message: string; stale: boolean };

type Snapshot = SnapshotFrom<typeof payoutPreviewMachine>;

/** What the panel shows, for the splits as they are in this render. */
function previewOf(snapshot: Snapshot, sets: readonly SetDraft[], valid: boolean): PayoutPreview {
  if (snapshot.hasTag('loading')) return { status: 'loading' };
  if (snapshot.hasTag('unavailable')) return { status: 'unavailable' };
  if (snapshot.hasTag('noStatement')) return { status: 'no-statement' };
  // The machine keeps the answer loadInput gave it, which is the API's answer; past loading, and
  // with a statement, the answer has its input and records.
  const answer = snapshot.context.answer as StatementPreviewAnswer;
  const { openFailure, result } = snapshot.context;
  if (snapshot.hasTag('broken')) {
    return { status: 'failed', answer, message: openFailure ?? '', stale: false };
  }
  if (!valid) return { status: 'waiting', answer };
  if (!result) return { status: 'calculating', answer };
  // The last result stays on screen, marked, until the current splits are calculated.
  const stale = result.sets !== sets;
  if ('message' in result) return { status: 'failed', answer, message: result.message, stale };
  return { status: 'ready', answer, output: result.output, backend: result.backend, stale };
}

/**
 * The engine worker: started when the preview's input is asked for, stopped with the page (and
 * started again if needed after).
 */
function lazyEngine() {
  let client: EngineClient | null = null;
  return {
    get: () => (client ??= createEngineClient()),
    close: (statement: number) => client?.closePreview(statement),
    dispose: () => {
      client?.dispose();
      client = null;
    },
  };
}

type LazyEngine = ReturnType<typeof lazyEngine>;

/**
 * The preview's worker and input, started by the product page as soon as it knows the product's
 * id: side by side with the product's own read, not after it. The split editor takes the input
 * asked for early once; any later load (another product, a reload of the preview) asks anew.
 */
export interface PreviewStart {
  engine: LazyEngine;
  /** Asks for the product's input and starts the worker, once per product. */
  begin: (productId: string) => void;
  /** The input asked for early for this product, or a new request. */
  take: (productId: string) => Promise<EnginePreviewAnswer>;
}

function previewStart(api: ApiClient): PreviewStart {
  const engine = lazyEngine();
  let early: { productId: string; answer: Promise<EnginePreviewAnswer> } | null = null;
  return {
    engine,
    begin: (productId) => {
      if (early?.productId === productId) return;
      engine.get();
      const answer = previewInput(api, productId);
      // Never taken (the product is missing, or the page left): its failure is nobody's to show.
      answer.catch(() => undefined);
      early = { productId, answer };
    },
    take: (productId) => {
      engine.get();
      const held = early?.productId === productId ? early.answer : null;
      early = null;
      return held ?? previewInput(api, productId);
    },
  };
}

/**
 * The page's preview start: `wanted` when the viewer edits the product's splits, so that its
 * preview will show. The worker stops when the page goes.
 */
export function usePreviewStart(api: ApiClient, productId: string, wanted: boolean): PreviewStart {
  const [start] = useState(() => previewStart(api));
  useEffect(() => () => start.engine.dispose(), [start]);
  useEffect(() => {
    if (wanted) start.begin(productId);
  }, [start, productId, wanted]);
  return start;
}

/** The account's default sets of the preview input: they stay while the product's are edited. */
function accountDefaultSets(source: PreviewSource | null): SplitSet[] {
  const input = (source as EnginePreviewAnswer | null)?.input;
  return (input?.splitSets ?? []).filter((set) => 'default' in set.scope);
}

export function usePayoutPreview(
  start: PreviewStart,
  productId: string,
  sets: readonly SetDraft[],
  valid: boolean,
): PayoutPreview {
  const { engine } = start;

  const machine = useMemo(
    () =>
      payoutPreviewMachine.provide({
        actors: {
          // The worker starts (its module loaded and warmed) while the input downloads.
          loadInput: fromPromise(({ input }) => start.take(input.productId)),
          openStatement: fromPromise(async ({ input, signal }) => {
            const source = input.source as StatementPreviewAnswer;
            const statement = await engine.get().openPreview(source.input, source.records);
            // A statement opened for a product left meanwhile is freed at once.
            if (signal.aborted) engine.close(statement);
            return statement;
          }),
          calculate: fromPromise(({ input }) =>
            engine
              .get()
              .preview(input.statement, [
                ...toEngineSets(input.sets as readonly SetDraft[], productId),
                ...accountDefaultSets(input.source),
              ]),
          ),
        },
        actions: { closeStatement: (_, { statement }) => engine.close(statement) },
      }),
    [start, engine, productId],
  );

  const actor = useActorRef(machine, { input: { productId, sets, valid } });
  useEffect(() => actor.send({ type: 'product.open', productId }), [actor, productId]);
  useEffect(() => actor.send({ type: 'splits.change', sets, valid }), [actor, sets, valid]);

  const snapshot = useSelector(actor, (state) => state);
  return previewOf(snapshot, sets, valid);
}
