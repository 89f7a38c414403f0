import { describe, expect, it } from 'vitest';
import { ReadingSummary, summariseRecords } from '../../rules/readingSummary';

const record = (
  revenue: string,
  {
    currency = 'GBP',
    units = 1,
    date = '2026-09-01',
    territory = 'GB',
  }: { currency?: string; units?: number; date?: string | null; territory?: string | null } = {},
) => ({ revenue, currency, units, date, territory });

describe('what a reading gives, per currency', () => {
  it('counts rows, exact revenue and units, the date range and the five territories that earn most', () => {
    const summary = summariseRecords([
      record('0.1', { territory: 'US', date: '2026-09-03' }),
      record('0.2', { territory: 'US', units: 2 }),
      record('5280012390', { territory: 'DE', date: '2026-08-31' }),
      record('-0.000000000001', { territory: 'FR', date: '2026-09-30' }),
      record('1', { territory: 'JP' }),
      record('2', { territory: 'BR' }),
      record('3', { territory: null, date: null }),
      record('0.5', { territory: 'MX' }),
      record('12', { currency: 'USD', units: 40, territory: 'US' }),
    ]);
    expect(summary).toEqual([
      {
        currency: 'GBP',
        rows: 8,
        revenue: '5280012396.799999999999',
        units: '9',
        firstDate: '2026-08-31',
        lastDate: '2026-09-30',
        territories: [
          { territory: 'DE', revenue: '5280012390', rows: 1 },
          { territory: null, revenue: '3', rows: 1 },
          { territory: 'BR', revenue: '2', rows: 1 },
          { territory: 'JP', revenue: '1', rows: 1 },
          { territory: 'MX', revenue: '0.5', rows: 1 },
        ],
      },
      {
        currency: 'USD',
        rows: 1,
        revenue: '12',
        units: '40',
        firstDate: '2026-09-01',
        lastDate: '2026-09-01',
        territories: [{ territory: 'US', revenue: '12', rows: 1 }],
      },
    ]);
  });

  it('ranks a territory of returns by its size and gives nothing for no rows', () => {
    const summary = new ReadingSummary();
    expect(summary.result()).toEqual([]);
    summary.add(record('-50', { territory: 'US' }));
    summary.add(record('10', { territory: 'GB' }));
    expect(summary.result()[0]?.territories.map((t) => t.territory)).toEqual(['US', 'GB']);
    expect(summary.result()[0]?.revenue).toBe('-40');
  });
});
