// The S3 blob store against a real S3-compatible server on this machine (s3rver). s3rver accepts
// a request signed with a wrong secret, so the signature itself is checked against AWS's published
// examples in blobStoreS3.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createHash, randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobTooLargeError, FolderBlobStore, readBlobRanges } from '../../server/blobs';
import { S3BlobStore, type S3BlobConfig } from '../../server/blobStoreS3';

const readWhole = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('uploaded files in S3-compatible storage', () => {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const peer = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'statements' }],
  });
  let config: S3BlobConfig;

  beforeAll(async () => {
    const { port } = await peer.run();
    config = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'statements',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'portal/',
    };
  });
  afterAll(async () => {
    await peer.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('keeps a file under its SHA-256 and gives it back byte for byte', async () => {
    const store = new S3BlobStore(config);
    // Three megabytes in small chunks: streamed in, never whole in one piece.
    const content = randomBytes(3 * 1024 * 1024);
    const chunks = Array.from({ length: 48 }, (_, i) =>
      content.subarray(i * 65536, (i + 1) * 65536),
    );
    const stored = await store.put(Readable.from(chunks), 10 * 1024 * 1024);
    expect(stored).toEqual({
      sha256: createHash('sha256').update(content).digest('hex'),
      size: content.length,
    });
    expect(await store.has(stored.sha256)).toBe(true);
    expect((await readWhole(store.open(stored.sha256))).equals(content)).toBe(true);
    expect(await store.has('0'.repeat(64))).toBe(false);
  });

  it('gives back byte ranges of a file, and nothing for a file it does not have', async () => {
    const content = randomBytes(200_000);
    const ranges = [
      [0, 1],
      [70_000, 140_001],
      [199_990, 200_000],
    ] as const;
    const folder = new FolderBlobStore(join(directory, 'folder'));
    for (const store of [new S3BlobStore(config), folder]) {
      const stored = await store.put(Readable.from([content]), 1024 * 1024);
      const read = await readBlobRanges(store, stored.sha256, ranges);
      expect(read?.map((bytes) => bytes.toString('hex'))).toEqual(
        ranges.map(([start, end]) => content.subarray(start, end).toString('hex')),
      );
      expect(await readBlobRanges(store, '0'.repeat(64), ranges)).toBeNull();
    }
  });

  it('refuses a file over the limit and keeps nothing of it', async () => {
    const store = new S3BlobStore(config);
    const content = Buffer.from('a statement too long for its limit\n');
    await expect(store.put(Readable.from([content]), 10)).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.has(createHash('sha256').update(content).digest('hex'))).toBe(false);
  });
});
