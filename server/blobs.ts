import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredBlob {
  sha256: string;
  size: number;
}

export class BlobTooLargeError extends Error {}

/**
 * Original files, kept byte for byte under their SHA-256: in a folder (the embedded default,
 * `FolderBlobStore`) or in S3-compatible object storage shared by several servers
 * (`S3BlobStore`, server/blobStoreS3.ts). ID documents are kept sealed under a name of their own
 * (server/settings/sealedDocuments.ts).
 */
export interface BlobStore {
  /** Streams a file in while hashing it; never holds it whole in memory. */
  put(source: Readable, maxBytes: number): Promise<StoredBlob>;
  /** Keeps `content` under `name` (64 hex digits), whole or not at all, replacing any before. */
  write(name: string, content: Buffer): Promise<void>;
  open(sha256: string): Readable;
  /**
   * Byte ranges of a file ([start, end), end past the last byte), each as its own buffer; null when
   * the store has none of that name. A store without it is read whole (readBlobRanges).
   */
  readRanges?(
    name: string,
    ranges: readonly (readonly [number, number])[],
  ): Promise<Buffer[] | null>;
  has(sha256: string): Promise<boolean>;
  /** Forgets a file; nothing happens when there is none. */
  remove(name: string): Promise<void>;
}

/** A file of the store read whole, or null when the store has none of that name. */
export async function readBlob(blobs: BlobStore, name: string): Promise<Buffer | null> {
  if (!(await blobs.has(name))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blobs.open(name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Byte ranges of a file of the store ([start, end)), or null when the store has none of that name. */
export async function readBlobRanges(
  blobs: BlobStore,
  name: string,
  ranges: readonly (readonly [number, number])[],
): Promise<Buffer[] | null> {
  if (blobs.readRanges) return blobs.readRanges(name, ranges);
  const whole = await readBlob(blobs, name);
  return whole && ranges.map(([start, end]) => Buffer.from(whole.subarray(start, end)));
}

/**
 * Streams `source` into a new file at `path`, hashing and counting it, refused past `maxBytes`
 * (the file is then removed).
 */
export async function writeHashed(
  source: Readable,
  path: string,
  maxBytes: number,
): Promise<StoredBlob> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(new BlobTooLargeError(`The file is larger than ${maxBytes} bytes.`));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, measure, createWriteStream(path));
    return { sha256: hash.digest('hex'), size };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** The blob store in a folder: the embedded default, one server's own disk. */
export class FolderBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    return join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(source: Readable, maxBytes: number): Promise<StoredBlob> {
    await mkdir(join(this.root, 'incoming'), { recursive: true });
    const temporary = join(this.root, 'incoming', randomUUID());
    const stored = await writeHashed(source, temporary, maxBytes);
    try {
      await mkdir(join(this.root, stored.sha256.slice(0, 2)), { recursive: true });
      await rename(temporary, this.pathOf(stored.sha256));
      return stored;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async write(name: string, content: Buffer): Promise<void> {
    await mkdir(join(this.root, 'incoming'), { recursive: true });
    const temporary = join(this.root, 'incoming', randomUUID());
    try {
      // On the disk before it takes its name: a crash leaves the whole file or none under it.
      const file = await open(temporary, 'wx');
      try {
        await file.writeFile(content);
        await file.sync();
      } finally {
        await file.close();
      }
      const folder = join(this.root, name.slice(0, 2));
      await mkdir(folder, { recursive: true });
      await rename(temporary, this.pathOf(name));
      const directory = await open(folder, 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  open(sha256: string): Readable {
    return createReadStream(this.pathOf(sha256), { highWaterMark: 1024 * 1024 });
  }

  async readRanges(
    name: string,
    ranges: readonly (readonly [number, number])[],
  ): Promise<Buffer[] | null> {
    let file;
    try {
      file = await open(this.pathOf(name), 'r');
    } catch {
      return null;
    }
    try {
      const read: Buffer[] = [];
      for (const [start, end] of ranges) {
        const bytes = Buffer.allocUnsafe(end - start);
        const { bytesRead } = await file.read(bytes, 0, bytes.length, start);
        if (bytesRead !== bytes.length) throw new Error(`The file ${name} is shorter than asked`);
        read.push(bytes);
      }
      return read;
    } finally {
      await file.close();
    }
  }

  async remove(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await stat(this.pathOf(sha256));
      return true;
    } catch {
      return false;
    }
  }
}
