import { decodeInThread } from './decoderThread';

/**
 * bzip2 data decoded in a worker thread one block at a time, as the reader asks for it: a block
 * is at most about 46 MB of output and seconds of work on a crafted file, which the event loop
 * never waits for. Concatenated streams are read as one (what `bzip2` itself does).
 */
export const bunzip2Blocks = (bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> =>
  decodeInThread(new URL('./bunzip2Worker.mjs', import.meta.url), 'bzip2', bytes);
