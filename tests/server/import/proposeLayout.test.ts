// A layout proposed from a sample: the header found below a preamble, in the workbook's sheet
// that holds the statement, and the decimal separator only when the amounts tell it.
import XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScaled, toScaled } from '../../../server/import/normalise/amount';
import { proposeLayout } from '../../../server/import/proposeLayout';
import type { AmountSource } from '../../../rules/templateSchema';
import { parseFile } from './helpers';

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

/** The sample read with its layout accepted as proposed: total revenue per currency. */
async function readAsProposed(name: string, text: string): Promise<Record<string, string>> {
  const bytes = Buffer.from(text);
  const proposal = await proposeLayout({ name, bytes });
  const { records } = await parseFile(name, bytes, {
    name: 'Proposed',
    versions: [proposal.layout],
  });
  const totals = new Map<string, bigint>();
  for (const { currency, revenue } of records) {
    const key = currency ?? '';
    totals.set(key, (totals.get(key) ?? 0n) + toScaled(revenue));
  }
  return Object.fromEntries([...totals].map(([currency, sum]) => [currency, fromScaled(sum)]));
}

describe('the money columns of a proposal', () => {
  it('never takes a column of ids as revenue: the file reads 29.63 GBP, not 5,280,012,390', async () => {
    const text = [
      'Sale Date,Royalty Ref,ISRC,Track Title,Country,Streams,Your Share,Currency',
      '2026-03-01,1056002476,GBAYE2600101,Night Drive,GB,1200,11.02,GBP',
      '2026-03-01,1056002477,GBAYE2600101,Night Drive,IE,300,2.75,GBP',
      '2026-03-01,1056002478,GBAYE2600102,Low Tide,GB,800,7.36,GBP',
      '2026-03-01,1056002479,GBAYE2600102,Low Tide,US,650,5.96,GBP',
      '2026-03-01,1056002480,GBAYE2600103,Glass,GB,275,2.54,GBP',
    ].join('\n');
    expect(await readAsProposed('partner.csv', text)).toEqual({ GBP: '29.63' });
    const proposal = await proposeLayout({ name: 'partner.csv', bytes: Buffer.from(text) });
    expect(proposal.setAside).toEqual([
      { column: 'Royalty Ref', field: 'revenue', looksLike: 'codes' },
    ]);
  });

  it('takes the net the label is owed, not the gross 83% above it', async () => {
    const text = [
      'Period,Store,UPC,Release,Territory,Quantity,Gross Revenue,Distribution Fee,Label Net,Currency',
      '2026-02,Apple Music,859700000016,Night Drive,FR,40,36.60,16.60,20.00,EUR',
      '2026-02,Deezer,859700000016,Night Drive,DE,90,54.90,24.90,30.00,EUR',
      '2026-02,Qobuz,859700000023,Low Tide,FR,12,91.50,41.50,50.00,EUR',
    ].join('\n');
    expect(await readAsProposed('february.csv', text)).toEqual({ EUR: '100' });
  });

  it('takes the label share, not the pre-split total 89% above it', async () => {
    const text = [
      'Month;ISRC;Title;Country;Units;Total Revenue;Split %;Your Share;Currency',
      '2026-01;QZDM12600001;Night Drive;SE;1000;18,90;52,91;10,00;SEK',
      '2026-01;QZDM12600002;Low Tide;NO;2000;37,80;52,91;20,00;SEK',
    ].join('\n');
    expect(await readAsProposed('january.csv', text)).toEqual({ SEK: '30' });
  });

  it('asks which of two plausible revenue columns to read, with the total each would give', async () => {
    const text = [
      'Date,ISRC,Units,Revenue,Amount,Currency',
      '2026-03-01,QZDM12600001,10,1.50,0.75,USD',
      '2026-03-01,QZDM12600002,4,0.60,0.30,USD',
      '2026-03-01,QZDM12600003,8,2.00,1.00,EUR',
    ].join('\n');
    const proposal = await proposeLayout({ name: 'both.csv', bytes: Buffer.from(text) });
    expect(proposal.layout.fields.revenue).toEqual({ columns: [] });
    expect(proposal.missing).toEqual([]);
    expect(proposal.choices).toEqual([
      {
        field: 'revenue',
        candidates: [
          {
            column: 'Revenue',
            header: 'Revenue',
            currencyFromHeader: false,
            totals: [
              { currency: 'EUR', total: '2' },
              { currency: 'USD', total: '2.1' },
            ],
          },
          {
            column: 'Amount',
            header: 'Amount',
            currencyFromHeader: false,
            totals: [
              { currency: 'EUR', total: '1' },
              { currency: 'USD', total: '1.05' },
            ],
          },
        ],
      },
    ]);
  });

  it('asks before reading a gross column as revenue, offering the unnamed amounts beside it', async () => {
    const text = [
      'ISRC,Streams,Gross,Label Cut',
      'QZDM12600001,100,0.40,0.28',
      'QZDM12600002,50,0.20,0.14',
    ].join('\n');
    const proposal = await proposeLayout({ name: 'cut.csv', bytes: Buffer.from(text) });
    expect(proposal.layout.fields.revenue).toEqual({ columns: [] });
    expect(
      proposal.choices.map((choice) => [choice.field, choice.candidates.map((c) => c.column)]),
    ).toEqual([['revenue', ['Gross', 'Label Cut']]]);
  });

  it('asks which of two columns of whole numbers are the units, and never takes a track count', async () => {
    const text = [
      'UPC,TRACK_COUNT,Downloads,Streams,Net Revenue',
      '859700000016,12,3,400,4.10',
      '859700000023,10,0,250,1.95',
    ].join('\n');
    const proposal = await proposeLayout({ name: 'album.csv', bytes: Buffer.from(text) });
    expect(proposal.layout.fields.units).toEqual({ columns: [] });
    expect(proposal.choices).toEqual([
      {
        field: 'units',
        candidates: [
          expect.objectContaining({
            column: 'Downloads',
            totals: [{ currency: null, total: '3' }],
          }),
          expect.objectContaining({
            column: 'Streams',
            totals: [{ currency: null, total: '650' }],
          }),
        ],
      },
    ]);
    expect(proposal.columns.find((column) => column.column === 'TRACK_COUNT')?.field).toBeNull();
  });

  it('reads the currency from a revenue name that ends with it, with or without brackets', async () => {
    const text = [
      'Day,Asset ISRC,Owned Views,Revenue EUR',
      '2026-03-02,QZDM12600001,1500,3.21',
      '2026-03-03,QZDM12600001,700,1.10',
    ].join('\n');
    const proposal = await proposeLayout({ name: 'channel.csv', bytes: Buffer.from(text) });
    expect(proposal.layout.fields).toMatchObject({
      date: { columns: ['Day'] },
      units: { columns: ['Owned Views'] },
      revenue: { columns: ['Revenue {currency}'] },
      currency: { fromHeader: true },
    });
    expect(proposal.layout.headers).toContain('Revenue {currency}');
    const usd = text.replace('Revenue EUR', 'Revenue USD');
    expect(await readAsProposed('channel.csv', usd)).toEqual({ USD: '4.31' });
  });
});

describe('columns of ids, codes and dates', () => {
  it('are never proposed as revenue or units, whatever their names and wherever they sit', async () => {
    const moneyNames = ['Revenue', 'Amount', 'Royalty', 'Earnings', 'Net', 'Units', 'Quantity'];
    const values = {
      ids: (row: number, start: number) => String(start + row),
      codes: (row: number) => `08597000${String(row).padStart(5, '0')}`,
      dates: (row: number) => `2026-03-${String((row % 28) + 1).padStart(2, '0')}`,
    } as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...moneyNames),
        fc.constantFrom(...moneyNames),
        fc.constantFrom('ids', 'codes', 'dates'),
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 1000, max: 99_999_999 }),
        fc.boolean(),
        async (trapName, realName, looks, rows, start, trapFirst) => {
          fc.pre(trapName !== realName);
          const real = ['Units', 'Quantity'].includes(realName)
            ? (row: number) => String((row * 37) % 500)
            : (row: number) => `${row % 7}.${String((row * 13) % 100).padStart(2, '0')}`;
          const header = trapFirst ? [trapName, 'ISRC', realName] : ['ISRC', realName, trapName];
          const lines = Array.from({ length: rows }, (_, row) => {
            const cells = {
              trap: values[looks](row, start),
              isrc: 'QZDM12600001',
              real: real(row),
            };
            return (
              trapFirst
                ? [cells.trap, cells.isrc, cells.real]
                : [cells.isrc, cells.real, cells.trap]
            ).join(',');
          });
          const proposal = await proposeLayout({
            name: 'sample.csv',
            bytes: Buffer.from([header.join(','), ...lines].join('\n')),
          });
          const columnsOf = (source: AmountSource) =>
            'columns' in source
              ? source.columns
              : 'add' in source
                ? [...source.add, ...(source.subtract ?? [])]
                : [];
          const taken = [
            ...columnsOf(proposal.layout.fields.units),
            ...columnsOf(proposal.layout.fields.revenue),
            ...proposal.choices.flatMap((choice) => choice.candidates.map((c) => c.header)),
          ];
          expect(taken).not.toContain(trapName);
        },
      ),
      { seed: 20261128, numRuns: 60 },
    );
  });
});

describe('a statement that converts its sales', () => {
  it('reads what was earned in the label’s currency, not the net sales before conversion', async () => {
    // TuneCore's names, as its column definitions describe them.
    const text = [
      'Sales Period,Posted Date,Store Name,Country Of Sale,Artist,Release Type,Release Title,Song Title,Label,UPC,Optional UPC,TC Song ID,Optional ISRC,Sales Type,# Units Sold,Per Unit Price,Net Sales,Net Sales Currency,Exchange Rate,Total Earned,Currency',
      '2026-01-01,2026-03-15,Spotify,SE,Aria Vale,Album,Night Drive,Low Tide,Kestrel Lane,859700000016,,88120455,QZDM12600002,Streaming,1200,0.0035,4.2,USD,0.79,3.3180,GBP',
      '2026-01-01,2026-03-15,Apple Music,US,Aria Vale,Album,Night Drive,Night Drive,Kestrel Lane,859700000016,,88120456,QZDM12600001,Streaming,300,0.006,1.8,USD,0.79,1.4220,GBP',
    ].join('\n');
    expect(await readAsProposed('tunecore.csv', text)).toEqual({ GBP: '4.74' });
  });
});

describe('columns of numbers under text names', () => {
  it('are no store, territory or date, but a spreadsheet’s day numbers still are dates', async () => {
    const text = [
      'Platform ID,Platform Name,Country ID,Country Name,Sale Month,Sale Reporting Period,ISRC,Sale Quantity,Net Amount',
      '1,Spotify,752,Sweden,2,2026-02,QZDM12600001,2750,8.71',
      '2,Apple Music,826,United Kingdom,2,2026-02,QZDM12600002,310,0.98',
    ].join('\n');
    const proposal = await proposeLayout({ name: 'sounds.csv', bytes: Buffer.from(text) });
    expect(proposal.layout.fields).toMatchObject({
      service: { columns: ['Platform Name'] },
      territory: { columns: ['Country Name'] },
      date: { columns: ['Sale Reporting Period'] },
    });
    const serial =
      'Sale Date,ISRC,Units,Net Revenue\n46054,QZDM12600001,3,0.5\n46055,QZDM12600001,1,0.2\n';
    const days = await proposeLayout({ name: 'days.csv', bytes: Buffer.from(serial) });
    expect(days.layout.fields.date).toEqual({ columns: ['Sale Date'] });
  });
});
