import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkExpansion, decompressedBytes } from '../../../server/import/decompress';
import { DEFAULT_LIMITS, withLimits } from '../../../server/import/limits';
import { parseStatement } from '../../../server/import/parse';
import { DISTROKID } from '../../../server/import/templates';
import { chunked, DISTROKID_HEADER, distroKidLine, fixture, parseFile } from './helpers';
import { makeZip } from './zipFixtures';

// 46,000,000 letters 'a', compressed by `bzip2 -9`: two blocks in 80 bytes.
const RUN_BZ2 = Buffer.from(
  'QlpoOTFBWSZTWcJtKvMBX44BAKAAAAggADCATUZCoCWpCoCXMUFZJlNZtDJYaQAAx5EAhAAgAAAIIAAgpTQZjjUhbFIXi7kinChIGHQGxwA=',
  'base64',
);
const MB = 1024 * 1024;

/** A DistroKid statement of `rows` rows. */
function statement(rows: number): Buffer {
  const lines = [DISTROKID_HEADER];
  for (let row = 0; row < rows; row++) {
    lines.push(distroKidLine({ earnings: `0.${String(row % 1000).padStart(3, '0')}1` }));
  }
  return Buffer.from(lines.join(''));
}

async function drain(bytes: AsyncIterable<Buffer>): Promise<number> {
  let total = 0;
  for await (const chunk of bytes) total += chunk.length;
  return total;
}

describe('a compressed statement is measured whole before it is read', () => {
  it('refuses a gzip of valid rows that expands past the limit, naming the limit', async () => {
    const bomb = gzipSync(statement(60_000));
    const limits = withLimits({ maxUncompressedBytes: 2 * MB });
    await expect(checkExpansion('bomb.csv.gz', chunked(bomb, 65536), limits)).rejects.toThrow(
      'The file expands to more than 2 MB when uncompressed',
    );
    const fits = await checkExpansion(
      'fits.csv.gz',
      chunked(gzipSync(statement(100)), 512),
      limits,
    );
    expect(fits).toBe(statement(100).length);
  });

  it('decodes a bzip2 bomb one block at a time, the event loop turning meanwhile', async () => {
    const bomb = Buffer.concat([RUN_BZ2, RUN_BZ2]); // 92 MB in 160 bytes
    const limits = { ...DEFAULT_LIMITS, maxUncompressedBytes: 60 * MB, maxCompressionRatio: 1e9 };
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    try {
      await expect(drain(decompressedBytes('bzip2', chunked(bomb, 64), limits))).rejects.toThrow(
        'The file expands to more than 60 MB when uncompressed',
      );
    } finally {
      clearInterval(ticker);
    }
    // The decoder of old did the whole file in one go: the event loop never turned.
    expect(turns).toBeGreaterThan(0);
  }, 60_000);

  it('decodes an xz bomb in a thread of its own, the event loop turning meanwhile', async () => {
    const bomb = fixture('letters-64mb.xz'); // 64 MiB of 'a' in 9.9 kB, made by `xz -9e`
    const limits = { ...DEFAULT_LIMITS, maxUncompressedBytes: 60 * MB, maxCompressionRatio: 1e9 };
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    try {
      await expect(drain(decompressedBytes('xz', chunked(bomb, 4096), limits))).rejects.toThrow(
        'The file expands to more than 60 MB when uncompressed',
      );
    } finally {
      clearInterval(ticker);
    }
    // On the event loop's thread the decoder took seconds with one turn or two: every request
    // waited. In its thread, the timer fires between the batches it hands over.
    expect(turns).toBeGreaterThanOrEqual(10);
  }, 60_000);

  // 100 gzip members of 10 MiB of zeros each: 1 GB in 1 MB, as `gzip` reads concatenated files.
  const gzipBomb = () => Buffer.concat(Array(100).fill(gzipSync(Buffer.alloc(10 * MB))));

  it.each([
    ['in one piece', 1 << 30],
    ['in 64 kB chunks', 65536],
  ])('refuses a gzip bomb read %s within its first megabytes of output', async (_, chunkSize) => {
    let expanded = 0;
    const read = async () => {
      for await (const chunk of decompressedBytes(
        'gzip',
        chunked(gzipBomb(), chunkSize),
        DEFAULT_LIMITS,
      )) {
        expanded += chunk.length;
      }
    };
    await expect(read()).rejects.toThrow(
      'The file expands more than 200 times when uncompressed; it looks like a zip bomb',
    );
    // Measured against the bytes the inflater took, not those read ahead of it: the ratio
    // fired at 64 MB at best before, and at the 1 GB size cap for a file read in one piece.
    expect(expanded).toBeLessThanOrEqual(8 * MB);
  });

  it('reads a real statement whose rows compress 29 times whole', async () => {
    const real = statement(60_000);
    const read = await checkExpansion('big.csv.gz', chunked(gzipSync(real), 65536), DEFAULT_LIMITS);
    expect(read).toBe(real.length);
  });
});

describe('archives inside archives', () => {
  const csv = statement(3);

  it('reads DistroKid’s zip holding a zip holding the CSV', async () => {
    const inner = makeZip([{ name: 'DistroKid_statement.csv', data: csv }]);
    const delivery = makeZip([
      { name: '__MACOSX/._DistroKid_statement.zip', data: Buffer.from('junk') },
      { name: 'DistroKid_statement.zip', data: inner },
    ]);
    const { records } = await parseFile('distrokid.csv.zip', delivery, DISTROKID, {
      chunkSize: 4096,
    });
    expect(records.map((record) => record.revenue)).toEqual(['0.0001', '0.0011', '0.0021']);
  });

  it('reads a gzip inside a zip', async () => {
    const delivery = makeZip([{ name: 'statement.tsv.gz', data: gzipSync(csv) }]);
    const { records } = await parseFile('kid.csv.zip', delivery, DISTROKID, { chunkSize: 4096 });
    expect(records).toHaveLength(3);
  });

  it('refuses archives nested deeper than the limit, naming it', async () => {
    let nested = makeZip([{ name: 'statement.csv', data: csv }]);
    for (let depth = 2; depth <= 4; depth++) {
      nested = makeZip([{ name: `level${depth}.zip`, data: nested }]);
    }
    await expect(parseFile('deep.csv.zip', nested, DISTROKID, { chunkSize: 4096 })).rejects.toThrow(
      'The file holds archives more than 3 deep',
    );
  });

  it('counts the files of every nested zip against one limit', async () => {
    const litter = Array.from({ length: 6 }, (_, i) => ({
      name: `notes/${i}.pdf`,
      data: Buffer.from('%PDF'),
    }));
    const inner = makeZip([...litter, { name: 'statement.csv', data: csv }]);
    const outer = makeZip([...litter, { name: 'statement.zip', data: inner }]);
    await expect(
      parseFile('many.csv.zip', outer, DISTROKID, { limits: { maxArchiveEntries: 10 } }),
    ).rejects.toThrow('The archive holds more than 10 files');
  });

  it('counts what every layer expands to against the one size limit', async () => {
    const big = statement(20_000);
    const inner = makeZip([{ name: 'statement.csv', data: big }]);
    const outer = makeZip([{ name: 'statement.zip', data: inner }]);
    // The CSV alone fits; the inner zip's bytes and the CSV's together do not.
    const limit = big.length + Math.floor(inner.length / 2);
    const parse = parseStatement(
      { fileName: 'layers.csv.zip', bytes: chunked(outer, 65536) },
      DISTROKID,
      { limits: { maxUncompressedBytes: limit } },
    );
    await expect(drainParse(parse)).rejects.toThrow(/expands to more than/);
  });
});

async function drainParse(parse: AsyncGenerator<unknown>): Promise<void> {
  for await (const _item of parse) {
    // read to the end
  }
}
