// A statement opened once and recalculated with edited split sets: the split editor's live preview.
// The records and catalog stay inside the WASM module, and an edit crosses as the JSON text of its
// split sets (a structured clone of thousands of set objects costs several times the JSON), so
// only what changed moves. The answer is what a preview shows: totals, payees, recoupments and
// triggers, without lines.
import { calculate, type CalculateOptions } from './index';
import type { RecordColumns } from './columns';
import { loadEngine, prepareWasm, type SummaryOutput } from './loader';
import { recordsOfTable } from './recordTable';
import type { EngineBackend, EngineInput, EngineOutput } from './types';
import { validateInput } from './validate';

export type { SummaryOutput };

export interface PreviewResult {
  output: SummaryOutput;
  /** The engine that actually ran. */
  backend: EngineBackend;
}

export interface StatementPreview {
  /**
   * Calculates the opened statement with the split sets whose JSON text is `splitSetsJson` in
   * place of its own. A malformed set rejects with EngineInputError naming the field, as
   * calculate() does for the whole input.
   */
  calculate(splitSetsJson: string): Promise<PreviewResult>;
  /** Frees what the statement holds; later calls reject. */
  close(): void;
}

function summaryOf(output: EngineOutput): SummaryOutput {
  const { lines: _lines, ...summary } = output;
  return summary;
}

/** JSON.parse, with text that is not JSON reported as a malformed input. */
function parseSplitSets(splitSetsJson: string): unknown {
  try {
    return JSON.parse(splitSetsJson) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Opens `input` for previews; with `records` (a record table, recordTable.ts), those are its
 * records. A malformed input rejects with EngineInputError at once. When the module cannot load,
 * or the input has a shape the columns do not carry, each preview runs calculate() on the whole
 * input instead (the decimal.js reference when the module is missing).
 */
export async function openPreview(
  input: unknown,
  options: CalculateOptions = {},
  records?: RecordColumns,
): Promise<StatementPreview> {
  const engine =
    options.backend === 'decimal' ? null : await loadEngine(options.wasmUrl).catch(() => null);
  const prepared = engine === null ? null : prepareWasm(engine, input, records);
  // The whole input, records as objects: read from a record table only when needed (the
  // reference runs, or an edit the engine refused is checked to name its field).
  let whole: EngineInput | null = null;
  const wholeInput = (): EngineInput =>
    (whole ??=
      records === undefined
        ? (input as EngineInput)
        : { ...(input as EngineInput), records: recordsOfTable(records) });
  // Without a prepared statement, validate now so a malformed input fails on open either way.
  if (prepared === null) whole = validateInput(wholeInput());
  // The header's other fields, written once: `{"splitSets":…,` goes in front at each edit.
  const { splitSets: _splitSets, ...rest } = (whole ?? input) as EngineInput;
  const restJson = JSON.stringify({ ...rest, records: [], catalog: {} }).slice(1);
  let closed = false;

  async function calculateWhole(splitSets: unknown): Promise<PreviewResult> {
    const result = await calculate({ ...wholeInput(), splitSets }, options);
    return { output: summaryOf(result.output), backend: result.backend };
  }

  return {
    async calculate(splitSetsJson) {
      if (closed) throw new Error('the statement preview is closed');
      if (prepared === null) return calculateWhole(parseSplitSets(splitSetsJson));
      const output = prepared.summary(`{"splitSets":${splitSetsJson},${restJson}`);
      if (output !== null) return { output, backend: 'wasm' };
      // The engine refused the edit: validation names the field (the records were valid on open).
      const splitSets = parseSplitSets(splitSetsJson);
      validateInput({ ...wholeInput(), splitSets });
      return calculateWhole(splitSets);
    },
    close() {
      closed = true;
      prepared?.release();
    },
  };
}
