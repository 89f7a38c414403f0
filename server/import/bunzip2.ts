import { Worker } from 'node:worker_threads';
import { workerInbox } from './workerInbox';

type WorkerMessage =
  | { type: 'need' }
  | { type: 'block'; bytes: Uint8Array }
  | { type: 'done' }
  | { type: 'error'; message: string };

/**
 * bzip2 data decoded in a worker thread one block at a time, as the reader asks for it: a block
 * is at most about 46 MB of output and seconds of work on a crafted file, which the event loop
 * never waits for. Concatenated streams are read as one (what `bzip2` itself does).
 */
export async function* bunzip2Blocks(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const input = bytes[Symbol.asyncIterator]();
  const worker = new Worker(new URL('./bunzip2Worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  const inbox = workerInbox<WorkerMessage>(worker, {
    failed: (error) => error,
    stopped: () => new Error('the bzip2 reader stopped'),
  });
  try {
    for (;;) {
      const message = await inbox.next();
      switch (message.type) {
        case 'need': {
          const next = await input.next();
          if (next.done) worker.postMessage({ type: 'end' });
          else worker.postMessage({ type: 'input', chunk: next.value });
          break;
        }
        case 'block':
          yield Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length);
          worker.postMessage({ type: 'more' });
          break;
        case 'done':
          return;
        case 'error':
          throw new Error(message.message);
      }
    }
  } finally {
    await worker.terminate();
    await input.return?.();
  }
}
