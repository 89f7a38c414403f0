// The one module that loads engine.wasm (Node and browser) and calls its C ABI (engine-rs/README.md).
import { decodeResult, encodeColumns, type ColumnarInput, type RecordColumns } from './columns';
import { EngineInputError } from './errors';
import { readLines, roomFor, type Filling, type RecordLineReader } from './recordTable';
import type { EngineBackend, EngineInput, EngineOutput } from './types';

export type { EngineBackend };

/** The module's exports; every usize and pointer arrives as a wasm32 i32. */
export interface EngineExports {
  memory: WebAssembly.Memory;
  engine_alloc(len: number): number;
  engine_free(ptr: number, len: number): void;
  engine_calculate(ptr: number, len: number): number;
  engine_calculate_columns(ptr: number, len: number): number;
  engine_result_ptr(): number;
  engine_result_len(): number;
  engine_result_free(): void;
  engine_prepare(ptr: number, len: number): number;
  engine_calculate_prepared(handle: number, ptr: number, len: number): number;
  engine_release(handle: number): void;
  engine_read_record_table(ptr: number, len: number): number;
}

const STATUS_OK = 0;
const exportNames = [
  'engine_alloc',
  'engine_free',
  'engine_calculate',
  'engine_calculate_columns',
  'engine_result_ptr',
  'engine_result_len',
  'engine_result_free',
  'engine_prepare',
  'engine_calculate_prepared',
  'engine_release',
  'engine_read_record_table',
] as const;

let loading: Promise<EngineExports> | null = null;
/** The module once loaded, for what runs at once or not at all (readRecordLines). */
let loaded: EngineExports | null = null;

function defaultUrl(): URL {
  return new URL('./engine.wasm', import.meta.url);
}

async function readModuleBytes(url: URL): Promise<BufferSource> {
  if (url.protocol === 'file:') {
    // Kept out of browser bundles: only Node reaches a file: URL.
    const fsModule = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ fsModule)) as typeof import('node:fs/promises');
    return new Uint8Array(await fs.readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`engine.wasm: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function instantiate(url: URL): Promise<EngineExports> {
  const bytes = await readModuleBytes(url);
  const module = await WebAssembly.compile(bytes);
  const instance = await WebAssembly.instantiate(module, {});
  const exports = instance.exports as Partial<EngineExports>;
  const missing = exportNames.filter((name) => typeof exports[name] !== 'function');
  if (!(exports.memory instanceof WebAssembly.Memory) || missing.length > 0) {
    throw new Error(`engine.wasm: missing exports ${missing.join(', ') || 'memory'}`);
  }
  return exports as EngineExports;
}

/** Loads the module once; a failed load is forgotten so the next call tries again. */
export function loadEngine(url?: URL | string): Promise<EngineExports> {
  loading ??= instantiate(url === undefined ? defaultUrl() : new URL(url, defaultUrl())).then(
    (engine) => {
      if (loading !== null) loaded = engine;
      return engine;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Forgets the cached module (after a trap its memory can no longer be trusted). */
export function forgetEngine(): void {
  loading = null;
  loaded = null;
}

function callEngine(engine: EngineExports, inputText: string): { status: number; text: string } {
  return withBytes(engine, new TextEncoder().encode(inputText), (ptr, len) => {
    const status = engine.engine_calculate(ptr, len) >>> 0;
    return takeResult(engine, (view) => ({ status, text: new TextDecoder().decode(view) }));
  });
}

/** Runs the loaded module: the output JSON text exactly as the engine wrote it. */
export function runWasmText(engine: EngineExports, input: EngineInput): string {
  let result: { status: number; text: string };
  try {
    // Amounts travel as the strings of the JSON text, never as JS numbers.
    result = callEngine(engine, JSON.stringify(input));
  } catch (error) {
    forgetEngine();
    throw error;
  }
  if (result.status !== STATUS_OK) throw new EngineInputError(result.text);
  return result.text;
}

/**
 * The fast path: the input in columns (engine/columns.ts), the result in the compact layout.
 * Null when the input does not fit the columns or the engine rejects it; the JSON path then
 * gives the exact `path: message` (or, for a shape the columns do not hold, the output). With
 * `records` (a record table), those are the input's records.
 */
export function runWasmColumns(
  engine: EngineExports,
  input: unknown,
  records?: RecordColumns,
): EngineOutput | null {
  const columns = encodeColumns(input, records);
  if (columns === null) return null;
  try {
    return withColumns(engine, columns, (ptr, len) => {
      const status = engine.engine_calculate_columns(ptr, len) >>> 0;
      return takeResult(engine, (view) =>
        status === STATUS_OK ? decodeResult(view.buffer, view.byteOffset, columns) : null,
      );
    });
  } catch (error) {
    forgetEngine();
    throw error;
  }
}

/** Copies `bytes` into the module's memory and runs `call` on them; the buffer is freed after. */
function withBytes<T>(
  engine: EngineExports,
  bytes: Uint8Array,
  call: (ptr: number, len: number) => T,
): T {
  const ptr = engine.engine_alloc(bytes.length) >>> 0;
  if (ptr === 0) throw new Error('engine.wasm: allocation failed');
  try {
    new Uint8Array(engine.memory.buffer, ptr, bytes.length).set(bytes);
    return call(ptr, bytes.length);
  } finally {
    engine.engine_free(ptr, bytes.length);
  }
}

/** Writes `columns` into the module's memory and runs `call` on them; the buffer is freed after. */
function withColumns<T>(
  engine: EngineExports,
  columns: ColumnarInput,
  call: (ptr: number, len: number) => T,
): T {
  // One spare word so the buffer can start on a multiple of 8 (the f64 and u32 sections).
  const allocated = columns.size + 8;
  const bufferPtr = engine.engine_alloc(allocated) >>> 0;
  if (bufferPtr === 0) throw new Error('engine.wasm: allocation failed');
  try {
    const inputPtr = (bufferPtr + 7) & ~7;
    columns.write(engine.memory.buffer, inputPtr);
    return call(inputPtr, columns.size);
  } finally {
    engine.engine_free(bufferPtr, allocated);
  }
}

/**
 * Reads the engine's last result and frees it. `read` gets the bytes in place, or a copy when
 * they do not start on a multiple of 8 (the compact result's f64 and u32 sections need it).
 */
function takeResult<T>(engine: EngineExports, read: (bytes: Uint8Array<ArrayBuffer>) => T): T {
  try {
    const resultPtr = engine.engine_result_ptr() >>> 0;
    const resultLen = engine.engine_result_len() >>> 0;
    // A fresh view: the calculation may have grown (and so replaced) the memory buffer.
    const view = new Uint8Array(engine.memory.buffer, resultPtr, resultLen);
    return read(resultPtr % 8 === 0 ? view : view.slice());
  } finally {
    engine.engine_result_free();
  }
}

/**
 * Reads record table lines (recordTable.ts) in `engine`: the same columns as readLines in JS
 * (tests/engine/recordTableWasm.test.ts). Null when one is not a record table's line.
 */
export function readLinesWasm(
  engine: EngineExports,
  ...[bytes, filling]: Parameters<RecordLineReader>
): Filling | null {
  return withBytes(engine, bytes, (ptr, len) => {
    const status = engine.engine_read_record_table(ptr, len) >>> 0;
    try {
      if (status !== STATUS_OK) return null;
      const resultPtr = engine.engine_result_ptr() >>> 0;
      const resultLen = engine.engine_result_len() >>> 0;
      // Copied as bytes: the result need not start on a multiple of 8.
      const read = new Uint8Array(engine.memory.buffer, resultPtr, resultLen);
      const count = new DataView(read.buffer, resultPtr, 4).getUint32(0, true);
      const unitsAt = 4;
      const lengthsAt = unitsAt + count * 8;
      const flagsAt = lengthsAt + count * 16;
      const textAt = flagsAt + count;
      const into = roomFor(filling, count, resultLen - textAt);
      const bytesOf = (column: Float64Array | Uint32Array, from: number, length: number) =>
        new Uint8Array(column.buffer, column.byteOffset + from * column.BYTES_PER_ELEMENT, length);
      bytesOf(into.units, into.count, count * 8).set(read.subarray(unitsAt, lengthsAt));
      bytesOf(into.lengths, into.count * 4, count * 16).set(read.subarray(lengthsAt, flagsAt));
      into.flags.set(read.subarray(flagsAt, textAt), into.count);
      into.text.set(read.subarray(textAt), into.written);
      into.count += count;
      into.written += resultLen - textAt;
      return into;
    } finally {
      engine.engine_result_free();
    }
  });
}

/**
 * Reads record table lines in the module when it is loaded, else in JS: the same columns either
 * way. The module reads a preview's 100,000 records in milliseconds; a new worker's JS, not
 * optimised yet, takes 100 to 200.
 */
export const readRecordLines: RecordLineReader = (bytes, into) => {
  if (loaded === null) return readLines(bytes, into);
  try {
    return readLinesWasm(loaded, bytes, into);
  } catch {
    // A trap leaves the module's memory untrusted: it is loaded again next time; this runs here.
    forgetEngine();
    return readLines(bytes, into);
  }
};

/** An EngineOutput without its lines: what a preview of payouts shows. */
export type SummaryOutput = Omit<EngineOutput, 'lines'>;

/**
 * A statement kept inside the module (records and catalog read once) and calculated again with
 * other split sets, recoupments or state: the split editor's preview. Release it when done.
 */
export interface PreparedStatement {
  /**
   * Calculates the kept records and catalog with `headerJson`, the input's other fields as JSON
   * text with `"records":[]` and `"catalog":{}`. Null when the engine rejects the header: the
   * caller validates the whole input to name the problem.
   */
  summary(headerJson: string): SummaryOutput | null;
  release(): void;
}

/**
 * Reads and validates `input` into the module, or gives null when the columns do not hold it or
 * the engine rejects it (the caller then validates it, or calculates it whole, as runWasm does).
 * With `records` (a record table), those are the input's records.
 */
export function prepareWasm(
  engine: EngineExports,
  input: unknown,
  records?: RecordColumns,
): PreparedStatement | null {
  const columns = encodeColumns(input, records);
  if (columns === null) return null;
  let handle: number | null;
  try {
    handle = withColumns(engine, columns, (ptr, len) => {
      const status = engine.engine_prepare(ptr, len) >>> 0;
      return takeResult(engine, (view) =>
        status === STATUS_OK ? new DataView(view.buffer, view.byteOffset).getUint32(0, true) : null,
      );
    });
  } catch (error) {
    forgetEngine();
    throw error;
  }
  if (handle === null) return null;
  const kept = handle;
  let released = false;
  return {
    summary(headerJson) {
      if (released) throw new Error('engine.wasm: the prepared statement was released');
      try {
        return withBytes(engine, new TextEncoder().encode(headerJson), (ptr, len) => {
          const status = engine.engine_calculate_prepared(kept, ptr, len) >>> 0;
          return takeResult(engine, (view) => {
            if (status !== STATUS_OK) return null;
            const { lines: _lines, ...summary } = decodeResult(
              view.buffer,
              view.byteOffset,
              columns,
            );
            return summary;
          });
        });
      } catch (error) {
        released = true;
        forgetEngine();
        throw error;
      }
    },
    release() {
      if (released) return;
      released = true;
      engine.engine_release(kept);
    },
  };
}

/** Runs the loaded module on the fast path, or the JSON path when that declines. */
export function runWasm(engine: EngineExports, input: EngineInput): EngineOutput {
  return runWasmColumns(engine, input) ?? (JSON.parse(runWasmText(engine, input)) as EngineOutput);
}

export async function calculateWasmText(input: EngineInput, url?: URL | string): Promise<string> {
  return runWasmText(await loadEngine(url), input);
}

/** Input objects in, output objects out, through the compact columnar boundary. */
export async function calculateWasm(input: EngineInput, url?: URL | string): Promise<EngineOutput> {
  return runWasm(await loadEngine(url), input);
}
