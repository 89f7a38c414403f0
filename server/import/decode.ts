import { isAscii } from 'node:buffer';
import type { TextEncoding } from '../../rules/encodings';
import {
  detectEncoding,
  scanUtf8,
  utf16FromNuls,
  utf8Sequence,
  type EncodingGuess,
} from './detectEncoding';
import { UnreadableFileError } from './types';

export type { TextEncoding } from '../../rules/encodings';

export interface DecodeOptions {
  /**
   * The encoding the uploader confirmed: authoritative, only a byte order mark overrides it.
   * Absent: `layout`, else detected from the bytes (`detectEncoding`).
   */
  declared?: TextEncoding;
  /** The encoding the layout declares: used unless the bytes say otherwise (`decideEncoding`). */
  layout?: TextEncoding;
  sampleBytes?: number;
}

export interface DecodedText {
  /** Decided from a sample at the start; may change once, see `decodeText`. */
  readonly encoding: () => TextEncoding;
  /** Whether the encoding was declared, marked by a BOM or clear from the bytes. */
  readonly sure: () => boolean;
  /** Bytes that were not UTF-8 in a UTF-8 file, read as windows-1252. */
  readonly strayBytes: () => number;
  readonly chunks: AsyncGenerator<string>;
}

const DEFAULT_SAMPLE = 64 * 1024;

/**
 * Reads the first `size` bytes of a stream (or all of it), keeping the rest to stream; `close`
 * ends the stream when the rest is not wanted (a decoder's worker thread with it).
 */
export async function peekBytes(
  bytes: AsyncIterable<Buffer>,
  size: number,
): Promise<{
  head: Buffer;
  done: boolean;
  all: AsyncIterable<Buffer>;
  close: () => Promise<void>;
}> {
  const iterator = bytes[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    length += next.value.length;
  }
  const sample = Buffer.concat(head);
  async function* all(): AsyncGenerator<Buffer> {
    if (sample.length > 0) yield sample;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const close = async (): Promise<void> => {
    await iterator.return?.();
  };
  return { head: sample, done, all: all(), close };
}

/**
 * Streams bytes as text. A declared encoding is used as declared (a BOM still wins); otherwise
 * `detectEncoding` decides from a sample at the start. When the sample was pure ASCII and bytes
 * that are not UTF-8 come later, the detector weighs the chunk they are in and its encoding reads
 * the rest (identical to ASCII for what came before), not sure. Invalid UTF-8 after real UTF-8
 * text is an error, never silently replaced, unless the sample showed a UTF-8 file with stray
 * bytes of another encoding (`strayBytes`).
 */
export function decodeText(bytes: AsyncIterable<Buffer>, options: DecodeOptions = {}): DecodedText {
  let guess: EncodingGuess = {
    encoding: options.declared ?? 'utf-8',
    sure: true,
    bomLength: 0,
    mixed: false,
    alternatives: [],
  };
  let decoder: StreamDecoder | null = null;
  async function* chunks(): AsyncGenerator<string> {
    const peeked = await peekBytes(bytes, options.sampleBytes ?? DEFAULT_SAMPLE);
    guess = decideEncoding(peeked.head, options.declared, options.layout);
    decoder = new StreamDecoder(guess.encoding, guess.mixed, options.declared === undefined);
    let first = true;
    for await (const chunk of peeked.all) {
      const text = decoder.decode(first ? chunk.subarray(guess.bomLength) : chunk, false);
      first = false;
      if (text) yield text;
    }
    const rest = decoder.decode(Buffer.alloc(0), true);
    if (rest) yield rest;
  }
  return {
    encoding: () => decoder?.encoding ?? guess.encoding,
    sure: () => guess.sure && !(decoder?.switched ?? false),
    strayBytes: () => decoder?.strayBytes ?? 0,
    chunks: chunks(),
  };
}

/**
 * The one decision about a file's encoding, made on a sample at its start, that the preview and
 * the upload both take: a byte order mark; else the uploader's confirmed choice (`declared`);
 * else the layout's encoding unless the bytes contradict it (`contradicts`), else detected.
 */
export function decideEncoding(
  sample: Buffer,
  declared?: TextEncoding,
  layout?: TextEncoding,
): EncodingGuess {
  const chosen = declared ?? (layout && !contradicts(sample, layout) ? layout : undefined);
  if (chosen) {
    const bom = detectBom(sample);
    if (bom) return bom;
    return { encoding: chosen, sure: true, bomLength: 0, mixed: false, alternatives: [] };
  }
  return detectEncoding(sample);
}

/**
 * Whether the bytes rule out the encoding a layout declares, so a layout's encoding is a
 * preference and not a wall (Bandcamp exports UTF-16LE by default and UTF-8 on request): text in
 * UTF-16 has NULs in every other byte and 8-bit text none; valid UTF-8 with multi-byte characters
 * is UTF-8, not text in a code page.
 */
function contradicts(sample: Buffer, layout: TextEncoding): boolean {
  if (sample.length < 2 || detectBom(sample)) return false;
  const utf16 = utf16FromNuls(sample);
  if (utf16) return utf16 !== layout;
  if (layout === 'utf-16le' || layout === 'utf-16be') return !sample.includes(0);
  if (layout === 'utf-8' || isAscii(sample)) return false;
  const scan = scanUtf8(sample);
  return scan.invalidBytes === 0 && scan.multibyte > 0;
}

function detectBom(sample: Buffer): EncodingGuess | null {
  const marked = (encoding: TextEncoding, bomLength: number): EncodingGuess => ({
    encoding,
    sure: true,
    bomLength,
    mixed: false,
    alternatives: [],
  });
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return marked('utf-8', 3);
  if (sample[0] === 0xff && sample[1] === 0xfe) return marked('utf-16le', 2);
  if (sample[0] === 0xfe && sample[1] === 0xff) return marked('utf-16be', 2);
  return null;
}

const WINDOWS_1252 = new TextDecoder('windows-1252');

class StreamDecoder {
  private decoder: TextDecoder;
  private offset = 0;
  private allAsciiSoFar = true;
  /** Bytes of a UTF-8 character cut by the end of the last chunk (mixed reading only). */
  private pending = Buffer.alloc(0);
  switched = false;
  strayBytes = 0;

  constructor(
    public encoding: TextEncoding,
    private readonly mixed: boolean,
    private readonly mayDetect: boolean,
  ) {
    this.decoder = new TextDecoder(encoding, { fatal: true });
  }

  decode(chunk: Buffer, final: boolean): string {
    if (this.mixed) return this.decodeMixed(chunk, final);
    try {
      const text = this.decoder.decode(chunk, { stream: !final });
      this.note(chunk);
      return text;
    } catch (cause) {
      if (
        this.mayDetect &&
        this.encoding === 'utf-8' &&
        this.allAsciiSoFar &&
        !scanUtf8(chunk).multibyteBefore
      ) {
        // Nothing but ASCII so far, in this chunk too up to its bad byte, and no partial character
        // is pending: the detector weighs this chunk, and its encoding reads everything before
        // identically.
        const guess = detectEncoding(chunk);
        this.encoding = guess.encoding === 'utf-8' ? 'windows-1252' : guess.encoding;
        this.switched = true;
        this.decoder = new TextDecoder(this.encoding);
        const text = this.decoder.decode(chunk, { stream: !final });
        this.offset += chunk.length;
        return text;
      }
      throw new UnreadableFileError(
        'encoding',
        `The file is not valid ${this.encoding.toUpperCase()} text (near byte ${this.offset + chunk.length})`,
        { cause },
      );
    }
  }

  /** UTF-8, each byte that is not part of a UTF-8 character read as windows-1252. */
  private decodeMixed(chunk: Buffer, final: boolean): string {
    const bytes = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    let text = '';
    let runStart = 0;
    let at = 0;
    while (at < bytes.length) {
      if ((bytes[at] ?? 0) < 0x80) {
        at++;
        continue;
      }
      const length = utf8Sequence(bytes, at);
      if (length > 0) {
        at += length;
        continue;
      }
      if (length === -1 && !final) {
        this.pending = Buffer.from(bytes.subarray(at));
        break;
      }
      text +=
        bytes.toString('utf8', runStart, at) + WINDOWS_1252.decode(bytes.subarray(at, at + 1));
      this.strayBytes++;
      at++;
      runStart = at;
    }
    text += bytes.toString('utf8', runStart, at);
    this.offset += chunk.length;
    return text;
  }

  private note(chunk: Buffer): void {
    this.offset += chunk.length;
    if (this.allAsciiSoFar && this.encoding === 'utf-8') this.allAsciiSoFar = isAscii(chunk);
  }
}
