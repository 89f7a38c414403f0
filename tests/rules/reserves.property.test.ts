// The reserve one statement takes of one payee (rules/reserves.ts), over generated statements:
// nothing is created or lost, to the last of 12 decimals, whatever the rules, payouts and returns.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargeReleases,
  periodOfMonth,
  periodsAfter,
  periodStart,
  reserveOutcome,
  type EarningsPart,
  type ReserveRule,
} from '../../rules/reserves';

const SEED = 20261128;
/** Exact text of up to 12 decimals, as payouts are. */
const exact = (min: number, max: number) =>
  fc
    .bigInt({ min: BigInt(min) * 10n ** 12n, max: BigInt(max) * 10n ** 12n })
    .map((units) => new Decimal(units.toString()).dividedBy(1e12).toFixed());
const part: fc.Arbitrary<EarningsPart> = fc.record({
  productId: fc.constantFrom('', 'p1', 'p2'),
  format: fc.constantFrom('', 'stream', 'download', 'physical', 'video', 'other'),
  amount: exact(-500, 2000),
});
const rule: fc.Arbitrary<ReserveRule> = fc.record({
  scope: fc.constantFrom('product' as const, 'format' as const),
  target: fc.constantFrom('p1', 'p2', 'download', 'physical', 'other'),
  percent: fc
    .integer({ min: 0, max: 1_000_000 })
    .map((n) => new Decimal(n).dividedBy(10_000).toFixed()),
  release: fc.record({
    kind: fc.constantFrom('after' as const, 'spread' as const),
    periods: fc.integer({ min: 1, max: 7 }),
  }),
});
const sum = (values: readonly string[]) =>
  values.reduce((total, value) => total.plus(value), new Decimal(0));

describe('a payee’s reserve on a statement', () => {
  it('withholds no more than is credited, releases exactly what it withholds, charges no more than is held', () => {
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 8 }),
        fc.array(rule, { maxLength: 4 }),
        exact(-500, 3000),
        exact(0, 300),
        fc.constantFrom('2026-01', '2026-11', '2026-Q4'),
        (parts, rules, payout, reserve, period) => {
          const outcome = reserveOutcome({ parts, rules, payout, reserve, period });
          const withheld = new Decimal(outcome.withheld);
          const charged = new Decimal(outcome.charged);
          // Releases sum exactly to what is withheld, each above zero, in due order.
          expect(sum(outcome.releases.map((r) => r.amount)).equals(withheld)).toBe(true);
          for (const release of outcome.releases) {
            expect(new Decimal(release.amount).gt(0)).toBe(true);
            expect(release.period > period).toBe(true);
            expect(release.dueOn).toBe(periodStart(release.period));
          }
          const periods = outcome.releases.map((r) => r.period);
          expect(periods).toEqual([...periods].sort());
          // 12 decimals at most: nothing smaller than the ledger keeps.
          expect(withheld.decimalPlaces()).toBeLessThanOrEqual(12);
          // Withheld from what was credited (with the charge), never past it.
          expect(withheld.lte(Decimal.max(new Decimal(payout).plus(charged), 0))).toBe(true);
          // Charged from what the reserve holds, for returns only.
          expect(charged.lte(reserve)).toBe(true);
          expect(charged.lte(outcome.returns)).toBe(true);
          // Every return but a stream's is charged, as far as the reserve holds, whatever the
          // rules say now: a rule cleared leaves its reserve standing against returns.
          const returned = sum(
            parts
              .filter((p) => p.format !== 'stream' && new Decimal(p.amount).lt(0))
              .map((p) => p.amount),
          ).negated();
          expect(new Decimal(outcome.returns).equals(returned)).toBe(true);
          expect(charged.equals(Decimal.min(returned, reserve))).toBe(true);
          const cleared = reserveOutcome({ parts, rules: [], payout, reserve, period });
          expect(cleared.charged).toBe(outcome.charged);
          // Streams are never covered.
          const streamsOnly = parts.map((p) => ({ ...p, format: 'stream' }));
          const none = reserveOutcome({ parts: streamsOnly, rules, payout, reserve, period });
          expect([none.withheld, none.charged, none.releases]).toEqual(['0', '0', []]);
        },
      ),
      { numRuns: 200, seed: SEED },
    );
  });

  it('charges open releases earliest first, never more than each holds or than asked', () => {
    fc.assert(
      fc.property(fc.array(exact(0, 100), { maxLength: 6 }), exact(0, 400), (opens, amount) => {
        const releases = opens.map((open, index) => ({ id: `r${index}`, open }));
        const taken = chargeReleases(releases, amount);
        const total = sum(taken.map((t) => t.amount));
        expect(total.equals(Decimal.min(amount, sum(opens)))).toBe(true);
        for (const take of taken) {
          const release = releases.find((r) => r.id === take.id);
          expect(new Decimal(take.amount).lte(release?.open ?? 0)).toBe(true);
        }
        // Only the last release charged is left partly open.
        for (const take of taken.slice(0, -1)) {
          expect(take.amount).toBe(releases.find((r) => r.id === take.id)?.open);
        }
      }),
      { numRuns: 200, seed: SEED },
    );
  });

  it('counts periods in months or quarters across years', () => {
    expect(periodsAfter('2026-11', 3)).toBe('2027-02');
    expect(periodsAfter('2026-Q4', 1)).toBe('2027-Q1');
    expect(periodOfMonth('2026-11', 'quarter')).toBe('2026-Q4');
    expect(periodStart('2027-Q2')).toBe('2027-04-01');
  });
});
