// Decodes xz in a worker thread, as the reading side asks for output: a crafted file of 146 KB
// expands to a gigabyte, seconds of WebAssembly work that must not stop the event loop.
// Plain JavaScript: a worker is started by Node itself, outside the TypeScript loader.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

// xz-decompress is a webpack bundle whose named exports Node's ESM loader cannot see.
const { XzReadableStream } = createRequire(import.meta.url)('xz-decompress');

/** Output gathered before it is handed over: fewer messages, each a fresh buffer of its own. */
const BATCH_BYTES = 1024 * 1024;

const inbox = [];
let wake = null;
parentPort?.on('message', (message) => {
  inbox.push(message);
  wake?.();
  wake = null;
});
async function nextMessage() {
  while (inbox.length === 0) await new Promise((resolve) => (wake = resolve));
  return inbox.shift();
}

let stopped = false;

/** The compressed bytes, asked of the reading side one chunk at a time as the decoder pulls. */
const compressed = new ReadableStream(
  {
    async pull(controller) {
      parentPort.postMessage({ type: 'need' });
      const message = await nextMessage();
      if (message.type === 'input') controller.enqueue(new Uint8Array(message.chunk));
      else if (message.type === 'end') controller.close();
      else {
        stopped = true;
        controller.close();
      }
    },
  },
  { highWaterMark: 0 },
);

/** Hands a batch over and waits until the reading side wants more: false when it stopped. */
async function send(batch, length) {
  const block = new Uint8Array(length);
  let at = 0;
  for (const part of batch) {
    block.set(part, at);
    at += part.length;
  }
  parentPort.postMessage({ type: 'block', bytes: block }, [block.buffer]);
  const message = await nextMessage();
  return message.type === 'more';
}

async function main() {
  const reader = new XzReadableStream(compressed).getReader();
  let batch = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (stopped) return;
    if (done) break;
    batch.push(value.slice());
    length += value.length;
    if (length >= BATCH_BYTES) {
      if (!(await send(batch, length))) return;
      batch = [];
      length = 0;
    }
  }
  if (length > 0 && !(await send(batch, length))) return;
  parentPort.postMessage({ type: 'done' });
}

if (parentPort) {
  main().catch((error) => {
    parentPort.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    });
  });
}
