import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { totalHold, type ReadTotals } from '../../rules/totalChecks';

const read = (revenue: string, extra: Partial<ReadTotals> = {}): ReadTotals => ({
  currency: 'GBP',
  revenue,
  streamRevenue: '0',
  streamUnits: '0',
  files: 1,
  ...extra,
});
const none = { expected: null, largestMonth: null, confirmed: null };

describe('a statement total checked before it counts', () => {
  it('passes an expected total within a cent per file and holds one beyond it with both figures', () => {
    expect(totalHold(read('100.01'), { ...none, expected: '100' })).toBeNull();
    expect(totalHold(read('99.99'), { ...none, expected: '100' })).toBeNull();
    // Two files: two cents.
    expect(totalHold(read('100.02', { files: 2 }), { ...none, expected: '100' })).toBeNull();
    expect(totalHold(read('100.011'), { ...none, expected: '100' })).toEqual({
      check: 'expected',
      currency: 'GBP',
      read: '100.011',
      expected: '100',
    });
    expect(totalHold(read('5280012390'), { ...none, expected: '29.63' })).toMatchObject({
      check: 'expected',
      read: '5280012390',
      expected: '29.63',
    });
  });

  it('holds, whatever the files count, any total further than a cent per file from the expected one (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }),
        fc.bigInt({ min: -500n, max: 500n }),
        fc.integer({ min: 1, max: 5 }),
        (cents, delta, files) => {
          const amount = (value: bigint) => {
            const sign = value < 0n ? '-' : '';
            const digits = (value < 0n ? -value : value).toString().padStart(3, '0');
            return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
          };
          const hold = totalHold(read(amount(cents + delta), { files }), {
            ...none,
            expected: amount(cents),
          });
          const beyond = (delta < 0n ? -delta : delta) > BigInt(files);
          expect(hold !== null).toBe(beyond);
        },
      ),
      { seed: 20261128, numRuns: 300 },
    );
  });

  it("holds a total more than ten times the label's largest month from the distributor, naming both", () => {
    const largestMonth = { month: '2026-08', revenue: '29.63' };
    expect(totalHold(read('296.30'), { ...none, largestMonth })).toBeNull();
    expect(totalHold(read('5280012390'), { ...none, largestMonth })).toEqual({
      check: 'history',
      currency: 'GBP',
      read: '5280012390',
      largestMonth: '29.63',
      month: '2026-08',
      times: '178198190',
    });
    // Returns count by their size too.
    expect(totalHold(read('-400'), { ...none, largestMonth })).toMatchObject({ check: 'history' });
    // Under 100.00 (10,000 minor units), no total is out of line: a first release's cents
    // growing to a few pounds, or yen, is no misread.
    const tiny = { month: '2026-08', revenue: '0.0001' };
    expect(totalHold(read('0.0011'), { ...none, largestMonth: tiny })).toBeNull();
    expect(totalHold(read('99.99'), { ...none, largestMonth: tiny })).toBeNull();
    expect(totalHold(read('100'), { ...none, largestMonth: tiny })).toMatchObject({
      check: 'history',
    });
    expect(
      totalHold(read('9999', { currency: 'JPY' }), {
        ...none,
        largestMonth: { month: '2026-08', revenue: '1' },
      }),
    ).toBeNull();
    expect(
      totalHold(read('10000', { currency: 'JPY' }), {
        ...none,
        largestMonth: { month: '2026-08', revenue: '1' },
      }),
    ).toMatchObject({ check: 'history' });

    // No history, or with an expected total, no comparison with it.
    expect(totalHold(read('5280012390'), none)).toBeNull();
    expect(
      totalHold(read('5280012390'), { ...none, largestMonth, expected: '5280012390' }),
    ).toBeNull();
  });

  it('holds streams earning more each than any store pays, in the currency’s minor units', () => {
    const streams = (revenue: string, units: string, currency = 'GBP') =>
      read(revenue, { streamRevenue: revenue, streamUnits: units, currency });
    // 4,000 streams at a third of a penny.
    expect(totalHold(streams('13.33', '4000'), none)).toBeNull();
    // An id column read as revenue: 1,320,003 a stream.
    expect(totalHold(streams('5280012390', '4000'), none)).toEqual({
      check: 'perUnit',
      currency: 'GBP',
      read: '5280012390',
      perUnit: '1320003.09',
      units: '4000',
      bound: '1000',
    });
    expect(totalHold(streams('1000', '1'), none)).toBeNull();
    expect(totalHold(streams('1000.01', '1'), none)).toMatchObject({ check: 'perUnit' });
    // Yen have no minor unit: the bound is 100,000 yen.
    expect(totalHold(streams('100000', '1', 'JPY'), none)).toBeNull();
    expect(totalHold(streams('100001', '1', 'JPY'), none)).toMatchObject({
      check: 'perUnit',
      bound: '100000',
    });
  });

  it('does not hold again the figure the label confirmed, and holds a different one', () => {
    const context = { ...none, expected: '29.63', confirmed: '5280012390' };
    expect(totalHold(read('5280012390'), context)).toBeNull();
    expect(totalHold(read('5280012391'), context)).toMatchObject({ check: 'expected' });
  });
});
