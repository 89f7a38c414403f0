import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { formatBytes, type ExpansionBudget } from './byteGuard';
import type { Compression } from './fileType';
import type { ImportLimits } from './limits';
import { UnreadableFileError } from './types';

const STORED = 0;
const DEFLATED = 8;
const CSV_ENTRY = /\.(csv|tsv|txt)$/i;

/** What a name inside an archive holds: the statement's text, another archive, or neither. */
export function layerOf(name: string): Compression | 'text' | null {
  const lower = name.toLowerCase();
  if (CSV_ENTRY.test(lower)) return 'text';
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.gz')) return 'gzip';
  if (lower.endsWith('.bz2')) return 'bzip2';
  if (lower.endsWith('.xz')) return 'xz';
  return null;
}

/**
 * The statement inside a zip archive, streamed: its one CSV, or the one archive that holds it
 * (DistroKid sends a zip in a zip), opened by `openInner` one level deeper. The archive is
 * spooled to a temporary file first because a zip's table of contents sits at its end: only
 * with it can the archive be checked (one candidate, declared sizes, ratio) before a byte is
 * decompressed. Every entry's output counts against the upload's `budget`.
 */
export async function* unzipStatement(
  bytes: AsyncIterable<Buffer>,
  limits: ImportLimits,
  budget: ExpansionBudget,
  openInner: (compression: Compression, bytes: AsyncIterable<Buffer>) => AsyncIterable<Buffer>,
): AsyncGenerator<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'statement-zip-'));
  try {
    const path = join(dir, 'upload.zip');
    await spool(bytes, path, limits.maxUncompressedBytes);
    const zip = await openZip(() => promisifyOpen((cb) => yauzl.open(path, zipOptions, cb)));
    try {
      const entries = await readEntries(zip, () => budget.entry());
      const entry = pickStatementEntry(entries);
      checkDeclaredSize(entry, limits.maxUncompressedBytes, limits);
      const layer = layerOf(entry.fileName);
      const entryBytes = budget.count(readEntry(zip, entry));
      yield* layer === 'text' || layer === null ? entryBytes : openInner(layer, entryBytes);
    } finally {
      zip.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Refuses an xlsx/ods package whose parts declare more than the limit when unpacked. */
export async function checkPackageSizes(bytes: Buffer, limits: ImportLimits): Promise<void> {
  const zip = await openZip(() => promisifyOpen((cb) => yauzl.fromBuffer(bytes, zipOptions, cb)));
  try {
    const entries = await readEntries(zip);
    let total = 0;
    for (const entry of entries) {
      total += entry.uncompressedSize;
      checkDeclaredSize(entry, limits.maxSpreadsheetUnpackedBytes, limits);
    }
    if (total > limits.maxSpreadsheetUnpackedBytes) {
      throw new UnreadableFileError(
        'too-large',
        `The spreadsheet unpacks to more than ${formatBytes(limits.maxSpreadsheetUnpackedBytes)}`,
      );
    }
  } finally {
    zip.close();
  }
}

const zipOptions = { lazyEntries: true, autoClose: false, validateEntrySizes: true };

async function spool(bytes: AsyncIterable<Buffer>, path: string, maxBytes: number): Promise<void> {
  let total = 0;
  async function* capped(): AsyncGenerator<Buffer> {
    for await (const chunk of bytes) {
      total += chunk.length;
      if (total > maxBytes) {
        throw new UnreadableFileError(
          'too-large',
          `The archive is larger than ${formatBytes(maxBytes)}`,
        );
      }
      yield chunk;
    }
  }
  await pipeline(Readable.from(capped()), createWriteStream(path));
}

function promisifyOpen(
  open: (cb: (err: Error | null, zip?: ZipFile) => void) => void,
): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    open((err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip))),
  );
}

async function openZip(open: () => Promise<ZipFile>): Promise<ZipFile> {
  try {
    return await open();
  } catch (cause) {
    throw damaged(cause);
  }
}

function readEntries(zip: ZipFile, count: () => void = () => {}): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      try {
        count();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (cause) => reject(damaged(cause)));
    zip.readEntry();
  });
}

function pickStatementEntry(entries: Entry[]): Entry {
  const files = entries.filter((entry) => !entry.fileName.endsWith('/'));
  // Finder and Explorer add these beside the real file; they are never statements.
  const candidates = files.filter((entry) => {
    const base = entry.fileName.split('/').pop() ?? '';
    return (
      !entry.fileName.startsWith('__MACOSX/') && !base.startsWith('.') && layerOf(base) !== null
    );
  });
  const [only, ...more] = candidates;
  if (!only) {
    const names = files.map((entry) => entry.fileName).slice(0, 5);
    throw new UnreadableFileError(
      'archive-contents',
      `The zip archive holds no CSV file${names.length ? ` (it holds ${names.join(', ')})` : ''}`,
    );
  }
  if (more.length > 0) {
    const names = candidates.map((entry) => entry.fileName).slice(0, 5);
    throw new UnreadableFileError(
      'archive-contents',
      `The zip archive holds ${candidates.length} CSV files (${names.join(', ')}); upload each one as its own file`,
    );
  }
  if (only.isEncrypted()) {
    throw new UnreadableFileError('archive-contents', `'${only.fileName}' is password-protected`);
  }
  if (only.compressionMethod !== STORED && only.compressionMethod !== DEFLATED) {
    throw new UnreadableFileError(
      'archive-contents',
      `'${only.fileName}' uses zip compression method ${only.compressionMethod}; only stored and deflate are supported`,
    );
  }
  return only;
}

function checkDeclaredSize(entry: Entry, maxBytes: number, limits: ImportLimits): void {
  if (entry.uncompressedSize > maxBytes) {
    throw new UnreadableFileError(
      'too-large',
      `'${entry.fileName}' expands to more than ${formatBytes(maxBytes)} when uncompressed`,
    );
  }
  if (
    entry.uncompressedSize > limits.ratioCheckAfterBytes &&
    entry.uncompressedSize > Math.max(entry.compressedSize, 1) * limits.maxCompressionRatio
  ) {
    throw new UnreadableFileError(
      'too-large',
      `'${entry.fileName}' expands more than ${limits.maxCompressionRatio} times when uncompressed; it looks like a zip bomb`,
    );
  }
}

async function* readEntry(zip: ZipFile, entry: Entry): AsyncGenerator<Buffer> {
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, readStream) =>
      err || !readStream ? reject(damaged(err)) : resolve(readStream),
    ),
  );
  try {
    // yauzl fails the stream when the data disagrees with the declared size (validateEntrySizes).
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (cause) {
    throw damaged(cause);
  } finally {
    stream.destroy();
  }
}

function damaged(cause: unknown): UnreadableFileError {
  if (cause instanceof UnreadableFileError) return cause;
  const detail = cause instanceof Error ? `: ${cause.message}` : '';
  return new UnreadableFileError('corrupt', `The zip archive is damaged or incomplete${detail}`, {
    cause,
  });
}
