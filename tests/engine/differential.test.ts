// The WASM engine and the decimal.js reference write identical output JSON on random inputs.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineInputError } from '../../engine/errors';
import {
  calculateWasm,
  loadEngine,
  runWasmColumns,
  runWasmText,
  type EngineExports,
} from '../../engine/loader';
import { stringifyOutput } from '../../engine/outputJson';
import { openPreview } from '../../engine/preview';
import { calculateReference } from '../../engine/reference/index';
import type { EngineInput } from '../../engine/types';
import { engineInput, escalatingInput, nettingInput, statementPair } from './arbitraries';
import { malformedInputs } from './malformed';

let engine: EngineExports;

// No skip: without engine/engine.wasm this fails, as it must before the engine lands.
beforeAll(async () => {
  engine = await loadEngine();
});

/** Both boundaries of the module, the JSON text and the columns, against the reference. */
function expectSameText(input: EngineInput): void {
  const reference = stringifyOutput(calculateReference(input));
  expect(runWasmText(engine, input)).toBe(reference);
  const fast = runWasmColumns(engine, input);
  // A valid input never falls back to the JSON path.
  expect(fast).not.toBeNull();
  if (fast !== null) expect(stringifyOutput(fast)).toBe(reference);
}

/** Codes, products, payees and record ids outside ASCII, some outside the BMP. */
function unicodeVariant(input: EngineInput): EngineInput {
  const renames: [RegExp, string][] = [
    [/"C1"/g, '"C1-\u00e9"'],
    [/"C2"/g, '"C2-\ud83d\ude00"'],
    [/"p1"/g, '"p1-\u00fc\u4e2d"'],
    [/"ann"/g, '"\u00e5nn"'],
    [/"bob"/g, '"b\ud834\udd1eb"'],
    [/"(2026-\d\d-r\d+)/g, '"\u00d8$1'],
  ];
  let text = JSON.stringify(input);
  for (const [pattern, replacement] of renames) text = text.replace(pattern, replacement);
  return JSON.parse(text) as EngineInput;
}

describe('WASM engine against the decimal.js reference', () => {
  // Ten thousand runs: on a machine busy with other work this alone took 140 s.
  it('gives the same output JSON on 10,000 random statements', { timeout: 600_000 }, () => {
    fc.assert(fc.property(engineInput, expectSameText), { numRuns: 10_000 });
  });

  it('gives the same output with ids and codes outside ASCII', () => {
    fc.assert(
      fc.property(engineInput, (input) => expectSameText(unicodeVariant(input))),
      { numRuns: 500 },
    );
  });

  it('gives the same output when record ids already ascend in input order', () => {
    // The engine skips sorting ids within a day when they already ascend; dates stay random.
    const ascending = (input: EngineInput): EngineInput => ({
      ...input,
      records: input.records.map((record, index) => ({
        ...record,
        id: `r${String(index).padStart(4, '0')}`,
      })),
    });
    fc.assert(
      fc.property(engineInput, (input) => expectSameText(ascending(input))),
      { numRuns: 1_000 },
    );
    fc.assert(
      fc.property(escalatingInput, (input) => expectSameText(ascending(input))),
      { numRuns: 500 },
    );
  });

  it('previews an opened statement with other split sets as the reference calculates it whole', async () => {
    await fc.assert(
      fc.asyncProperty(engineInput, engineInput, async (opened, other) => {
        const preview = await openPreview(opened);
        try {
          for (const splitSets of [opened.splitSets, other.splitSets, opened.splitSets]) {
            let expected: string;
            try {
              const { lines: _lines, ...summary } = calculateReference({ ...opened, splitSets });
              expected = JSON.stringify(summary);
            } catch (error) {
              expect(error).toBeInstanceOf(EngineInputError);
              await expect(preview.calculate(JSON.stringify(splitSets))).rejects.toEqual(error);
              continue;
            }
            const result = await preview.calculate(JSON.stringify(splitSets));
            expect(result.backend).toBe('wasm');
            expect(JSON.stringify(result.output)).toBe(expected);
          }
        } finally {
          preview.close();
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('gives the same output on 2,000 statements crossing many thresholds', () => {
    fc.assert(fc.property(escalatingInput, expectSameText), { numRuns: 2_000 });
  });

  it('gives the same output on 2,000 statements where debtors net negative buckets', () => {
    fc.assert(fc.property(nettingInput, expectSameText), { numRuns: 2_000 });
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

  it.each(malformedInputs)('rejects "$name" with the same line', async ({ input, error }) => {
    expect(() => runWasmText(engine, input as EngineInput)).toThrow(new EngineInputError(error));
    // The columns never return a result for it; calculateWasm then reports the JSON path's line.
    expect(runWasmColumns(engine, input)).toBeNull();
    await expect(calculateWasm(input as EngineInput)).rejects.toThrow(new EngineInputError(error));
  });
});
