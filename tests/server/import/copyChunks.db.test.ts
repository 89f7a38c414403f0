import { gzipSync } from 'node:zlib';
import XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCopyChunks, type CopyTarget } from '../../../server/import/copyChunks';
import { readCopyChunksInThread } from '../../../server/import/copyChunksInThread';
import { DISTROKID } from '../../../server/import/templates';
import {
  FileFormatError,
  StatementFileError,
  UnreadableFileError,
} from '../../../server/import/types';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { chunked, collectCopy, copyTextOf, distrokidStatement, fixture } from './helpers';

const TARGET: CopyTarget = {
  statementId: 'statement-1',
  fileId: 'file-1',
  maxErrors: 1000,
  recordsPerChunk: 10_000,
};

/** What a read that must fail threw. */
async function errorOf(read: Promise<unknown>): Promise<Error> {
  const outcome = await read.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error('the read did not fail');
  return outcome;
}

/** A 2 MB cell in row `row` of an otherwise good statement. */
function damagedAt(row: number): Buffer {
  const good = distrokidStatement(row).toString('utf8').split('Total\t')[0] ?? '';
  return Buffer.from(`${good}2026-10-05\t2026-09\tSpotify\tAria Vale\t${'x'.repeat(2 << 20)}\n`);
}

describe('a statement as chunks of COPY text', () => {
  it('gives the lines of its records one by one, in chunks of the size asked for', async () => {
    const bytes = distrokidStatement(25_000);
    const expected = await copyTextOf('big.tsv', bytes, DISTROKID, TARGET);
    const read = await collectCopy(
      readCopyChunks({ fileName: 'big.tsv', bytes: chunked(bytes, 1 << 20) }, DISTROKID, TARGET),
    );
    expect(read.text).toBe(expected.text);
    expect(read.end).toEqual({ summary: expected.summary, errors: expected.errors });
    expect(read.chunks).toBe(3);
    expect(expected.summary.records).toBe(25_000 - 26);
    expect(expected.summary.errors).toBe(26);
    expect(expected.summary.roundedAmounts).toBeGreaterThan(0);
    expect(expected.text).toContain('Tab\\there 5\t');
    expect(expected.text).toContain('AC\\\\DC 1\t');
    expect(expected.text).toContain('Line\\nbreak 3\t');
    expect(expected.text).toContain('Ünïcödé ✓ 🎵 2\t');
  });

  it('reads compressed files, CRLF and any chunk size alike, and keeps only the first row errors', async () => {
    const lf = distrokidStatement(3000);
    const crlf = Buffer.from(lf.toString('utf8').replaceAll('\n', '\r\n'));
    for (const bytes of [lf, crlf]) {
      const expected = await copyTextOf('small.tsv', bytes, DISTROKID, { ...TARGET, maxErrors: 2 });
      for (const [fileName, file, size] of [
        ['small.tsv.gz', gzipSync(bytes), 4093],
        ['small.tsv', bytes, 7919],
        ['small.tsv', bytes, 1 << 20],
      ] as const) {
        const read = await collectCopy(
          readCopyChunks({ fileName, bytes: chunked(file, size) }, DISTROKID, {
            ...TARGET,
            maxErrors: 2,
            recordsPerChunk: 1000,
          }),
        );
        expect(read.text).toBe(expected.text);
        expect(read.end).toEqual({ summary: expected.summary, errors: expected.errors });
        expect(read.end.errors).toHaveLength(2);
        expect(read.end.summary.errors).toBe(4);
        expect(read.chunks).toBe(3);
      }
    }
  });

  it('gives a File Format Error before any chunk', async () => {
    const read = readCopyChunks(
      { fileName: 'b.csv', bytes: chunked(fixture('believe.csv'), 4096) },
      DISTROKID,
      TARGET,
    );
    await expect(read.next()).rejects.toBeInstanceOf(FileFormatError);
  });

  it('gives the error of a file damaged mid-way, after the chunks before it', async () => {
    const bytes = damagedAt(25_000);
    const expected = await errorOf(copyTextOf('damaged.tsv', bytes, DISTROKID, TARGET));
    expect(expected).toBeInstanceOf(UnreadableFileError);
    const read = readCopyChunks(
      { fileName: 'damaged.tsv', bytes: chunked(bytes, 1 << 20) },
      DISTROKID,
      TARGET,
    );
    const chunks: Uint8Array[] = [];
    const thrown = await errorOf(
      (async () => {
        for (let next = await read.next(); !next.done; next = await read.next()) {
          chunks.push(next.value);
        }
      })(),
    );
    expect(thrown).toBeInstanceOf(UnreadableFileError);
    expect(thrown.message).toBe(expected.message);
    expect(chunks).toHaveLength(2);
  });
});

describe('a statement read in a thread of its own', () => {
  it('gives the same chunks, summary and row errors as read in the server’s thread', async () => {
    const lines = distrokidStatement(40).toString('utf8').split('\n');
    const sheet = XLSX.utils.aoa_to_sheet(lines.map((line) => line.split('\t')));
    const book = XLSX.utils.book_new(sheet, 'Statement');
    const xlsx = XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer;
    for (const [fileName, bytes] of [
      ['big.tsv', distrokidStatement(25_000)],
      ['big.tsv.gz', gzipSync(distrokidStatement(12_000))],
      ['statement.xlsx', xlsx],
    ] as const) {
      const expected = await collectCopy(
        readCopyChunks({ fileName, bytes: chunked(bytes, 1 << 16) }, DISTROKID, TARGET),
      );
      const read = await collectCopy(
        readCopyChunksInThread({ fileName, bytes: chunked(bytes, 1 << 16) }, DISTROKID, TARGET),
      );
      expect(read.text).toBe(expected.text);
      expect(read.chunks).toBe(expected.chunks);
      expect(read.end).toEqual(expected.end);
    }
  });

  it('refuses a file with the reader’s own words, as a file that cannot be imported', async () => {
    for (const [fileName, bytes] of [
      ['b.csv', fixture('believe.csv')],
      ['damaged.tsv', damagedAt(25_000)],
    ] as const) {
      const expected = await errorOf(
        collectCopy(readCopyChunks({ fileName, bytes: chunked(bytes, 4096) }, DISTROKID, TARGET)),
      );
      const thrown = await errorOf(
        collectCopy(
          readCopyChunksInThread({ fileName, bytes: chunked(bytes, 4096) }, DISTROKID, TARGET),
        ),
      );
      expect(thrown).toBeInstanceOf(StatementFileError);
      expect(thrown.message).toBe(expected.message);
    }
  });

  it('closes the file when the copying stops part-way', async () => {
    // A file with no end: it is closed only if the reading stops it.
    let closed = false;
    const rows = distrokidStatement(5000).toString('utf8').split('Total\t')[0] ?? '';
    const more = Buffer.from(rows.slice(rows.indexOf('\n') + 1));
    async function* file(): AsyncGenerator<Buffer> {
      try {
        yield Buffer.from(rows);
        for (;;) yield await Promise.resolve(more);
      } finally {
        closed = true;
      }
    }
    const read = readCopyChunksInThread({ fileName: 'big.tsv', bytes: file() }, DISTROKID, TARGET);
    expect((await read.next()).done).toBe(false);
    expect(closed).toBe(false);
    await read.return(undefined as never);
    expect(closed).toBe(true);
  });
});

describe('a large statement through the parse job', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distrokid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    const [row] = await portal.db.query<{ id: string }>(
      "select id from distributors where name = 'DistroKid'",
    );
    distrokid = row?.id ?? '';
  });
  afterAll(() => portal.close());

  const read = async (month: string, filename: string, content: Buffer) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distrokid, report_month: month, expected: null },
      [{ filename, content }],
    );
    expect(answer.statusCode).toBe(201);
    const id = String(answer.json()[0].id);
    await portal.app.jobs.drain();
    const [stored] = await portal.db.query<{ records: string; errors: string; total: string }>(
      `select (select count(*) from statement_records where statement_id = $1)::text as records,
              (select count(*) from statement_row_errors where statement_id = $1)::text as errors,
              (select trim_scale(sum(revenue))::text from statement_records
                where statement_id = $1) as total`,
      [id],
    );
    return { statement: (await get(portal.app, lena, `/api/statements/${id}`)).json(), stored };
  };

  it('stores every record of several chunks with its exact amount, and the first row errors', async () => {
    const bytes = distrokidStatement(25_000);
    const expected = await copyTextOf('big.tsv', bytes, DISTROKID, TARGET);
    const { statement, stored } = await read('2026-08', 'big.tsv', bytes);
    expect(statement.files[0].status).toBe('read');
    expect(stored).toEqual({
      records: String(expected.summary.records),
      errors: '26',
      total: expected.summary.revenueTotals[0]?.revenue,
    });
  });

  it('refuses a file damaged after chunks were stored, with its reason, and keeps none of it', async () => {
    const bytes = damagedAt(25_000);
    const expected = await errorOf(copyTextOf('damaged.tsv', bytes, DISTROKID, TARGET));
    const { statement, stored } = await read('2026-09', 'damaged.tsv', bytes);
    expect(statement.status).toBe('failed');
    expect(statement.files[0].error).toBe(expected.message);
    expect(statement.files[0].error).toMatch(/^Row 25\d+ has a cell longer than/);
    expect(stored).toEqual({ records: '0', errors: '0', total: null });
  });
});
