import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { bunzip2Blocks } from './bunzip2';
import { ByteCounter, ExpansionBudget, guardExpansion, guardRatio } from './byteGuard';
import { peekBytes } from './decode';
import {
  fileTypeOf,
  fileTypeOfContent,
  TYPE_SAMPLE_BYTES,
  type Compression,
  type FileType,
} from './fileType';
import type { ImportLimits } from './limits';
import { UnreadableFileError } from './types';
import { unxzInThread } from './unxz';
import { unzipStatement } from './zip';

/** The text file's bytes, decompressed as the file name says, streamed and size-guarded. */
export function decompressedBytes(
  compression: Compression,
  bytes: AsyncIterable<Buffer>,
  limits: ImportLimits,
): AsyncIterable<Buffer> {
  if (compression === 'none') return bytes;
  const compressed = new ByteCounter();
  const budget = new ExpansionBudget(limits);
  const output = expandLayer(compression, compressed.count(bytes), limits, budget, 1);
  return guardExpansion(output, compressed, limits);
}

/**
 * Decompresses a compressed statement whole once, counting its bytes and keeping none, so that
 * a file that expands past the limits is refused before any of its rows is read. Answers the
 * bytes it expands to; 0 for a file that is not compressed text (a spreadsheet's package is
 * checked by its reader).
 */
export async function checkExpansion(
  fileName: string,
  bytes: AsyncIterable<Buffer> & { destroy?: () => void },
  limits: ImportLimits,
): Promise<number> {
  let type: FileType | null = null;
  let start: Awaited<ReturnType<typeof peekBytes>> | null = null;
  try {
    fileTypeOf(fileName);
    start = await peekBytes(bytes, TYPE_SAMPLE_BYTES);
    type = fileTypeOfContent(fileName, start.head);
  } finally {
    // Nothing to expand (or a name no reader takes): the file is not read here.
    if (type?.kind !== 'text' || type.compression === 'none') {
      await start?.close();
      bytes.destroy?.();
    }
  }
  if (type.kind !== 'text' || type.compression === 'none' || !start) return 0;
  let total = 0;
  for await (const chunk of decompressedBytes(type.compression, start.all, limits)) {
    total += chunk.length;
  }
  return total;
}

/**
 * One archive layer at `depth` (the upload's own is 1), then the layers inside it that its
 * name says: a statement.csv.gz in a zip is inflated, a statement.zip in a zip opened.
 */
export function expandLayer(
  compression: Compression,
  bytes: AsyncIterable<Buffer>,
  limits: ImportLimits,
  budget: ExpansionBudget,
  depth: number,
): AsyncIterable<Buffer> {
  if (compression === 'none') return bytes;
  if (depth > limits.maxArchiveDepth) {
    throw new UnreadableFileError(
      'archive-contents',
      `The file holds archives more than ${limits.maxArchiveDepth} deep`,
    );
  }
  switch (compression) {
    case 'zip':
      return unzipStatement(bytes, limits, budget, (layer, entry) =>
        expandLayer(layer, entry, limits, budget, depth + 1),
      );
    case 'gzip': {
      const consumed = { bytes: 0 };
      return budget.count(guardRatio(gunzip(bytes, consumed), consumed, limits));
    }
    case 'bzip2': {
      const consumed = new ByteCounter();
      return budget.count(guardRatio(bunzip2(consumed.count(bytes)), consumed, limits));
    }
    case 'xz': {
      const consumed = new ByteCounter();
      return budget.count(guardRatio(unxz(consumed.count(bytes)), consumed, limits));
    }
  }
}

/** `consumed` follows the compressed bytes the inflater has taken, not those read ahead. */
async function* gunzip(
  bytes: AsyncIterable<Buffer>,
  consumed: { bytes: number },
): AsyncGenerator<Buffer> {
  const source = Readable.from(bytes);
  const inflater = createGunzip();
  source.on('error', (error) => inflater.destroy(error));
  async function* output(): AsyncGenerator<Buffer> {
    for await (const chunk of source.pipe(inflater) as AsyncIterable<Buffer>) {
      consumed.bytes = inflater.bytesWritten;
      yield chunk;
    }
  }
  yield* translateErrors(output(), 'gzip', [source]);
}

async function* bunzip2(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield* translateErrors(bunzip2Blocks(bytes), 'bzip2', []);
}

async function* unxz(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield* translateErrors(unxzInThread(bytes), 'xz', []);
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
