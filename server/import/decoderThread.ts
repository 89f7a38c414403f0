import { Worker } from 'node:worker_threads';
import { workerInbox } from './workerInbox';

type WorkerMessage =
  | { type: 'need' }
  | { type: 'block'; bytes: Uint8Array }
  | { type: 'done' }
  | { type: 'error'; message: string };

/**
 * Compressed data decoded by the worker script at `script`, a batch of output at a time as the
 * reader asks for it: a crafted file of a few kilobytes can be gigabytes and seconds of work,
 * which the event loop never waits for. The thread asks for compressed bytes as its decoder takes
 * them ('need'), hands over a batch ('block') and waits for 'more'; the reader stopping early
 * ends the thread.
 */
export async function* decodeInThread(
  script: URL,
  format: string,
  bytes: AsyncIterable<Buffer>,
): AsyncGenerator<Buffer> {
  const input = bytes[Symbol.asyncIterator]();
  const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
  const inbox = workerInbox<WorkerMessage>(worker, {
    failed: (error) => error,
    stopped: () => new Error(`the ${format} reader stopped`),
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
