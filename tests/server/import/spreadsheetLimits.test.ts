import { describe, expect, it } from 'vitest';
import XLSX from '@e965/xlsx';
import { DISTROKID } from '../../../server/import/templates';
import { UnreadableFileError } from '../../../server/import/types';
import { DISTROKID_HEADER, parseFile } from './helpers';
import { makeZip, storedEntries } from './zipFixtures';

const HEADER = DISTROKID_HEADER.trim().split('\t');
const row = (title: string, earnings: number) => [
  '2023-09-05',
  '2023-06',
  'Spotify',
  'The Lumens',
  title,
  'USDK12300001',
  '',
  1,
  100,
  'Song',
  'US',
  0,
  earnings,
];

function workbook(rows: unknown[][], bookType: 'xlsx' | 'ods' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Statement');
  return XLSX.write(book, { type: 'buffer', bookType, compression: false }) as Buffer;
}

/** The workbook with `change` applied to its sheet's (or content's) XML. */
function rewritten(file: Buffer, part: RegExp, change: (xml: string) => string): Buffer {
  return makeZip(
    storedEntries(file).map((entry) =>
      part.test(entry.name)
        ? { name: entry.name, data: Buffer.from(change(entry.data.toString())) }
        : entry,
    ),
  );
}

const claiming = (dimension: string) =>
  rewritten(workbook([HEADER, row('Night Drive', 4.5)]), /worksheets\/sheet1\.xml$/, (xml) =>
    xml.replace(/<dimension ref="[^"]+"\/>/, `<dimension ref="${dimension}"/>`),
  );

// A short bound instead of the 120 s default: a file read within its real cells takes well under it.
const quick = { limits: { spreadsheetTimeoutMs: 20_000 } };

describe('spreadsheets are read within the cells they hold', () => {
  it.each([['A1:XFD1048576'], ['A1:M1000000000']])(
    'reads a 2-row sheet that declares %s as its dimension as its 2 rows',
    async (dimension) => {
      const file = claiming(dimension);
      expect(file.length).toBeLessThan(10_000);
      const { records, summary } = await parseFile('claim.xlsx', file, DISTROKID, quick);
      expect(records.map((record) => [record.title, record.revenue])).toEqual([
        ['Night Drive', '4.5'],
      ]);
      expect(summary.rowsRead).toBe(1);
    },
    30_000,
  );

  it('keeps the empty cells at the end of a row as the header’s columns', async () => {
    const short = row('Short', 2).slice(0, 11);
    const file = workbook([HEADER, short, row('Full', 3)]);
    const { records, rowErrors } = await parseFile('short.xlsx', file, DISTROKID);
    // The short row lacks the amount: a row error naming it, not a different column count.
    expect(rowErrors.map((error) => error.field)).toEqual(['revenue']);
    expect(records.map((record) => record.title)).toEqual(['Full']);
  });

  it('refuses a sheet whose cells go past the row limit, naming it', async () => {
    const rows = [HEADER, ...Array.from({ length: 120 }, (_, i) => row(`T${i}`, 1))];
    await expect(
      parseFile('long.xlsx', workbook(rows), DISTROKID, { limits: { maxSpreadsheetRows: 100 } }),
    ).rejects.toThrow("Sheet 'Statement' has more than 100 rows; upload a larger statement as CSV");
  });

  it('refuses a workbook with more cells than the limit before giving any row', async () => {
    const rows = [HEADER, ...Array.from({ length: 10 }, (_, i) => row(`T${i}`, 1))];
    await expect(
      parseFile('wide.xlsx', workbook(rows), DISTROKID, { limits: { maxSpreadsheetCells: 100 } }),
    ).rejects.toThrow(
      'The spreadsheet has more than 100 cells with content; upload a larger statement as CSV',
    );
  });

  it('refuses a cell in the last column of the sheet (XFD) as a row too wide', async () => {
    const file = rewritten(workbook([HEADER, row('Far', 1)]), /worksheets\/sheet1\.xml$/, (xml) =>
      xml.replace(
        '</row></sheetData>',
        '<c r="XFD2" t="str"><v>far away</v></c></row></sheetData>',
      ),
    );
    const attempt = parseFile('far.xlsx', file, DISTROKID, quick);
    await expect(attempt).rejects.toBeInstanceOf(UnreadableFileError);
    await expect(parseFile('far.xlsx', file, DISTROKID, quick)).rejects.toThrow(
      'Row 2 has more than 5000 cells',
    );
  }, 30_000);

  it('refuses an OpenDocument row repeated a billion times before the library writes it out', async () => {
    const file = rewritten(workbook([HEADER, row('Again', 1)], 'ods'), /content\.xml$/, (xml) => {
      const rows = [...xml.matchAll(/<table:table-row>/g)];
      const second = rows[1]?.index ?? -1;
      return `${xml.slice(0, second)}<table:table-row table:number-rows-repeated="1000000000">${xml.slice(second + '<table:table-row>'.length)}`;
    });
    expect(file.length).toBeLessThan(20_000);
    await expect(parseFile('again.ods', file, DISTROKID, quick)).rejects.toThrow(
      "Sheet 'Statement' has more than 1048576 rows; upload a larger statement as CSV",
    );
  }, 30_000);

  it('reads an OpenDocument sheet whose empty rows are repeated to the bottom', async () => {
    const file = rewritten(workbook([HEADER, row('Kept', 2)], 'ods'), /content\.xml$/, (xml) =>
      xml.replace(
        '</table:table>',
        '<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table>',
      ),
    );
    const { records } = await parseFile('tail.ods', file, DISTROKID, quick);
    expect(records.map((record) => record.title)).toEqual(['Kept']);
  }, 30_000);
});
