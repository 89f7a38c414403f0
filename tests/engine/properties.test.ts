// ENGINE.md's invariants on random inputs, on the decimal.js reference.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyOutput } from '../../engine/outputJson';
import { calculateReference } from '../../engine/reference/index';
import type { EngineInput } from '../../engine/types';
import { engineInput, escalatingInput, nettingInput, statementPair } from './arbitraries';
import { count, expectInvariants, expectMoneyConserved } from './invariants';

function deferredIn(input: EngineInput): bigint {
  return input.recoupments.reduce(
    (sum, item) => sum + count(input.state.recoupments[item.id]?.deferred ?? '0'),
    0n,
  );
}

const withState = (input: EngineInput, state: EngineInput['state']): EngineInput => ({
  ...input,
  state,
});

describe('reference invariants', () => {
  it('keeps gross, net, allocation and payouts consistent on random inputs', () => {
    fc.assert(
      fc.property(engineInput, (input) => {
        const output = calculateReference(input);
        expectInvariants(output);
        expectMoneyConserved(output, deferredIn(input));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps them when records cross several thresholds', () => {
    fc.assert(
      fc.property(escalatingInput, (input) => {
        const output = calculateReference(input);
        expectInvariants(output);
        expectMoneyConserved(output, deferredIn(input));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps them when debtors net negative buckets', () => {
    fc.assert(
      fc.property(nettingInput, (input) => {
        const output = calculateReference(input);
        expectInvariants(output);
        expectMoneyConserved(output, deferredIn(input));
      }),
      { numRuns: 1000 },
    );
  });

  it('is a pure function: same input, same output text', () => {
    fc.assert(
      fc.property(engineInput, (input) => {
        const again = JSON.parse(JSON.stringify(input)) as EngineInput;
        expect(stringifyOutput(calculateReference(again))).toBe(
          stringifyOutput(calculateReference(input)),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('replay across statements', () => {
  it('runs B on the state A returned, the same however A was reached', () => {
    fc.assert(
      fc.property(statementPair, ([first, second]) => {
        const firstOutput = calculateReference(first);
        // The state as the event log stores it: JSON text read back.
        const savedState = JSON.parse(JSON.stringify(firstOutput.state)) as EngineInput['state'];
        const secondOutput = calculateReference(withState(second, savedState));
        expectInvariants(secondOutput);
        expectMoneyConserved(secondOutput, deferredIn(withState(second, savedState)));

        // A's records in another input order reach the same history.
        const reordered = calculateReference({ ...first, records: [...first.records].reverse() });
        expect(stringifyOutput(reordered)).toBe(stringifyOutput(firstOutput));
        const replayed = calculateReference(withState(second, reordered.state));
        expect(stringifyOutput(replayed)).toBe(stringifyOutput(secondOutput));

        for (const trigger of secondOutput.triggers) {
          const before = firstOutput.triggers.find(
            (item) => item.splitSetId === trigger.splitSetId,
          );
          expect(trigger.counterBefore).toBe(before?.counterAfter);
        }
        for (const item of secondOutput.recoupments) {
          expect(item.before).toBe(firstOutput.state.recoupments[item.id]?.remaining);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves the state unchanged through a statement without records', () => {
    fc.assert(
      fc.property(statementPair, ([first, second]) => {
        const firstOutput = calculateReference(first);
        const empty = calculateReference({ ...withState(second, firstOutput.state), records: [] });
        expect(stringifyOutput({ ...firstOutput, state: empty.state })).toBe(
          stringifyOutput(firstOutput),
        );
        expect(empty.payees).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
