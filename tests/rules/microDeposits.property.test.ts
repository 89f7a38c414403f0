// The two micro-deposits of a new bank account prove it only if nobody can guess them: random
// per account, never equal, never the pair the person's previous account received.
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { microDepositPair } from '../../rules/bankAccount';

const cents = (amount: string) => {
  expect(amount).toMatch(/^0\.\d\d$/);
  return Number(amount.slice(2));
};

/** The invariants of one account's pair, given the pair of the person's previous account. */
function expectGoodPair(pair: readonly string[], previous: readonly string[] | null) {
  const [first, second] = pair.map(cents);
  expect(pair).toHaveLength(2);
  for (const amount of [first, second]) {
    expect(amount).toBeGreaterThanOrEqual(1);
    expect(amount).toBeLessThanOrEqual(99);
  }
  expect(first).not.toBe(second);
  if (previous) expect([...pair].sort()).not.toEqual([...previous].sort());
}

describe('micro-deposits', () => {
  it('are two different amounts of 1 to 99 cents, and a person never gets the same pair twice running', () => {
    // ~200 accounts among 5 people, whatever the random source gives: the draws are arbitrary
    // integers (repeats, out of range, negative), so a weak source cannot break the rules.
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            person: fc.integer({ min: 0, max: 4 }),
            draws: fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 2, maxLength: 2 }),
          }),
          { minLength: 200, maxLength: 200 },
        ),
        (accounts) => {
          const previous = new Map<number, readonly string[]>();
          for (const { person, draws } of accounts) {
            let next = 0;
            const pair = microDepositPair(
              () => draws[next++ % 2] ?? 0,
              previous.get(person) ?? null,
            );
            expectGoodPair(pair, previous.get(person) ?? null);
            previous.set(person, pair);
          }
        },
      ),
      { seed: 20261128, numRuns: 20 },
    );
  });

  it('draws a new pair for the same person even when the source repeats itself', () => {
    const stuck = () => 7;
    const first = microDepositPair(stuck, null);
    const second = microDepositPair(stuck, first);
    expectGoodPair(second, first);
    expectGoodPair(microDepositPair(stuck, second), second);
  });

  it('are not the same for every account with the server’s random source', () => {
    const pairs = Array.from({ length: 200 }, () => microDepositPair(randomInt, null));
    for (const pair of pairs) expectGoodPair(pair, null);
    // 200 pairs of 99 x 98 possible ones: a handful of repeats at most, never one fixed pair.
    expect(new Set(pairs.map((pair) => pair.join())).size).toBeGreaterThan(150);
  });
});
