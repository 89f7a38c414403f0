import { isAscii } from 'node:buffer';
import { UnreadableFileError } from './types';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodeOptions {
  /** The template's expectation; used only when the bytes themselves do not decide. */
  hint?: TextEncoding;
  sampleBytes?: number;
}

export interface DecodedText {
  /** Decided from a sample at the start; 'utf-8' may still fall back, see `decodeText`. */
  readonly encoding: () => TextEncoding;
  readonly chunks: AsyncGenerator<string>;
}

const DEFAULT_SAMPLE = 64 * 1024;

/**
 * Streams bytes as text. The encoding is decided from a sample at the start:
 * a BOM wins; then NUL bytes mean UTF-16 without BOM; then a sample with valid non-ASCII UTF-8
 * means UTF-8; a sample that is not valid UTF-8 means windows-1252 (the superset of ISO-8859-1
 * that every "Latin-1" export actually uses). A sample of pure ASCII is read as UTF-8 unless the
 * hint says otherwise, and if non-UTF-8 bytes show up later while everything before was ASCII,
 * the rest is read as windows-1252 (identical to ASCII for what came before). Invalid UTF-8
 * after real UTF-8 text is an error, never silently replaced.
 */
export function decodeText(bytes: AsyncIterable<Buffer>, options: DecodeOptions = {}): DecodedText {
  let encoding: TextEncoding = 'utf-8';
  async function* chunks(): AsyncGenerator<string> {
    const iterator = bytes[Symbol.asyncIterator]();
    const sampleSize = options.sampleBytes ?? DEFAULT_SAMPLE;
    const head: Buffer[] = [];
    let headLength = 0;
    let done = false;
    while (headLength < sampleSize) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      head.push(next.value);
      headLength += next.value.length;
    }
    let sample = Buffer.concat(head);
    const decided = decideEncoding(sample, options.hint);
    encoding = decided.encoding;
    sample = sample.subarray(decided.bomLength);
    const decoder = new StreamDecoder(encoding);
    const first = decoder.decode(sample, done);
    encoding = decoder.encoding;
    if (first) yield first;
    while (!done) {
      const next = await iterator.next();
      if (next.done) break;
      const text = decoder.decode(next.value, false);
      encoding = decoder.encoding;
      if (text) yield text;
    }
    if (!done) {
      const rest = decoder.decode(Buffer.alloc(0), true);
      if (rest) yield rest;
    }
  }
  return { encoding: () => encoding, chunks: chunks() };
}

export function decideEncoding(
  sample: Buffer,
  hint?: TextEncoding,
): { encoding: TextEncoding; bomLength: number } {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) {
    return { encoding: 'utf-8', bomLength: 3 };
  }
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const utf16 = utf16FromNuls(sample);
  if (utf16) return { encoding: utf16, bomLength: 0 };
  rejectBinary(sample);
  if (isAscii(sample)) {
    const ascii = hint === 'windows-1252' ? 'windows-1252' : 'utf-8';
    return { encoding: ascii, bomLength: 0 };
  }
  return { encoding: validUtf8Prefix(sample) ? 'utf-8' : 'windows-1252', bomLength: 0 };
}

const BINARY_SIGNATURES: [string, number[]][] = [
  ['a zip archive', [0x50, 0x4b, 0x03, 0x04]],
  ['gzip data', [0x1f, 0x8b]],
  ['bzip2 data', [0x42, 0x5a, 0x68]],
  ['xz data', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ['an Excel 97-2003 (xls) workbook', [0xd0, 0xcf, 0x11, 0xe0]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46, 0x2d]],
];

/** A text file has no NULs and almost no control characters; binary data has plenty. */
function rejectBinary(sample: Buffer): void {
  for (const [what, signature] of BINARY_SIGNATURES) {
    if (signature.every((byte, i) => sample[i] === byte)) {
      throw new UnreadableFileError(
        'not-text',
        `The file is ${what}, not CSV text: check its name`,
      );
    }
  }
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) controls += sample.length;
    else if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
      controls++;
    }
  }
  if (controls > sample.length / 100) {
    throw new UnreadableFileError('not-text', 'The file is binary data, not CSV text');
  }
}

/** Text in UTF-16 has a NUL in every other byte for ASCII characters; 8-bit text has none. */
function utf16FromNuls(sample: Buffer): TextEncoding | null {
  const pairs = Math.min(sample.length >> 1, 4096);
  if (pairs < 2) return null;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < pairs; i++) {
    if (sample[2 * i] === 0) evenNuls++;
    if (sample[2 * i + 1] === 0) oddNuls++;
  }
  if (oddNuls > pairs * 0.3 && evenNuls < pairs * 0.05) return 'utf-16le';
  if (evenNuls > pairs * 0.3 && oddNuls < pairs * 0.05) return 'utf-16be';
  return null;
}

function validUtf8Prefix(sample: Buffer): boolean {
  try {
    // stream: true tolerates a character cut at the sample's end.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

class StreamDecoder {
  private decoder: TextDecoder;
  private offset = 0;
  private allAsciiSoFar = true;

  constructor(public encoding: TextEncoding) {
    this.decoder = new TextDecoder(encoding, { fatal: true });
  }

  decode(chunk: Buffer, final: boolean): string {
    try {
      const text = this.decoder.decode(chunk, { stream: !final });
      this.note(chunk);
      return text;
    } catch (cause) {
      if (this.encoding === 'utf-8' && this.allAsciiSoFar) {
        // Nothing but ASCII so far, and no partial character is pending: windows-1252 reads
        // everything before identically, so it can take over from this chunk on.
        this.encoding = 'windows-1252';
        this.decoder = new TextDecoder('windows-1252');
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

  private note(chunk: Buffer): void {
    this.offset += chunk.length;
    if (this.allAsciiSoFar && this.encoding === 'utf-8') this.allAsciiSoFar = isAscii(chunk);
  }
}
