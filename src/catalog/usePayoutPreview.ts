// The split editor's live preview, run by machines/payoutPreviewMachine: this hook gives the
// machine its API and engine calls, tells it about edits, and reads what the panel shows.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { SummaryOutput } from '../../engine/preview';
import type { EngineBackend, SplitSet } from '../../engine/types';
import { payoutPreviewMachine, type PreviewSource } from '../../machines/payoutPreviewMachine';
import type { EnginePreviewAnswer, StatementPreviewAnswer } from './catalogApi';
import type { PreviewStart } from './previewStart';
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
      /** The statement with the splits as saved: what each payee's change is measured against. */
      saved: SummaryOutput | null;
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
  return {
    status: 'ready',
    answer,
    output: result.output,
    saved: result.saved ?? null,
    backend: result.backend,
    stale,
  };
}

/** The account's default sets of the preview input: they stay while the product's are edited. */
function accountDefaultSets(source: PreviewSource | null): SplitSet[] {
  const input = (source as EnginePreviewAnswer | null)?.input;
  return (input?.splitSets ?? []).filter((set) => 'default' in set.scope);
}

/**
 * The split editor's preview of `sets` (the drafts) on the product's latest statement, beside the
 * same statement with `saved` (the splits as saved), so each payee's change is the edit's effect.
 */
export function usePayoutPreview(
  start: PreviewStart,
  productId: string,
  sets: readonly SetDraft[],
  valid: boolean,
  saved: readonly SetDraft[],
): PayoutPreview {
  const { engine } = start;
  const machine = useMemo(() => {
    // The saved splits' result on each opened statement, calculated once per saved splits.
    const savedResults = new Map<
      number,
      { saved: readonly SetDraft[]; output: Promise<SummaryOutput> }
    >();
    return payoutPreviewMachine.provide({
      actors: {
        // The worker starts (its module loaded and warmed) while the input downloads.
        loadInput: fromPromise(({ input }) => start.take(input.productId)),
        openStatement: fromPromise(async ({ input, signal }) => {
          const source = input.source as StatementPreviewAnswer;
          // Opened already by the worker that read the records itself (previewStart.ts).
          const statement =
            source.opened ??
            (await engine.get().openPreview(source.input, source.records ?? undefined));
          // A statement opened for a product left meanwhile is freed at once.
          if (signal.aborted) engine.close(statement);
          return statement;
        }),
        calculate: fromPromise(async ({ input }) => {
          const defaults = accountDefaultSets(input.source);
          const saved = input.saved as readonly SetDraft[];
          const kept = savedResults.get(input.statement);
          const before =
            kept && kept.saved === saved
              ? kept
              : {
                  saved,
                  output: engine
                    .get()
                    .preview(input.statement, [...toEngineSets(saved, productId), ...defaults])
                    .then((result) => result.output),
                };
          savedResults.set(input.statement, before);
          // Asked again next time when it failed or was superseded; a superseded one supersedes
          // this calculation too, and saved splits the engine refuses leave no change to show.
          const savedOutput = await before.output.catch((error: unknown) => {
            if (savedResults.get(input.statement) === before) savedResults.delete(input.statement);
            if (error instanceof Error && error.name === 'AbortError') throw error;
            return null;
          });
          const edited = await engine
            .get()
            .preview(input.statement, [
              ...toEngineSets(input.sets as readonly SetDraft[], productId),
              ...defaults,
            ]);
          return { ...edited, saved: savedOutput };
        }),
      },
      actions: { closeStatement: (_, { statement }) => engine.close(statement) },
    });
  }, [start, engine, productId]);

  const actor = useActorRef(machine, { input: { productId, sets, valid, saved } });
  useEffect(() => actor.send({ type: 'product.open', productId }), [actor, productId]);
  useEffect(
    () => actor.send({ type: 'splits.change', sets, valid, saved }),
    [actor, sets, valid, saved],
  );

  const snapshot = useSelector(actor, (state) => state);
  return previewOf(snapshot, sets, valid);
}
