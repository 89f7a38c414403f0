import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredBlob {
  sha256: string;
  size: number;
}

export class BlobTooLargeError extends Error {}

/**
 * Original files, kept byte for byte under their SHA-256 in a folder (S3-compatible storage
 * can take its place behind the same three calls).
 */
export class BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    return join(this.root, sha256.slice(0, 2), sha256);
  }

  /** Streams a file in while hashing it; never holds it whole in memory. */
  async put(source: Readable, maxBytes: number): Promise<StoredBlob> {
    await mkdir(join(this.root, 'incoming'), { recursive: true });
    const temporary = join(this.root, 'incoming', randomUUID());
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
      await pipeline(source, measure, createWriteStream(temporary));
      const sha256 = hash.digest('hex');
      await mkdir(join(this.root, sha256.slice(0, 2)), { recursive: true });
      await rename(temporary, this.pathOf(sha256));
      return { sha256, size };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  open(sha256: string): Readable {
    return createReadStream(this.pathOf(sha256), { highWaterMark: 1024 * 1024 });
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
