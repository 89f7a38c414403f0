// What the engine worker offers, apart from how it is exposed (a browser Worker through Comlink in
// engine.worker.ts; a Node worker thread in the engine benchmark).
import {
  calculate,
  EngineInputError,
  previewTableParts,
  readRecordTable,
  type CalculationResult,
} from '../engine/index';
import { openPreview, type PreviewResult, type StatementPreview } from '../engine/preview';
import { warmUpEngine } from '../engine/warmUp';

const previews = new Map<number, StatementPreview>();
let lastPreview = 0;
let warming: Promise<void> | null = null;

/** What openPreviewFrom read: the answer's first line, and the statement opened with its records. */
export interface FetchedPreview {
  head: { statement: unknown; input: unknown };
  /** Null when the answer has no statement, and so no records. */
  statement: number | null;
}

/** The bytes of a GET of `address` (the browser's cookies go with it); null when it failed. */
async function fetched(address: string): Promise<Uint8Array | null> {
  try {
    const response = await fetch(address);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
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
    const records = recordTable === undefined ? undefined : readRecordTable(recordTable);
    if (records === null) throw new EngineInputError('records: not a record table');
    const preview = await openPreview(input, { backend: 'wasm' }, records);
    lastPreview += 1;
    previews.set(lastPreview, preview);
    return lastPreview;
  },

  /**
   * Reads the split editor's preview input here, off the page's thread, from `address` (its table
   * form, GET /api/products/{id}/preview-input?format=table with the csrf parameter), and opens
   * its statement as openPreview does. Null when it cannot: a failed request (signed out, not
   * allowed, no such product, the server down) or an answer it cannot read. The page then asks
   * itself, through the API client, which tells the person what went wrong.
   */
  async openPreviewFrom(address: string): Promise<FetchedPreview | null> {
    const bytes = await fetched(address);
    const parts = bytes && previewTableParts(bytes);
    if (!parts) return null;
    if (parts.records === null) return { head: parts.head, statement: null };
    try {
      return {
        head: parts.head,
        statement: await engineWorkerApi.openPreview(parts.head.input, parts.records),
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
