// What a sample column's values say it holds, whatever its name: the proposal never reads ids,
// barcodes, dates or percentages as money.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeOf, totalsOf } from '../../../server/import/columnEvidence';

describe('the shape of a column of sample values', () => {
  it.each([
    [['11.02', '2.75', '-0.40'], false, 'amounts'],
    [['11,02', '2,75', '7,36'], true, 'amounts'],
    [['12', '3', '40', '7'], false, 'counts'],
    [['1200', '-3', '40'], false, 'counts'],
    [['1056002476', '1056002477', '1056002478'], false, 'codes'],
    [['859700000016', '859700000023'], false, 'codes'],
    [['1', '2', '3', '4'], false, 'ids'],
    [['48211', '48230', '48302'], false, 'ids'],
    [['004', '017', '022'], false, 'ids'],
    [['2026-03-01', '2026-03-02'], false, 'dates'],
    [['202603', '202604'], false, 'dates'],
    [['01.03.2026', '15.03.2026'], true, 'dates'],
    [['12.03', '1.05'], false, 'amounts'],
    [['70%', '70%'], false, 'rates'],
    [['QZDM12600001', 'QZDM12600002'], false, 'codes'],
    [['Spotify', 'Deezer'], false, 'text'],
    [['', ' '], false, 'blank'],
  ] as const)('reads %j as %s', (cells, decimalComma, shape) => {
    expect(shapeOf(cells, decimalComma)).toBe(shape);
  });

  it('reads row numbers and running references as ids wherever they start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9_999_999 }),
        fc.integer({ min: 3, max: 50 }),
        fc.integer({ min: 1, max: 9 }),
        (start, rows, step) => {
          const cells = Array.from({ length: rows }, (_, at) => String(start + at * step));
          expect(['ids', 'codes']).toContain(shapeOf(cells, false));
        },
      ),
      { seed: 20261128, numRuns: 200 },
    );
  });

  it('reads any column holding a written decimal as amounts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -99_999, max: 99_999 }), { minLength: 1, maxLength: 30 }),
        (cents) => {
          const cells = cents.map((cent) => (cent / 100).toFixed(2));
          expect(shapeOf(cells, false)).toBe('amounts');
        },
      ),
      { seed: 20261128, numRuns: 200 },
    );
  });

  it('totals a column per currency exactly', () => {
    expect(
      totalsOf(['0.10', '0.20', '1.005', '', 'x'], ['USD', 'USD', 'EUR', 'EUR', 'EUR'], false),
    ).toEqual([
      { currency: 'EUR', total: '1.005' },
      { currency: 'USD', total: '0.3' },
    ]);
  });
});
