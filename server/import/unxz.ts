import { decodeInThread } from './decoderThread';

/**
 * xz data decoded in a worker thread, a batch of output at a time as the reader asks for it: a
 * crafted file of 146 KB is a gigabyte and seconds of work, which the event loop never waits
 * for.
 */
export const unxzInThread = (bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> =>
  decodeInThread(new URL('./unxzWorker.mjs', import.meta.url), 'xz', bytes);
