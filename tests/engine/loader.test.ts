// The loader on the real engine.wasm: boundary, caching, failure and memory.
import { describe, expect, it } from 'vitest';
import { calculate } from '../../engine/index';
import {
  calculateWasm,
  calculateWasmText,
  forgetEngine,
  loadEngine,
  runWasm,
  runWasmColumns,
  runWasmText,
} from '../../engine/loader';
import { stringifyOutput } from '../../engine/outputJson';
import { calculateReference } from '../../engine/reference/index';
import type { EngineInput } from '../../engine/types';
import { workedExamples } from './fixtures';
import { malformedInputs } from './malformed';

const missingModule = new URL('file:///nonexistent/engine.wasm');

describe('engine loader', () => {
  it('loads engine/engine.wasm once and reuses the instance', async () => {
    const first = loadEngine();
    expect(loadEngine()).toBe(first);
    const engine = await first;
    expect(engine.memory).toBeInstanceOf(WebAssembly.Memory);
  });

  it('passes amounts as text both ways', async () => {
    const text = await calculateWasmText(workedExamples.largestRemainder);
    expect(text).toContain('"payout":"0.000000000001"');
    expect(text).toBe(stringifyOutput(calculateReference(workedExamples.largestRemainder)));
    const output = await calculateWasm(workedExamples.groups);
    expect(output.totals.allocated).toBe('10');
  });

  it('takes the columnar path for input objects, and the JSON path when the columns decline', async () => {
    const engine = await loadEngine();
    const input = workedExamples.escalation;
    const text = stringifyOutput(calculateReference(input));
    const fast = runWasmColumns(engine, input);
    expect(fast === null ? null : stringifyOutput(fast)).toBe(text);
    // A Date is not plain JSON data: the columns decline, JSON.stringify makes it text (an unknown key).
    const odd = {
      ...input,
      recoupments: [],
      splitSets: input.splitSets.map((set) => ({ ...set, note: new Date(0) })),
    };
    expect(runWasmColumns(engine, odd)).toBeNull();
    expect(stringifyOutput(runWasm(engine, odd))).toBe(
      stringifyOutput(calculateReference({ ...input, recoupments: [] })),
    );
  });

  it('forgets a failed load so the next call tries again', async () => {
    forgetEngine();
    await expect(loadEngine(missingModule)).rejects.toThrow();
    await expect(loadEngine()).resolves.toHaveProperty('engine_calculate');
  });

  it('falls back to the reference when the module cannot load, and says so', async () => {
    forgetEngine();
    const fallback = await calculate(workedExamples.groups, { wasmUrl: missingModule });
    expect(fallback.backend).toBe('decimal');
    forgetEngine();
    const wasm = await calculate(workedExamples.groups);
    expect(wasm.backend).toBe('wasm');
    expect(stringifyOutput(wasm.output)).toBe(stringifyOutput(fallback.output));
  });

  it('frees every buffer: memory stays bounded over 1,000 calls, errors included', async () => {
    const engine = await loadEngine();
    const malformed = malformedInputs[0]?.input as EngineInput;
    const call = (index: number) => {
      if (index % 10 === 0) expect(() => runWasm(engine, malformed)).toThrow();
      else if (index % 2 === 0) runWasmText(engine, workedExamples.escalation);
      else runWasm(engine, workedExamples.escalation);
    };
    for (let index = 0; index < 50; index += 1) call(index);
    const warmedUp = engine.memory.buffer.byteLength;
    for (let index = 0; index < 1_000; index += 1) call(index);
    // One 64 KiB page of slack for allocator fragmentation; a leak of one input per call is far more.
    expect(engine.memory.buffer.byteLength).toBeLessThanOrEqual(warmedUp + 65_536);
  });
});
