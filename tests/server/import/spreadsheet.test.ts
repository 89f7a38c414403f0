import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import XLSX from '@e965/xlsx';
import { parseStatement } from '../../../server/import/parse';
import { runningSpreadsheetReaders } from '../../../server/import/spreadsheet';
import { DISTROKID } from '../../../server/import/templates';
import {
  FileFormatError,
  StatementFileError,
  UnreadableFileError,
} from '../../../server/import/types';
import { previewStatementFile } from '../../../server/import/preview';
import { chunked, parseFile } from './helpers';
import { makeZip } from './zipFixtures';

const HEADER = [
  'Reporting Date',
  'Sale Month',
  'Store',
  'Artist',
  'Title',
  'ISRC',
  'UPC',
  'Quantity',
  'Team Percentage',
  'Song/Album',
  'Country of Sale',
  'Songwriter Royalties Withheld',
  'Earnings (USD)',
];
const JUNE_2023 = 45078; // Excel serial of 2023-06-01

function workbook(bookType: 'xlsx' | 'biff8' | 'ods'): Buffer {
  const summary = XLSX.utils.aoa_to_sheet([['Statement summary'], ['Total', 10.5]]);
  const detail = XLSX.utils.aoa_to_sheet([
    ['DistroKid export, June 2023'],
    HEADER,
    [
      '2023-09-05',
      JUNE_2023,
      'Spotify',
      'The Lumens',
      'Night Drive',
      'USDK12300001',
      859712345678,
      1523,
      100,
      'Song',
      'US',
      0,
      4.123456789012,
    ],
    [
      '2023-09-05',
      JUNE_2023,
      'Apple Music',
      'The Lumens',
      'Night Drive',
      'USDK12300001',
      859712345678,
      12,
      100,
      'Song',
      'GB',
      0,
      0.000123456789,
    ],
    [
      '2023-09-05',
      '2023-06',
      'Deezer',
      'The Lumens',
      'Night Drive',
      'USDK12300001',
      '859712345678',
      -3,
      100,
      'Song',
      'FRA',
      0,
      -0.1,
    ],
    [
      '2023-09-05',
      JUNE_2023,
      'Tidal',
      'The Lumens',
      '=HYPERLINK("http://x","y")',
      '=HYPERLINK("http://x","y")',
      '',
      1,
      100,
      'Song',
      'US',
      0,
      0.3,
    ],
  ]);
  for (const row of [3, 4, 6]) detail[`B${row}`] = { t: 'n', v: JUNE_2023, z: 'yyyy-mm-dd' };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, summary, 'Summary');
  XLSX.utils.book_append_sheet(book, detail, 'Detail');
  return XLSX.write(book, { bookType, type: 'buffer' }) as Buffer;
}

describe.each([
  ['statement.xlsx', 'xlsx'],
  ['statement.xls', 'biff8'],
  ['statement.ods', 'ods'],
] as const)('%s', (fileName, bookType) => {
  it('finds the header on the right sheet and reads numbers and dates exactly', async () => {
    const { records, rowErrors, summary } = await parseFile(
      fileName,
      workbook(bookType),
      DISTROKID,
      {
        chunkSize: 4096,
      },
    );
    expect(summary.source).toEqual({ kind: 'spreadsheet', sheet: 'Detail' });
    expect(summary.headerRow).toBe(2);
    expect(records.map((r) => [r.row, r.code, r.units, r.revenue, r.date, r.territory])).toEqual([
      [3, 'USDK12300001', 1523, '4.123456789012', '2023-06-01', 'US'],
      [4, 'USDK12300001', 12, '0.000123456789', '2023-06-01', 'GB'],
      [5, 'USDK12300001', -3, '-0.1', '2023-06-01', 'FR'],
    ]);
    // The formula-looking ISRC is an error; the title keeps it as text, never evaluated.
    expect(rowErrors).toEqual([
      { row: 6, field: 'code', message: expect.stringContaining('looks like a formula') },
    ]);
  });
});

describe('spreadsheet limits and damage', () => {
  it('stores the shortest round-trip decimal of a binary double', async () => {
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([
      HEADER,
      [
        '2023-09-05',
        '2023-06',
        'Spotify',
        'A',
        'T',
        'USDK12300001',
        '',
        1,
        100,
        'Song',
        'US',
        0,
        0.1 + 0.2,
      ],
      [
        '2023-09-05',
        '2023-06',
        'Spotify',
        'A',
        'T',
        'USDK12300001',
        '',
        1,
        100,
        'Song',
        'US',
        0,
        1.5e-7,
      ],
    ]);
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    const bytes = XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer;
    const { records, summary } = await parseFile('s.xlsx', bytes, DISTROKID, { chunkSize: 4096 });
    // 0.1 + 0.2 is stored as 0.30000000000000004: 17 places, rounded half to even to 12.
    expect(records.map((r) => r.revenue)).toEqual(['0.3', '0.00000015']);
    expect(summary.roundedAmounts).toBe(1);
  });

  it('ends the workbook thread when the reader stops after the first record', async () => {
    // The distributor preview reads a few rows and stops: the thread must not wait for its
    // time limit holding the workbook.
    const parse = parseStatement(
      { fileName: 's.xlsx', bytes: chunked(workbook('xlsx'), 4096) },
      DISTROKID,
    );
    const first = await parse.next();
    expect(first.done).toBe(false);
    expect(runningSpreadsheetReaders()).toBe(1);
    await parse.return(undefined as never);
    expect(runningSpreadsheetReaders()).toBe(0);
  });

  it('refuses a spreadsheet over the size cap before reading it', async () => {
    await expect(
      parseFile('big.xlsx', workbook('xlsx'), DISTROKID, {
        chunkSize: 4096,
        limits: { maxSpreadsheetBytes: 1000 },
      }),
    ).rejects.toThrow(/limited to 1000 bytes/);
  });

  it('refuses random bytes and a truncated workbook cleanly', async () => {
    await expect(parseFile('x.xlsx', randomBytes(5000), DISTROKID)).rejects.toThrow(
      /not a valid xlsx/,
    );
    const truncated = workbook('xlsx').subarray(0, 3000);
    await expect(parseFile('x.xlsx', truncated, DISTROKID)).rejects.toBeInstanceOf(
      UnreadableFileError,
    );
    await expect(
      parseFile('x.xls', randomBytes(5000), DISTROKID, { chunkSize: 4096 }),
    ).rejects.toBeInstanceOf(StatementFileError);
  });

  it('gives a File Format Error when no sheet has the layout', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Date', 'Amount'],
        ['x', 1],
      ]),
      'S',
    );
    const bytes = XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer;
    const attempt = parseFile('s.xlsx', bytes, DISTROKID);
    await expect(attempt).rejects.toBeInstanceOf(FileFormatError);
    await expect(parseFile('s.xlsx', bytes, DISTROKID)).rejects.toThrow(
      /found a header with 'Date', 'Amount'/,
    );
  });

  /** The parts of an xlsx or ods package, each changed by `change` (or left out when it answers null). */
  function repackaged(
    bytes: Buffer,
    change: (path: string, data: Buffer) => Buffer | null,
  ): Buffer {
    const zip = XLSX.CFB.read(bytes, { type: 'buffer' }) as {
      FileIndex: { content?: ArrayLike<number> }[];
      FullPaths: string[];
    };
    const parts = zip.FileIndex.flatMap((file, i) => {
      const path = (zip.FullPaths[i] ?? '').replace(/^Root Entry\//, '');
      if (path.endsWith('/') || !file.content || file.content.length === 0) return [];
      const data = change(path, Buffer.from(Uint8Array.from(file.content)));
      return data ? [{ name: path, data }] : [];
    });
    return makeZip(parts);
  }

  // The library reads a cut, garbled or missing sheet part as an empty sheet: the workbook was
  // then called empty, and the label looked for a mistake in an export that had none.
  it.each([
    [
      'xlsx',
      'its sheet cut in half',
      (path: string, data: Buffer) =>
        path.startsWith('xl/worksheets/') ? data.subarray(0, data.length >> 1) : data,
    ],
    [
      'xlsx',
      'its sheets garbled',
      (path: string, data: Buffer) =>
        path.startsWith('xl/worksheets/') ? Buffer.from('\u0000\u0001<<<') : data,
    ],
    [
      'xlsx',
      'its sheets missing',
      (path: string, data: Buffer) => (path.startsWith('xl/worksheets/') ? null : data),
    ],
    [
      'ods',
      'its content cut in half',
      (path: string, data: Buffer) =>
        path === 'content.xml' ? data.subarray(0, data.length >> 1) : data,
    ],
  ] as const)('calls an %s with %s damaged, not empty', async (format, _, change) => {
    const bytes = repackaged(workbook(format), change);
    await expect(parseFile(`statement.${format}`, bytes, DISTROKID)).rejects.toThrow(
      `The ${format} spreadsheet is damaged or incomplete`,
    );
    const preview = await previewStatementFile({ name: `statement.${format}`, bytes }, [
      { id: 'distrokid', name: 'DistroKid', template: DISTROKID },
    ]);
    expect(preview.problem).toBe(`The ${format} spreadsheet is damaged or incomplete`);
  });

  it('calls a workbook cut short damaged, in the reader’s words, not the library’s', async () => {
    for (const [name, bytes] of [
      ['statement.xlsx', workbook('xlsx').subarray(0, 3000)],
      ['statement.xls', workbook('biff8').subarray(0, 3000)],
    ] as const) {
      await expect(parseFile(name, bytes, DISTROKID)).rejects.toThrow(
        /^The (xlsx|xls) spreadsheet is damaged or incomplete$/,
      );
    }
  });

  it('still calls a workbook whose sheets hold nothing empty', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([]), 'Empty');
    for (const bookType of ['xlsx', 'ods'] as const) {
      const bytes = XLSX.write(book, { bookType, type: 'buffer' }) as Buffer;
      await expect(parseFile(`empty.${bookType}`, bytes, DISTROKID)).rejects.toThrow(
        'The file is empty: it holds no header and no rows.',
      );
    }
  });
});
