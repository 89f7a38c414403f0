import { Worker } from 'node:worker_threads';
import type { CopyRead, CopyTarget } from './copyChunks';
import type { ParseOptions, StatementInput } from './parse';
import { StatementFileError, UnreadableFileError } from './types';
import { workerInbox } from './workerInbox';
import type { DistributorTemplate } from '../../rules/templateSchema';

/** What the reading thread is asked to read. */
export interface ThreadData {
  fileName: string;
  template: DistributorTemplate;
  target: CopyTarget;
  options: ParseOptions;
}

/** From the reading thread. */
export type ThreadMessage =
  | { type: 'consumed'; bytes: number }
  | { type: 'chunk'; bytes: Uint8Array<ArrayBuffer> }
  | { type: 'done'; read: CopyRead }
  | { type: 'error'; message: string; stack: string; refusesFile: boolean };

/** To the reading thread: a file to read, its next bytes, their end, or room for one more chunk. */
export type ReaderMessage =
  | { type: 'read'; data: ThreadData }
  | { type: 'input'; chunk: Uint8Array }
  | { type: 'end' }
  | { type: 'more' };

/**
 * The file's bytes handed to the thread ahead of its reading: while the copying holds this
 * thread (on PGlite, the database runs here), the reader still has some 40,000 rows to read.
 */
const BYTES_AHEAD = 4 * 1024 * 1024;

/**
 * The reading thread's heap. A file is read in a stream, so its reading needs far less; without
 * a bound the heap grows lazily by hundreds of megabytes over a large file.
 */
const READER_HEAP_MB = 256;

/** What a file is refused with when reading it needed more than READER_HEAP_MB. */
export const READER_OUT_OF_MEMORY = 'Reading the file needed more memory than one file is given';

/** A reading thread left idle this long stops; the next large file starts one again. */
const IDLE_MS = 60_000;

/**
 * Reading threads between files. A thread is kept only after a file it read to its end, or
 * refused: its code is then warm for the next one. One stopped part-way is thrown away. Idle
 * threads never keep the process alive.
 */
const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

function takeThread(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    kept.worker.ref();
    return kept.worker;
  }
  return new Worker(new URL('./copyChunksWorker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
  });
}

function keepThread(worker: Worker): void {
  worker.removeAllListeners('message');
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  worker.unref();
  const entry = {
    worker,
    timer: setTimeout(() => {
      idle.splice(idle.indexOf(entry), 1);
      void worker.terminate();
    }, IDLE_MS).unref(),
  };
  idle.push(entry);
}

/**
 * What readCopyChunks gives, read in a worker thread: the file's bytes are handed to it a few
 * megabytes ahead of its reading, and its chunks come back while the last ones are being copied, so reading no longer
 * waits for storing (on PGlite the database runs on this thread), and the server's thread stays
 * free to answer. A file the reader refuses throws a StatementFileError with the reader's
 * message, as readCopyChunks does.
 */
export async function* readCopyChunksInThread(
  input: StatementInput,
  template: DistributorTemplate,
  target: CopyTarget,
  options: ParseOptions = {},
): AsyncGenerator<Uint8Array<ArrayBuffer>, CopyRead> {
  const bytes = input.bytes[Symbol.asyncIterator]();
  const worker = takeThread();
  const state = { reusable: false, ended: false };
  const send = (message: ReaderMessage, transfer: ArrayBuffer[] = []) =>
    worker.postMessage(message, transfer);
  let ahead = 0;
  let pumping = false;
  const inbox = workerInbox<ThreadMessage>(worker, {
    failed: (error) =>
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new UnreadableFileError('too-large', READER_OUT_OF_MEMORY, { cause: error })
        : error,
    stopped: () => new Error('the statement reader stopped'),
    handle: (message) => {
      if (message.type !== 'consumed') return false;
      ahead -= message.bytes;
      void pump();
      return true;
    },
  });
  // The bytes go out as the thread uses them, whatever the copying is doing.
  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (!state.ended && ahead < BYTES_AHEAD) {
        const next = await bytes.next();
        if (state.ended) break;
        if (next.done) {
          state.ended = true;
          send({ type: 'end' });
          break;
        }
        // A copy of just these bytes moves to the thread: a clone of the piece would copy the
        // whole buffer it may be a view of.
        const chunk = new Uint8Array(next.value);
        ahead += chunk.length;
        send({ type: 'input', chunk }, [chunk.buffer]);
      }
    } catch (error) {
      inbox.fail(error instanceof Error ? error : new Error(String(error)), false);
    } finally {
      pumping = false;
    }
  }
  send({ type: 'read', data: { fileName: input.fileName, template, target, options } });
  void pump();
  try {
    for (;;) {
      const message = await inbox.next();
      switch (message.type) {
        case 'chunk':
          yield message.bytes;
          send({ type: 'more' });
          break;
        case 'done':
          state.reusable = true;
          return message.read;
        case 'error': {
          state.reusable = true;
          if (message.refusesFile) throw new StatementFileError(message.message);
          const error = new Error(message.message);
          error.stack = message.stack;
          throw error;
        }
      }
    }
  } finally {
    // Whatever the pump is reading now is not sent: the thread may be reading another file.
    const clean = state.reusable && inbox.failure === null;
    state.ended = true;
    if (clean) keepThread(worker);
    else await worker.terminate();
    await bytes.return?.();
  }
}
