import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';

type BitReader = ((bits: number | null) => number) & { bytesRead: number };
interface Bzip2Core {
  header(bits: BitReader): number;
  decompress(
    bits: BitReader,
    write: (byte: number) => void,
    buffer: Int32Array,
    bufferSize: number,
    streamCrc: number | null,
  ): number | null;
}

// The block decoder of unbzip2-stream, without its stream: that one decodes every block its
// input holds at once and queues the output whatever the reader takes (a bomb filled memory).
const require = createRequire(import.meta.url);
const bzip2 = require('unbzip2-stream/lib/bzip2') as Bzip2Core;
const bitIterator = require('unbzip2-stream/lib/bit_iterator') as (
  next: () => Buffer | undefined,
) => BitReader;

/** Compressed bytes one block can take: a block is at most 900 kB before compression. */
const blockInput = (blockSize: number) => 25_000 + 100_000 * blockSize;

/**
 * bzip2 data decoded one block at a time, as the reader asks for it: a block is at most about
 * 46 MB of output, and the event loop gets a turn between blocks. Concatenated streams are read
 * as one (what `bzip2` itself does).
 */
export async function* bunzip2Blocks(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const input = bytes[Symbol.asyncIterator]();
  const queue: Buffer[] = [];
  let buffered = 0;
  let ended = false;
  let bits: BitReader | null = null;
  let blockSize = 0;
  let streamCrc: number | null = null;
  let work = new Int32Array(0);
  const fill = async (need: number) => {
    while (!ended && buffered - (bits?.bytesRead ?? 0) + 1 < need) {
      const next = await input.next();
      if (next.done) ended = true;
      else if (next.value.length > 0) {
        queue.push(next.value);
        buffered += next.value.length;
      }
    }
  };
  try {
    for (;;) {
      await fill(blockInput(blockSize));
      if (buffered === 0) return;
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
        blockSize = 0; // the stream ended; another may follow
        continue;
      }
      yield output.bytes();
      await nextTurn();
    }
    if (streamCrc !== null) throw new Error('The bzip2 data ended before its end marker');
  } finally {
    await input.return?.();
  }
}

/** One block's output, written byte by byte by the decoder. */
class BlockOutput {
  private buffer = Buffer.allocUnsafe(1024 * 1024);
  private length = 0;

  readonly write = (byte: number): void => {
    if (this.length === this.buffer.length) {
      const larger = Buffer.allocUnsafe(this.buffer.length * 2);
      this.buffer.copy(larger, 0, 0, this.length);
      this.buffer = larger;
    }
    this.buffer[this.length++] = byte;
  };

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
