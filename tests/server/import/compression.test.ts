import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decompressedBytes } from '../../../server/import/decompress';
import { DEFAULT_LIMITS } from '../../../server/import/limits';
import { DISTROKID } from '../../../server/import/templates';
import { UnreadableFileError } from '../../../server/import/types';
import { chunked, fixture, parseFile } from './helpers';
import { makeZip } from './zipFixtures';

const tsv = fixture('distrokid.tsv');
const expected = ['4.123456789012', '0.000123456789', '6.93', '-0.0021'];

async function revenues(fileName: string, bytes: Buffer, chunkSize = 512) {
  const { records, rowErrors } = await parseFile(fileName, bytes, DISTROKID, { chunkSize });
  expect(rowErrors).toEqual([]);
  return records.map((record) => record.revenue);
}

describe('compressed statements', () => {
  it('reads .csv.gz', async () => {
    expect(await revenues('kid.csv.gz', gzipSync(tsv), 5)).toEqual(expected);
  });

  it('reads .csv.zip with the one CSV inside, ignoring macOS litter', async () => {
    const zip = makeZip([
      { name: '__MACOSX/._statement.tsv', data: Buffer.from('junk') },
      { name: 'readme.pdf', data: Buffer.from('%PDF') },
      { name: 'statements/statement.tsv', data: tsv },
    ]);
    expect(await revenues('kid.csv.zip', zip)).toEqual(expected);
  });

  it('reads .csv.bz2 and .csv.xz (fixtures made with the bzip2 and xz tools)', async () => {
    expect(await revenues('kid.csv.bz2', fixture('distrokid.tsv.bz2'), 3)).toEqual(expected);
    expect(await revenues('kid.csv.xz', fixture('distrokid.tsv.xz'), 3)).toEqual(expected);
  });

  it('refuses a zip with several CSV files or none', async () => {
    const several = makeZip([
      { name: 'june.csv', data: tsv },
      { name: 'july.csv', data: tsv },
    ]);
    await expect(parseFile('x.csv.zip', several, DISTROKID)).rejects.toThrow(
      /holds 2 CSV files \(june.csv, july.csv\)/,
    );
    const none = makeZip([{ name: 'statement.pdf', data: Buffer.from('%PDF') }]);
    await expect(parseFile('x.csv.zip', none, DISTROKID)).rejects.toThrow(/holds no CSV file/);
  });

  it.each([
    [
      'kid.csv.zip',
      () => makeZip([{ name: 'a.csv', data: tsv }]).subarray(0, 200),
      /zip archive is damaged/,
    ],
    ['kid.csv.gz', () => gzipSync(tsv).subarray(0, 100), /gzip data is damaged/],
    ['kid.csv.bz2', () => fixture('distrokid.tsv.bz2').subarray(0, 150), /bzip2 data is damaged/],
    ['kid.csv.xz', () => fixture('distrokid.tsv.xz').subarray(0, 150), /xz data is damaged/],
    ['kid.csv.gz', () => Buffer.from('not gzip at all'), /gzip data is damaged/],
  ])('refuses a truncated or corrupt %s cleanly', async (name, bytes, message) => {
    const attempt = parseFile(name, bytes(), DISTROKID);
    await expect(attempt).rejects.toBeInstanceOf(UnreadableFileError);
    await expect(parseFile(name, bytes(), DISTROKID)).rejects.toThrow(message);
  });

  it('refuses a zip bomb from its declared size, before inflating it', async () => {
    const bomb = makeZip([
      { name: 'bomb.csv', data: Buffer.alloc(1024), declaredSize: 4_000_000_000 },
    ]);
    await expect(parseFile('bomb.csv.zip', bomb, DISTROKID)).rejects.toThrow(
      /expands to more than/,
    );
  });

  it('refuses a zip whose data is larger than its headers say', async () => {
    const liar = makeZip([{ name: 'a.csv', data: tsv, declaredSize: 10 }]);
    await expect(parseFile('a.csv.zip', liar, DISTROKID)).rejects.toThrow(UnreadableFileError);
  });

  it('refuses a gzip bomb without inflating it all', async () => {
    const zeros = gzipSync(Buffer.alloc(200 * 1024 * 1024));
    const started = process.memoryUsage().rss;
    await expect(
      parseFile('bomb.csv.gz', zeros, DISTROKID, { chunkSize: 65536 }),
    ).rejects.toBeInstanceOf(UnreadableFileError);
    expect(process.memoryUsage().rss - started).toBeLessThan(150 * 1024 * 1024);
  });
});

describe('decompressedBytes', () => {
  async function drain(
    compression: 'gzip' | 'xz' | 'bzip2',
    bytes: Buffer,
    limits = DEFAULT_LIMITS,
  ) {
    let total = 0;
    for await (const chunk of decompressedBytes(compression, chunked(bytes, 65536), limits)) {
      total += chunk.length;
    }
    return total;
  }

  it('stops at the expansion ratio once the output is large', async () => {
    const text = gzipSync(Buffer.from('\n'.repeat(100 * 1024 * 1024)));
    await expect(drain('gzip', text)).rejects.toThrow(/expands more than 200 times/);
  });

  it('stops at the total size cap', async () => {
    const text = gzipSync(Buffer.from('a,b\n'.repeat(250_000)));
    await expect(
      drain('gzip', text, { ...DEFAULT_LIMITS, maxUncompressedBytes: 500_000 }),
    ).rejects.toThrow(/expands to more than/);
    expect(await drain('gzip', text)).toBe(1_000_000);
  });
});
