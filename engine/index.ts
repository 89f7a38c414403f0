// The engine's entry point: validate, then run the WASM engine or the decimal.js reference.
import { loadEngine, runWasmColumns, runWasmText, type EngineExports } from './loader';
import type { RecordColumns } from './columns';
import { recordsOfTable } from './recordTable';
import { calculateReference } from './reference/index';
import type { EngineBackend, EngineInput, EngineOutput } from './types';
import { validateInput } from './validate';

export { EngineInputError } from './errors';
export { previewTableParts, previewTableReader, readRecordTable } from './recordTable';
export type { RecordColumns } from './columns';
export { stringifyOutput } from './outputJson';
export type { EngineBackend, EngineInput, EngineOutput } from './types';

export interface CalculateOptions {
  /** Which engine to run; `wasm` (the default) falls back to `decimal` when the module cannot load. */
  backend?: EngineBackend;
  /** Where the browser fetches engine.wasm; by default next to this module. */
  wasmUrl?: URL | string;
}

export interface CalculationResult {
  output: EngineOutput;
  /** The engine that actually ran. */
  backend: EngineBackend;
}

async function tryLoadEngine(wasmUrl?: URL | string): Promise<EngineExports | null> {
  try {
    return await loadEngine(wasmUrl);
  } catch {
    return null;
  }
}

function runReference(input: EngineInput): CalculationResult {
  return { output: calculateReference(input), backend: 'decimal' };
}

/**
 * Rejects a malformed input with EngineInputError (`path: message`) before any engine runs.
 * The WASM engine validates the whole input itself on the fast path; when it declines, validate.ts
 * names the problem (or the JSON path runs, for a shape the columns do not carry).
 */
export async function calculate(
  input: unknown,
  { backend = 'wasm', wasmUrl }: CalculateOptions = {},
): Promise<CalculationResult> {
  if (backend === 'decimal') return runReference(validateInput(input));
  const engine = await tryLoadEngine(wasmUrl);
  if (engine === null) return runReference(validateInput(input));
  const output = runWasmColumns(engine, input);
  if (output !== null) return { output, backend: 'wasm' };
  const checked = validateInput(input);
  return { output: JSON.parse(runWasmText(engine, checked)) as EngineOutput, backend: 'wasm' };
}

/**
 * As calculate(), with the records given as a record table read by readRecordTable (the records
 * `input` may hold are not read): the WASM engine takes the table's columns as they are. The
 * reference, and the check naming a field the engine refused, read the table as records.
 */
export async function calculateRecords(
  input: unknown,
  records: RecordColumns,
  { backend = 'wasm', wasmUrl }: CalculateOptions = {},
): Promise<CalculationResult> {
  const whole = () => validateInput({ ...(input as object), records: recordsOfTable(records) });
  if (backend === 'decimal') return runReference(whole());
  const engine = await tryLoadEngine(wasmUrl);
  if (engine === null) return runReference(whole());
  const output = runWasmColumns(engine, input, records);
  if (output !== null) return { output, backend: 'wasm' };
  return { output: JSON.parse(runWasmText(engine, whole())) as EngineOutput, backend: 'wasm' };
}
