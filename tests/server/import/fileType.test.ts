import { gzipSync } from 'node:zlib';
import XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { previewStatementFile } from '../../../server/import/preview';
import { DISTROKID, TUNECORE } from '../../../server/import/templates';
import { supportedFileName } from '../../../server/statements/uploadFiles';
import { fixture, parseFile } from './helpers';
import { makeZip } from './zipFixtures';

const candidates = [
  { id: 'distrokid', name: 'DistroKid', template: DISTROKID },
  { id: 'tunecore', name: 'TuneCore', template: TUNECORE },
];

describe('the layout a file check names as nearest', () => {
  it('names none when no layout shares a header with the file', async () => {
    const bytes = Buffer.from('Invoice,Customer,Due\n1001,ACME,2026-01-31\n');
    const preview = await previewStatementFile({ name: 'invoices.csv', bytes }, candidates);
    expect(preview).toMatchObject({ problem: null, matches: [], closest: null });
  });

  it('names the nearest layout when the file shares some of its headers', async () => {
    const bytes = Buffer.from('Store,Artist,Title,ISRC,Amount\nSpotify,A,B,QZDM12600001,1\n');
    const preview = await previewStatementFile({ name: 'odd.csv', bytes }, candidates);
    expect(preview.closest?.distributor).toBe('DistroKid');
    expect(preview.closest?.missing).not.toContain('Store');
  });
});

describe('how a file is read: by its content, its name only where the content does not say', () => {
  const tsv = fixture('distrokid.tsv');
  const revenues = ['4.123456789012', '0.000123456789', '6.93', '-0.0021'];
  const zip = makeZip([{ name: 'DistroKid_statement.tsv', data: tsv }]);

  // A bare .zip was refused by its name while the same archive named .csv.zip read.
  it.each([
    ['a bare .zip', 'statement.zip', () => zip],
    ['a zip named .csv', 'statement.csv', () => zip],
    ['a bare .gz', 'statement.gz', () => gzipSync(tsv)],
    ['a gzip named .csv.zip', 'statement.csv.zip', () => gzipSync(tsv)],
    ['a bare .xz', 'statement.xz', () => fixture('distrokid.tsv.xz')],
    ['a bare .bz2', 'statement.bz2', () => fixture('distrokid.tsv.bz2')],
  ])('reads %s holding one statement', async (_, name, bytes) => {
    const { records, rowErrors } = await parseFile(name, bytes(), DISTROKID, { chunkSize: 4096 });
    expect(rowErrors).toEqual([]);
    expect(records.map((record) => record.revenue)).toEqual(revenues);
    const preview = await previewStatementFile({ name, bytes: bytes() }, [
      { id: 'distrokid', name: 'DistroKid', template: DISTROKID },
    ]);
    expect(preview).toMatchObject({ problem: null, closest: null });
    expect(preview.matches.map((match) => match.distributor)).toEqual(['DistroKid']);
  });

  it('accepts an archive’s bare name at upload, and still refuses names it never reads', () => {
    const part = (filename: string) => ({ filename, file: { resume: () => undefined } });
    expect(
      ['statement.zip', 'statement.GZ', 'statement.xz', 'statement.bz2'].map((name) =>
        supportedFileName(part(name)),
      ),
    ).toEqual(['statement.zip', 'statement.GZ', 'statement.xz', 'statement.bz2']);
    expect(() => supportedFileName(part('statement.pdf'))).toThrow(/not a supported type/);
  });

  it('reads a workbook as one whatever its name says', async () => {
    const book = XLSX.utils.book_new();
    const rows = tsv
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Statement');
    const xlsx = XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer;
    const ods = XLSX.write(book, { bookType: 'ods', type: 'buffer' }) as Buffer;
    for (const [name, bytes] of [
      ['statement.zip', xlsx],
      ['statement.xls', xlsx],
      ['statement.xlsx', ods],
    ] as const) {
      const { records, summary } = await parseFile(name, bytes, DISTROKID, { chunkSize: 4096 });
      expect(records.map((record) => record.revenue)).toEqual(revenues);
      expect(summary.source).toMatchObject({ kind: 'spreadsheet' });
    }
  });
});
