import { Worker } from 'node:worker_threads';
import { workerInbox } from './workerInbox';
import { formatBytes } from './byteGuard';
import type { CsvRow } from './csv';
import type { SpreadsheetFormat } from './fileType';
import type { ImportLimits } from './limits';
import { UnreadableFileError } from './types';
import { checkPackageSizes } from './zip';

export type { SpreadsheetFormat };

/** A sheet starts, then its rows in batches, in the same shape as CSV rows. */
export type SheetEvent = { type: 'sheet'; name: string } | { type: 'rows'; rows: CsvRow[] };

type WorkerMessage =
  | SheetEvent
  | { type: 'done' }
  | { type: 'error'; message: string }
  | { type: 'damaged' }
  | { type: 'limit'; message: string };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
let running = 0;

/** How many spreadsheet reader threads are alive: each holds a whole workbook in memory. */
export function runningSpreadsheetReaders(): number {
  return running;
}
const WORKER_HEAP_MB = 2048;

/**
 * Every sheet of a workbook as rows of text. The file is capped in size (a spreadsheet library
 * reads the whole file at once) and read in a worker thread with a heap limit and a time limit.
 * Only the cells present are read: a sheet's declared dimension is a claim, and a workbook whose
 * cells go past the row, cell or row-width limits is refused before any of its rows is given.
 * A sheet's rows run from its first to its last row with content, each row's cells to its last
 * cell with content (an empty row has none).
 * Cells: text as stored; numbers as the shortest decimal that round-trips the stored double
 * (never toFixed, never the display format, which may round); numbers with a date format as
 * 'YYYY-MM-DD' in the workbook's own date system; booleans 'TRUE'/'FALSE'; errors like '#N/A'.
 * Formulas are never evaluated: the value the program saved with the file is what is read.
 */
export async function* readSpreadsheet(
  bytes: AsyncIterable<Buffer>,
  format: SpreadsheetFormat,
  limits: ImportLimits,
): AsyncGenerator<SheetEvent> {
  const file = await collect(bytes, limits.maxSpreadsheetBytes);
  if (format !== 'xls') {
    if (!ZIP_MAGIC.every((byte, i) => file[i] === byte)) {
      throw new UnreadableFileError('corrupt', `The file is not a valid ${format} spreadsheet`);
    }
    try {
      await checkPackageSizes(file, limits);
    } catch (error) {
      // A package cut short or garbled: the workbook is damaged, whatever its zip says.
      if (error instanceof UnreadableFileError && error.reason === 'corrupt') {
        throw damagedSpreadsheet(format, error);
      }
      throw error;
    }
  }
  const shared = new Uint8Array(file).buffer;
  const worker = new Worker(new URL('./spreadsheetWorker.mjs', import.meta.url), {
    workerData: {
      bytes: shared,
      format,
      limits: {
        maxRows: limits.maxSpreadsheetRows,
        maxCells: limits.maxSpreadsheetCells,
        maxCellsPerRow: limits.maxCellsPerRow,
        maxCellChars: limits.maxCellChars,
        maxRowChars: limits.maxRowChars,
      },
    },
    transferList: [shared],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  running += 1;
  const unreadable = (cause?: Error) => damagedSpreadsheet(format, cause);
  const inbox = workerInbox<WorkerMessage>(worker, {
    failed: (error) =>
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new UnreadableFileError('too-large', 'The spreadsheet is too large to read', {
            cause: error,
          })
        : unreadable(error),
    stopped: () => unreadable(),
  });
  const timer = setTimeout(() => {
    inbox.fail(
      new UnreadableFileError(
        'too-large',
        `Reading the spreadsheet took longer than ${limits.spreadsheetTimeoutMs / 1000} s`,
      ),
    );
    void worker.terminate();
  }, limits.spreadsheetTimeoutMs);
  try {
    for (;;) {
      const message = await inbox.next();
      if (message.type === 'done') return;
      if (message.type === 'limit') throw new UnreadableFileError('too-large', message.message);
      // What the library says of a broken workbook is its own words ("Cannot read properties
      // of undefined"): the reader is told the file is damaged, the detail kept as the cause.
      if (message.type === 'error') throw damagedSpreadsheet(format, new Error(message.message));
      if (message.type === 'damaged') throw damagedSpreadsheet(format);
      yield message;
      if (message.type === 'rows') worker.postMessage('more');
    }
  } finally {
    clearTimeout(timer);
    await worker.terminate();
    running -= 1;
  }
}

/** A workbook cut short, garbled or with its sheets missing: never called empty. */
export function damagedSpreadsheet(format: SpreadsheetFormat, cause?: Error): UnreadableFileError {
  return new UnreadableFileError(
    'corrupt',
    `The ${format} spreadsheet is damaged or incomplete`,
    cause ? { cause } : undefined,
  );
}

async function collect(bytes: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of bytes) {
    total += chunk.length;
    if (total > maxBytes) {
      throw new UnreadableFileError(
        'too-large',
        `Spreadsheets are limited to ${formatBytes(maxBytes)}; upload a larger statement as CSV`,
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
