import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPeriods,
  monthsOfPeriod,
  periodOfMonth,
  periodStart,
  type PeriodLength,
} from '../../rules/periods';

const reportMonth = fc
  .record({ year: fc.integer({ min: 1990, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);
const length = fc.constantFrom<PeriodLength>('month', 'quarter');

describe('accounting periods', () => {
  it('puts a report month in its month or its quarter', () => {
    expect(periodOfMonth('2026-03', 'month')).toBe('2026-03');
    expect(periodOfMonth('2026-03', 'quarter')).toBe('2026-Q1');
    expect(periodOfMonth('2026-10', 'quarter')).toBe('2026-Q4');
    expect(monthsOfPeriod('2026-Q2')).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(periodStart('2026-Q3')).toBe('2026-07-01');
    expect(addPeriods('2026-12', 1)).toBe('2027-01');
    expect(addPeriods('2026-Q1', -1)).toBe('2025-Q4');
    expect(() => periodOfMonth('2026-13', 'month')).toThrow();
  });

  it('holds every report month in exactly one period, and steps periods without gaps', () => {
    fc.assert(
      fc.property(reportMonth, length, fc.integer({ min: -40, max: 40 }), (month, kind, step) => {
        const period = periodOfMonth(month, kind);
        expect(monthsOfPeriod(period)).toContain(month);
        const later = addPeriods(period, step);
        expect(addPeriods(later, -step)).toBe(period);
        if (step > 0) expect(later > period).toBe(true);
        if (step === 1) {
          const [last] = monthsOfPeriod(period).slice(-1);
          const [year, m] = last!.split('-').map(Number) as [number, number];
          const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
          expect(monthsOfPeriod(later)[0]).toBe(next);
        }
      }),
      { seed: 20261129, numRuns: 500 },
    );
  });
});
