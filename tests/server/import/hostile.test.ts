import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../server/import/parse';
import { BELIEVE, DISTROKID, THE_ORCHARD } from '../../../server/import/templates';
import { FileFormatError, UnreadableFileError } from '../../../server/import/types';
import { chunked, fixture, parseFile } from './helpers';

const HEADER =
  'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)\n';
const line = (title: string, isrc: string, earnings: string) =>
  `2023-09-05\t2023-06\tSpotify\tA\t${title}\t${isrc}\t\t1\t100\tSong\tUS\t0\t${earnings}\n`;

describe('wrong, damaged and hostile files', () => {
  it('gives a File Format Error naming what was expected and what was found', async () => {
    const attempt = parseFile('believe.csv', fixture('believe.csv'), DISTROKID);
    await expect(attempt).rejects.toBeInstanceOf(FileFormatError);
    const error = (await parseFile('believe.csv', fixture('believe.csv'), DISTROKID).catch(
      (e: unknown) => e,
    )) as FileFormatError;
    expect(error.title).toBe('File Format Error');
    expect(error.expected).toBe(
      "the DistroKid layout 'Tab-separated bank export' (header with 'Reporting Date', 'Sale Month', 'Store', 'Artist', 'Title', 'ISRC'…) or 'Bank export with Date Inserted (2025)' (header with 'Date Inserted', 'Reporting Date', 'Sale Month', 'Store', 'Artist', 'Title'…)",
    );
    expect(error.found).toBe(
      "a header with 'Reporting month', 'Sales Month', 'Platform', 'Country / Region', 'Label Name', 'Artist Name', 'Release title', 'Track title'…",
    );
  });

  it('names every layout version of a template in the error', async () => {
    await expect(parseFile('kid.tsv', fixture('distrokid.tsv'), THE_ORCHARD)).rejects.toThrow(
      /'Semicolon layout \(decimal comma\)' \(header with .*\) or 'Upper-case layout'/,
    );
  });

  it('raises before yielding any record', async () => {
    const parse = parseStatement(
      { fileName: 'b.csv', bytes: chunked(fixture('believe.csv')) },
      DISTROKID,
    );
    await expect(parse.next()).rejects.toBeInstanceOf(FileFormatError);
  });

  it('refuses random bytes as not text', async () => {
    await expect(
      parseFile('random.csv', randomBytes(100_000), DISTROKID, { chunkSize: 4096 }),
    ).rejects.toBeInstanceOf(UnreadableFileError);
  });

  it('refuses an unsupported type by name', async () => {
    await expect(parseFile('statement.pdf', Buffer.from('%PDF'), DISTROKID)).rejects.toThrow(
      /not a supported type: upload xls, xlsx, ods, csv/,
    );
  });

  it('refuses a 10 MB cell cleanly, without reading on', async () => {
    const bytes = Buffer.from(HEADER + line('x'.repeat(10 * 1024 * 1024), 'USDK12300001', '1'));
    const attempt = parseFile('big.tsv', bytes, DISTROKID, { chunkSize: 65536 });
    await expect(attempt).rejects.toThrow(/Row 2 has a cell longer than 1048576 characters/);
  });

  it('refuses a 10 MB cell in the header row too', async () => {
    const bytes = Buffer.from(`"${'y'.repeat(10 * 1024 * 1024)}"\n${HEADER}`);
    await expect(
      parseFile('big.tsv', bytes, DISTROKID, { chunkSize: 65536 }),
    ).rejects.toBeInstanceOf(UnreadableFileError);
  });

  it('keeps a formula-looking title as text and flags it where it cannot be valid', async () => {
    const bytes = Buffer.from(
      HEADER +
        line('=HYPERLINK("http://x","y")', 'USDK12300001', '1.5') +
        line('Fine', '=HYPERLINK("http://x","y")', '2') +
        line('Fine', 'USDK12300001', '=1+1'),
    );
    const { records, rowErrors, summary } = await parseFile('f.tsv', bytes, DISTROKID);
    expect(records).toHaveLength(1);
    expect(records[0]?.title).toBe('=HYPERLINK("http://x","y")');
    expect(rowErrors).toEqual([
      {
        row: 3,
        field: 'code',
        message: `Code '=HYPERLINK("http://x","y")' looks like a formula, not an ISRC`,
      },
      { row: 4, field: 'revenue', message: "Amount '=1+1' looks like a formula, not a number" },
    ]);
    expect(summary).toMatchObject({ records: 1, rowsWithErrors: 2, errors: 2 });
  });

  it('flags a row shifted by an unquoted delimiter instead of misreading its columns', async () => {
    const bytes = Buffer.from(
      HEADER +
        '2023-09-05\t2023-06\tSpotify\tA\tTitle\tpart\tUSDK12300001\t\t1\t100\tSong\tUS\t0\t1.00\n',
    );
    const { records, rowErrors } = await parseFile('s.tsv', bytes, DISTROKID);
    expect(records).toEqual([]);
    expect(rowErrors[0]?.message).toMatch(/14 cells but the header has 13/);
  });

  it('lists every error of a row with its row number', async () => {
    const bytes = Buffer.from(
      HEADER + '2023-09-05\tsoon\tSpotify\tA\tT\tUSDK123\t\tmany\t100\tSong\tAtlantis\t0\tlots\n',
    );
    const { rowErrors } = await parseFile('e.tsv', bytes, DISTROKID);
    expect(rowErrors.map((e) => [e.row, e.field])).toEqual([
      [2, 'code'],
      [2, 'units'],
      [2, 'revenue'],
      [2, 'territory'],
      [2, 'date'],
    ]);
  });

  it('finds a header after preamble rows and keeps source row numbers', async () => {
    const bytes = Buffer.from(
      `Believe statement;;\nPeriod: 2023-12;;\n;;\n${fixture('believe.csv')
        .toString('utf8')
        .replace(/^\uFEFF/, '')}`,
    );
    const { records, summary } = await parseFile('b.csv', bytes, BELIEVE);
    expect(summary.headerRow).toBe(4);
    expect(records.map((r) => r.row)).toEqual([5, 6, 7]);
  });
});
