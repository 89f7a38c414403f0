import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import unbzip2 from 'unbzip2-stream';
import { ByteCounter, guardExpansion } from './byteGuard';
import type { Compression } from './fileType';
import type { ImportLimits } from './limits';
import { UnreadableFileError } from './types';
import { unzipSingleCsv } from './zip';

// xz-decompress is a webpack bundle whose named exports Node's ESM loader cannot see.
const { XzReadableStream } = createRequire(import.meta.url)(
  'xz-decompress',
) as typeof import('xz-decompress');

/** The text file's bytes, decompressed as the file name says, streamed and size-guarded. */
export function decompressedBytes(
  compression: Compression,
  bytes: AsyncIterable<Buffer>,
  limits: ImportLimits,
): AsyncIterable<Buffer> {
  if (compression === 'none') return bytes;
  const compressed = new ByteCounter();
  const counted = compressed.count(bytes);
  const output = (() => {
    switch (compression) {
      case 'zip':
        return unzipSingleCsv(counted, limits);
      case 'gzip':
        return gunzip(counted);
      case 'bzip2':
        return bunzip2(counted);
      case 'xz':
        return unxz(counted);
    }
  })();
  return guardExpansion(output, compressed, limits);
}

async function* gunzip(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const source = Readable.from(bytes);
  const inflater = createGunzip();
  source.on('error', (error) => inflater.destroy(error));
  yield* translateErrors(source.pipe(inflater), 'gzip', [source]);
}

async function* bunzip2(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const source = Readable.from(bytes);
  // unbzip2-stream is an old-style through stream: bridge it into a streams3 Readable.
  const decoder = unbzip2();
  const output = new PassThrough();
  source.on('error', (error) => output.destroy(error));
  decoder.on('error', (error: Error) => output.destroy(error));
  source.pipe(decoder).pipe(output);
  yield* translateErrors(output, 'bzip2', [source]);
}

async function* unxz(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const source = Readable.from(bytes);
  const decoded = new XzReadableStream(Readable.toWeb(source) as ReadableStream<Uint8Array>);
  async function* buffers(): AsyncGenerator<Buffer> {
    for await (const chunk of decoded as unknown as AsyncIterable<Uint8Array>) {
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
  }
  yield* translateErrors(buffers(), 'xz', [source]);
}

async function* translateErrors(
  output: AsyncIterable<Buffer>,
  format: string,
  toClose: Readable[],
): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of output) yield chunk;
  } catch (cause) {
    if (cause instanceof UnreadableFileError) throw cause;
    throw new UnreadableFileError(
      'corrupt',
      `The ${format} data is damaged or incomplete and cannot be decompressed`,
      { cause },
    );
  } finally {
    for (const stream of toClose) stream.destroy();
  }
}
