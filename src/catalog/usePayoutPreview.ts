// The split editor's live preview: the product's share of its latest statement, recalculated in
// the engine worker with the splits being edited. The statement is opened in the worker once; an
// edit sends only its split sets. A newer edit supersedes an older calculation.
import { useEffect, useRef, useState } from 'react';
import type { SummaryOutput } from '../../engine/preview';
import type { EngineBackend } from '../../engine/types';
import type { ApiClient } from '../api/client';
import { createEngineClient, isSuperseded, type EngineClient } from '../engine/engineClient';
import { previewInput, type PreviewInputAnswer } from './catalogApi';
import { toEngineSets, type SetDraft } from './splitDraft';

/** Edits settle for this long before the engine runs again. */
export const PREVIEW_DEBOUNCE_MS = 300;

export type PayoutPreview =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'no-statement' }
  /** The splits being edited have problems: the engine would reject them. */
  | { status: 'waiting'; answer: PreviewInputAnswer }
  | { status: 'calculating'; answer: PreviewInputAnswer }
  /** `stale`: the splits changed since; a newer result is on its way. */
  | {
      status: 'ready';
      answer: PreviewInputAnswer;
      output: SummaryOutput;
      backend: EngineBackend;
      stale: boolean;
    }
  | { status: 'failed'; answer: PreviewInputAnswer; message: string; stale: boolean };

type Calculation =
  | { sets: readonly SetDraft[]; output: SummaryOutput; backend: EngineBackend }
  | { sets: readonly SetDraft[]; message: string };

export function usePayoutPreview(
  api: ApiClient,
  productId: string,
  sets: readonly SetDraft[],
  valid: boolean,
): PayoutPreview {
  const [answer, setAnswer] = useState<PreviewInputAnswer | 'loading' | 'unavailable'>('loading');
  const [calculation, setCalculation] = useState<Calculation | null>(null);
  const engine = useRef<EngineClient | null>(null);

  useEffect(() => {
    let cancelled = false;
    previewInput(api, productId).then(
      (loaded) => !cancelled && setAnswer(loaded),
      () => !cancelled && setAnswer('unavailable'),
    );
    return () => {
      cancelled = true;
    };
  }, [api, productId]);

  useEffect(() => {
    const client = createEngineClient();
    engine.current = client;
    return () => {
      client.dispose();
      engine.current = null;
    };
  }, []);

  // The statement, opened in the worker once per answer: a split edit then sends only its sets.
  const [opened, setOpened] = useState<
    | { answer: PreviewInputAnswer; statement: number }
    | { answer: PreviewInputAnswer; message: string }
    | null
  >(null);
  useEffect(() => {
    const client = engine.current;
    if (!client || typeof answer === 'string' || answer.statement === null) return;
    let statement: number | null = null;
    let cancelled = false;
    client.openPreview(answer.input).then(
      (number) => {
        statement = number;
        if (cancelled) client.closePreview(number);
        else setOpened({ answer, statement: number });
      },
      (error: unknown) => {
        if (!cancelled) {
          setOpened({ answer, message: error instanceof Error ? error.message : String(error) });
        }
      },
    );
    return () => {
      cancelled = true;
      if (statement !== null) client.closePreview(statement);
    };
  }, [answer]);

  useEffect(() => {
    if (opened === null || opened.answer !== answer || !valid || 'message' in opened) return;
    const timer = setTimeout(() => {
      const client = engine.current;
      if (!client) return;
      client.preview(opened.statement, toEngineSets(sets, productId)).then(
        (result) => setCalculation({ sets, output: result.output, backend: result.backend }),
        (error: unknown) => {
          if (isSuperseded(error)) return;
          setCalculation({ sets, message: error instanceof Error ? error.message : String(error) });
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [opened, answer, sets, valid, productId]);

  if (answer === 'loading') return { status: 'loading' };
  if (answer === 'unavailable') return { status: 'unavailable' };
  if (answer.statement === null) return { status: 'no-statement' };
  // The statement itself could not be opened: no edit can be previewed.
  if (opened !== null && opened.answer === answer && 'message' in opened) {
    return { status: 'failed', answer, message: opened.message, stale: false };
  }
  if (!valid) return { status: 'waiting', answer };
  if (!calculation) return { status: 'calculating', answer };
  // The last result stays on screen, marked, until the current splits are calculated.
  const stale = calculation.sets !== sets;
  if ('message' in calculation) {
    return { status: 'failed', answer, message: calculation.message, stale };
  }
  const { output, backend } = calculation;
  return { status: 'ready', answer, output, backend, stale };
}
