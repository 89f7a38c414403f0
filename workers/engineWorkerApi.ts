// What the engine worker offers, apart from how it is exposed (a browser Worker through Comlink in
// engine.worker.ts; a Node worker thread in the engine benchmark).
import {
  calculate,
  EngineInputError,
  readRecordTable,
  type CalculationResult,
} from '../engine/index';
import { openPreview, type PreviewResult, type StatementPreview } from '../engine/preview';

const previews = new Map<number, StatementPreview>();
let lastPreview = 0;

export const engineWorkerApi = {
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
