// A layout proposed from a sample: the header found below a preamble, in the workbook's sheet
// that holds the statement, and the decimal separator only when the amounts tell it.
import XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { proposeLayout } from '../../../server/import/proposeLayout';

describe('a layout proposed from a sample', () => {
  it('finds the header below a report title and reads a tab-separated sample', async () => {
    const text = [
      'Royalty report March 2026',
      '',
      'Period\tRetailer\tTerritory\tUPC\tRelease\tUnits\tRoyalty\tCurrency',
      '2026-03\tBandcamp\tUS\t859700000016\tNight Drive\t3\t12.5\tUSD',
    ].join('\n');
    const proposal = await proposeLayout({ name: 'report.tsv', bytes: Buffer.from(text) });
    expect(proposal.headerRow).toBe(3);
    expect(proposal.layout.delimiter).toBe('\t');
    expect(proposal.layout.decimalComma).toBe(false);
    expect(proposal.layout.fields).toMatchObject({
      codes: [{ column: 'UPC', kind: 'upc' }],
      units: { columns: ['Units'] },
      revenue: { columns: ['Royalty'] },
      currency: { columns: ['Currency'] },
    });
  });

  it('leaves the decimal separator to each file when the amounts could be read either way', async () => {
    const text = 'ISRC,Quantity,Amount\nQZDM12600001,1,"1,234"\n';
    const proposal = await proposeLayout({ name: 'sample.csv', bytes: Buffer.from(text) });
    expect(proposal.decimalSeparator).toBeNull();
    expect(proposal.layout.decimalComma).toBeUndefined();
  });

  it('reads the sheet that holds the statement, not a summary before it', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([['Statement summary'], ['Total', 12.5]]),
      'Summary',
    );
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Sale Date', 'Store', 'ISRC', 'Track', 'Artist', 'Quantity', 'Net Revenue'],
        ['2026-03-01', 'Spotify', 'QZDM12600001', 'Night Drive', 'Aria', 10, 0.5],
      ]),
      'Detail',
    );
    const bytes = XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer;
    const proposal = await proposeLayout({ name: 'statement.xlsx', bytes });
    expect(proposal.header).toEqual([
      'Sale Date',
      'Store',
      'ISRC',
      'Track',
      'Artist',
      'Quantity',
      'Net Revenue',
    ]);
    expect(proposal.encoding).toBeNull();
    expect(proposal.layout.delimiter).toBeUndefined();
    expect(proposal.missing).toEqual([]);
  });
});
