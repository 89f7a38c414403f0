// Decodes bzip2 in a worker thread, a block at a time as the reading side asks for it: one block
// of a crafted file is up to 46 MB of output, seconds of work that must not stop the event loop.
// Plain JavaScript: a worker is started by Node itself, outside the TypeScript loader.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

// The block decoder of unbzip2-stream, without its stream: that one decodes every block its
// input holds at once and queues the output whatever the reader takes (a bomb filled memory).
const require = createRequire(import.meta.url);
const bzip2 = require('unbzip2-stream/lib/bzip2');
const bitIterator = require('unbzip2-stream/lib/bit_iterator');

/** Compressed bytes one block can take: a block is at most 900 kB before compression. */
const blockInput = (blockSize) => 25_000 + 100_000 * blockSize;

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

/** One block's output, written byte by byte by the decoder. */
class BlockOutput {
  buffer = Buffer.allocUnsafe(1024 * 1024);
  length = 0;
  write = (byte) => {
    if (this.length === this.buffer.length) {
      const larger = Buffer.allocUnsafe(this.buffer.length * 2);
      this.buffer.copy(larger, 0, 0, this.length);
      this.buffer = larger;
    }
    this.buffer[this.length++] = byte;
  };
}

async function main() {
  const queue = [];
  let buffered = 0;
  let ended = false;
  let bits = null;
  let blockSize = 0;
  let streamCrc = null;
  let work = new Int32Array(0);
  const fill = async (need) => {
    while (!ended && buffered - (bits?.bytesRead ?? 0) + 1 < need) {
      parentPort.postMessage({ type: 'need' });
      const message = await nextMessage();
      if (message.type === 'end') ended = true;
      else if (message.type === 'input') {
        const chunk = Buffer.from(message.chunk);
        if (chunk.length > 0) {
          queue.push(chunk);
          buffered += chunk.length;
        }
      } else return false;
    }
    return true;
  };
  for (;;) {
    if (!(await fill(blockInput(blockSize)))) return;
    if (buffered === 0) break;
    bits ??= bitIterator(() => queue.shift());
    if (buffered <= bits.bytesRead) break;
    if (blockSize === 0) {
      blockSize = bzip2.header(bits);
      streamCrc = 0;
      continue;
    }
    if (work.length !== 100_000 * blockSize) work = new Int32Array(100_000 * blockSize);
    const output = new BlockOutput();
    streamCrc = bzip2.decompress(bits, output.write, work, work.length, streamCrc);
    if (streamCrc === null) {
      blockSize = 0; // the stream ended; another may follow (bzip2 reads them as one file)
      continue;
    }
    // The block's memory is handed over, not copied: the buffer is a fresh allocation of its own.
    const block = new Uint8Array(output.buffer.buffer, output.buffer.byteOffset, output.length);
    parentPort.postMessage({ type: 'block', bytes: block }, [block.buffer]);
    if ((await nextMessage()).type !== 'more') return;
  }
  if (streamCrc !== null) throw new Error('the data ended before its end marker');
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
