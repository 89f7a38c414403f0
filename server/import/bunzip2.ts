import { Worker } from 'node:worker_threads';

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
  const inbox: WorkerMessage[] = [];
  // Set from worker callbacks; an object so the loop below re-reads it after each await.
  const state: { failure: Error | null } = { failure: null };
  let wake: (() => void) | null = null;
  const notify = (): void => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: WorkerMessage) => {
    inbox.push(message);
    notify();
  });
  worker.on('error', (error: Error) => {
    state.failure = error;
    notify();
  });
  worker.on('exit', () => {
    state.failure ??= new Error('the bzip2 reader stopped');
    notify();
  });
  try {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        if (state.failure) throw state.failure;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
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
