// A statement reading thread: it reads one file at a time, as the server's thread starts it. The
// bytes come from the server's thread a few megabytes ahead of the reading, and the chunks of
// COPY text go back a few ahead of the copying, so that reading the next rows and storing the
// last ones run side by side on two cores.
import { parentPort } from 'node:worker_threads';
import { readCopyChunks } from './copyChunks';
import { StatementFileError } from './types';
import type { ReaderMessage, ThreadData, ThreadMessage } from './copyChunksInThread';

/** Chunks read ahead of the one being copied. */
const CHUNKS_AHEAD = 2;

type FileMessage = Exclude<ReaderMessage, { type: 'read' }>;

function serve(port: NonNullable<typeof parentPort>): void {
  const send = (message: ThreadMessage, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer);
  // The file being read: its bytes as they came, and room for chunks ahead of the copying.
  let input: FileMessage[] = [];
  let inputWaiting: (() => void) | null = null;
  let credits = 0;
  let creditWaiting: (() => void) | null = null;

  async function* bytes(): AsyncGenerator<Buffer> {
    for (;;) {
      while (input.length === 0) await new Promise<void>((resolve) => (inputWaiting = resolve));
      const message = input.shift();
      if (message?.type !== 'input') return;
      send({ type: 'consumed', bytes: message.chunk.byteLength });
      yield Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength);
    }
  }

  async function read(data: ThreadData): Promise<void> {
    // What came after the last file ended is not this file's.
    input = [];
    credits = CHUNKS_AHEAD;
    try {
      const chunks = readCopyChunks(
        { fileName: data.fileName, bytes: bytes() },
        data.template,
        data.target,
        data.options,
      );
      for (;;) {
        const next = await chunks.next();
        if (next.done) {
          send({ type: 'done', read: next.value });
          return;
        }
        while (credits === 0) await new Promise<void>((resolve) => (creditWaiting = resolve));
        credits -= 1;
        // The chunk's memory is its own (copyChunks starts a new one after each), so it moves.
        send({ type: 'chunk', bytes: next.value }, [next.value.buffer]);
      }
    } catch (error) {
      send({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? (error.stack ?? '') : '',
        refusesFile: error instanceof StatementFileError,
      });
    }
  }

  port.on('message', (message: ReaderMessage) => {
    switch (message.type) {
      case 'read':
        void read(message.data);
        break;
      case 'more':
        credits += 1;
        creditWaiting?.();
        creditWaiting = null;
        break;
      default:
        input.push(message);
        inputWaiting?.();
        inputWaiting = null;
    }
  });
}

if (parentPort) serve(parentPort);
