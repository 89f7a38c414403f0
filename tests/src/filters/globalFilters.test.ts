import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterQuery,
  monthChoices,
  filterSearch,
  readFilters,
  writeFilters,
} from '../../../src/filters/globalFilters';

const params = (text: string) => new URLSearchParams(text);

describe('the global filters in the address', () => {
  it('defaults to the last 12 months, no month, no artist, and writes nothing for them', () => {
    const filters = readFilters(params(''));
    expect(filters).toEqual({ months: 12, month: null, artist: null, payee: null });
    expect(writeFilters(params('q=song'), filters).toString()).toBe('q=song');
  });

  it('round-trips a shared view and keeps the page’s own parameters', () => {
    const written = writeFilters(params('status=open'), {
      months: 6,
      month: '2026-09',
      artist: 'a-1',
      payee: null,
    });
    expect(written.toString()).toBe('status=open&months=6&month=2026-09&artist=a-1');
    expect(readFilters(written)).toEqual({
      months: 6,
      month: '2026-09',
      artist: 'a-1',
      payee: null,
    });
  });

  it('reads anything it cannot trust as its default', () => {
    expect(readFilters(params('months=7&month=2026-13&artist=%27%3B--'))).toEqual({
      months: 12,
      month: null,
      artist: null,
      payee: null,
    });
    expect(readFilters(params('months=all')).months).toBe('all');
  });

  it('sends the month when one is chosen, otherwise the timeframe, and the artist (SPEC section 7)', () => {
    expect(filterQuery(readFilters(params('months=3&artist=a-1')))).toEqual({
      months: 3,
      artist: 'a-1',
    });
    expect(filterQuery(readFilters(params('months=3&month=2026-02')))).toEqual({
      month: '2026-02',
    });
    expect(filterQuery(readFilters(params('months=all')))).toEqual({});
  });

  it('carries only the filters from page to page', () => {
    expect(filterSearch(params('q=x&months=24&artist=a-1&offset=40'))).toBe(
      '?months=24&artist=a-1',
    );
    expect(filterSearch(params('q=x'))).toBe('');
  });
});

describe('the months the Month filter offers', () => {
  const monthOf = (date: Date) =>
    `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

  it('offers this month and the 35 before it, newest first, and a chosen month outside them', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z') }),
        fc.option(fc.tuple(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }))),
        (today, picked) => {
          const chosen = picked ? `${picked[0]}-${String(picked[1]).padStart(2, '0')}` : null;
          const months = monthChoices(today, chosen);
          const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 35, 1));
          const inWindow = (month: string) => month >= monthOf(first) && month <= monthOf(today);
          expect(months.filter(inWindow)).toHaveLength(36);
          expect(months.filter((month) => !inWindow(month))).toEqual(
            chosen && !inWindow(chosen) ? [chosen] : [],
          );
          expect([...months].sort().reverse()).toEqual(months);
        },
      ),
      { seed: 20261128 },
    );
  });
});
