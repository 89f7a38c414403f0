import { describe, expect, it } from 'vitest';
import { separatorEvidence } from '../../../server/import/normalise/separator';
import { BELIEVE, DISTROKID } from '../../../server/import/templates';
import { AmbiguousAmountsError } from '../../../server/import/types';
import { DISTROKID_HEADER, distroKidLine, fixture, parseFile } from './helpers';

const revenues = (records: { revenue: string }[]) => records.map((record) => record.revenue);

describe('the decimal separator is decided per file from the whole amount column', () => {
  it('reads what one amount alone tells, and nothing from a lone thousands-like group', () => {
    expect(separatorEvidence('0,016')).toBe('comma');
    expect(separatorEvidence('12,5')).toBe('comma');
    expect(separatorEvidence('2 398,82')).toBe('comma');
    expect(separatorEvidence('1.234.567')).toBe('comma');
    expect(separatorEvidence('1.234,56')).toBe('comma');
    expect(separatorEvidence('($1,234.56)')).toBe('point');
    expect(separatorEvidence('0.000123')).toBe('point');
    expect(separatorEvidence('1234,567')).toBe('comma');
    expect(separatorEvidence('13,389')).toBe('ambiguous');
    expect(separatorEvidence('13.389')).toBe('ambiguous');
    expect(separatorEvidence('42')).toBe('none');
    expect(separatorEvidence('1.5E-05')).toBe('point');
  });

  it('reads a Believe file with decimal commas exactly, never 0,016 as sixteen', async () => {
    const { records, rowErrors, summary } = await parseFile(
      'believe.csv',
      fixture('believe-decimal-comma.csv'),
      BELIEVE,
    );
    expect(rowErrors).toEqual([]);
    // The first two rows wait until `0,016` tells the column uses a decimal comma.
    expect(revenues(records)).toEqual(['13.389', '1.234', '0.016', '2398.82', '1.19']);
    expect(records.map((record) => record.row)).toEqual([2, 3, 4, 5, 6]);
    expect(summary.revenueTotals).toEqual([{ currency: 'EUR', revenue: '2414.649', records: 5 }]);
  });

  it('refuses a file whose amounts could each be read two ways, naming the column and one', async () => {
    const error: unknown = await parseFile(
      'believe.csv',
      fixture('believe-ambiguous.csv'),
      BELIEVE,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AmbiguousAmountsError);
    expect((error as Error).message).toBe(
      "The amounts in column 'Net Revenue' could be read two ways (e.g. '13,389'): set the decimal separator in this distributor's layout.",
    );
  });

  it('reads the same file exactly once its layout declares the decimal comma', async () => {
    const declared = {
      ...BELIEVE,
      versions: BELIEVE.versions.map((version) => ({ ...version, decimalComma: true })),
    };
    const { records } = await parseFile('b.csv', fixture('believe-ambiguous.csv'), declared);
    expect(revenues(records)).toEqual(['13.389', '1.234']);
  });

  it('refuses a file that writes its amounts with both separators, naming both', async () => {
    const line = (earnings: string) => distroKidLine({ earnings });
    const bytes = Buffer.from(DISTROKID_HEADER + line('1,234.56') + line('12,5'));
    const error: unknown = await parseFile('d.tsv', bytes, DISTROKID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmbiguousAmountsError);
    expect((error as Error).message).toContain("('1,234.56' and '12,5')");
  });

  it('never reads 0,016 as sixteen in a layout that declares the decimal point', async () => {
    const declared = {
      ...DISTROKID,
      versions: DISTROKID.versions.map((version) => ({ ...version, decimalComma: false })),
    };
    const line = (earnings: string) => distroKidLine({ earnings });
    const bytes = Buffer.from(DISTROKID_HEADER + line('0,016') + line('13,389'));
    const { records, rowErrors } = await parseFile('d.tsv', bytes, declared);
    expect(revenues(records)).toEqual(['13389']);
    expect(rowErrors.map((error) => [error.row, error.field])).toEqual([[2, 'revenue']]);
  });
});
