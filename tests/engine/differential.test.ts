// The WASM engine and the decimal.js reference write identical output JSON on random inputs.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineInputError } from '../../engine/errors';
import { loadEngine, runWasmText, type EngineExports } from '../../engine/loader';
import { stringifyOutput } from '../../engine/outputJson';
import { calculateReference } from '../../engine/reference/index';
import type { EngineInput } from '../../engine/types';
import { engineInput, escalatingInput, statementPair } from './arbitraries';
import { malformedInputs } from './malformed';

let engine: EngineExports;

// No skip: without engine/engine.wasm this fails, as it must before the engine lands.
beforeAll(async () => {
  engine = await loadEngine();
});

function expectSameText(input: EngineInput): void {
  const reference = stringifyOutput(calculateReference(input));
  expect(runWasmText(engine, input)).toBe(reference);
}

describe('WASM engine against the decimal.js reference', () => {
  it('gives the same output JSON on 10,000 random statements', () => {
    fc.assert(fc.property(engineInput, expectSameText), { numRuns: 10_000 });
  });

  it('gives the same output on 2,000 statements crossing many thresholds', () => {
    fc.assert(fc.property(escalatingInput, expectSameText), { numRuns: 2_000 });
  });

  it('gives the same second statement on the state of the first', () => {
    fc.assert(
      fc.property(statementPair, ([first, second]) => {
        const firstText = runWasmText(engine, first);
        expect(firstText).toBe(stringifyOutput(calculateReference(first)));
        const state = (JSON.parse(firstText) as { state: EngineInput['state'] }).state;
        expectSameText({ ...second, state });
      }),
      { numRuns: 2_000 },
    );
  });

  it.each(malformedInputs)('rejects "$name" with the same line', ({ input, error }) => {
    expect(() => runWasmText(engine, input as EngineInput)).toThrow(new EngineInputError(error));
  });
});
