// What the engine worker offers, apart from how it is exposed (a browser Worker through Comlink in
// engine.worker.ts; a Node worker thread in the engine benchmark).
import {
  calculate,
  EngineInputError,
  previewTableReader,
  readRecordTable,
  type CalculationResult,
} from '../engine/index';
import { loadEngine, readRecordLines } from '../engine/loader';
import { openPreview, type PreviewResult, type StatementPreview } from '../engine/preview';
import type { PreviewHead } from '../engine/recordTable';
import { warmUpEngine } from '../engine/warmUp';

const previews = new Map<number, StatementPreview>();
let lastPreview = 0;
let warming: Promise<void> | null = null;

/** What openPreviewFrom read: the answer's first line, and the statement opened with its records. */
export interface FetchedPreview {
  head: PreviewHead;
  /** Null when the answer has no statement, and so no records. */
  statement: number | null;
}

/**
 * A GET of `address` (the browser's cookies go with it), its body read as it arrives into a
 * preview input's head and record columns. Null when the request failed or the answer is not one.
 */
async function readPreviewTable(address: string) {
  // The engine module is fetched and compiled while the server reads the records (no warm-up:
  // see createEngineClient). After a refusal the worker stops, and the browser keeps the module.
  void loadEngine().catch(() => undefined);
  try {
    const response = await fetch(address);
    if (!response.ok || response.body === null) return null;
    // Read in the module once it is loaded, as the body comes.
    const table = previewTableReader(readRecordLines);
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      table.push(chunk.value);
    }
    return table.finish();
  } catch {
    return null;
  }
}

/** Keeps an opened statement for later previews; answers its number. */
function kept(preview: StatementPreview): number {
  lastPreview += 1;
  previews.set(lastPreview, preview);
  return lastPreview;
}

export const engineWorkerApi = {
  /**
   * Optimises the module before the first preview (engine/warmUp.ts), once; a request sent
   * meanwhile waits for it, the thread being busy.
   */
  warmUp(): Promise<void> {
    return (warming ??= warmUpEngine());
  },

  /** Validates and calculates; a malformed input rejects with an error named EngineInputError. */
  calculate(input: unknown): Promise<CalculationResult> {
    return calculate(input, { backend: 'wasm' });
  },

  /**
   * Keeps a statement in the worker for previews and gives its number: later edits send only
   * their split sets. With `recordTable` (engine/recordTable.ts, as the server sends a preview's
   * records), its records are the input's. A malformed input rejects with EngineInputError.
   */
  async openPreview(input: unknown, recordTable?: string | Uint8Array): Promise<number> {
    // The module reads the table when it loads; else the reading runs here.
    await loadEngine().catch(() => undefined);
    const records =
      recordTable === undefined ? undefined : readRecordTable(recordTable, readRecordLines);
    if (records === null) throw new EngineInputError('records: not a record table');
    return kept(await openPreview(input, { backend: 'wasm' }, records));
  },

  /**
   * Reads the split editor's preview input here, off the page's thread, from `address` (its table
   * form, GET /api/products/{id}/preview-input?format=table with the csrf parameter), and opens
   * its statement as openPreview does. Null when it cannot: a failed request (signed out, not
   * allowed, no such product, the server down) or an answer it cannot read. The page then asks
   * itself, through the API client, which tells the person what went wrong.
   */
  async openPreviewFrom(address: string): Promise<FetchedPreview | null> {
    const read = await readPreviewTable(address);
    if (read === null) return null;
    if (read.records === null) return { head: read.head, statement: null };
    try {
      return {
        head: read.head,
        statement: kept(await openPreview(read.head.input, { backend: 'wasm' }, read.records)),
      };
    } catch {
      return null;
    }
  },

  /**
   * Recalculates an open statement with the split sets whose JSON text is `splitSetsJson`:
   * totals, payees, recoupments, no lines.
   */
  preview(statement: number, splitSetsJson: string): Promise<PreviewResult> {
    const preview = previews.get(statement);
    if (preview === undefined) return Promise.reject(new Error('no open statement preview'));
    return preview.calculate(splitSetsJson);
  },

  closePreview(statement: number): void {
    previews.get(statement)?.close();
    previews.delete(statement);
  },
};

export type EngineWorkerApi = typeof engineWorkerApi;
