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
  // UTF-8 when the sample is, or when real UTF-8 characters come before its first bad byte: the
  // decoder then stops at that byte with an error instead of reading the whole file as 1252.
  const scan = scanUtf8(sample);
  return {
    encoding: scan.invalidAt === -1 || scan.multibyteBefore ? 'utf-8' : 'windows-1252',
    bomLength: 0,
  };
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

/** Length of the UTF-8 sequence at `at`: 0 when invalid there, -1 when cut by the end. */
function utf8Sequence(bytes: Buffer, at: number): number {
  const lead = bytes[at] ?? 0;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return 0;
  for (let next = 1; next < length; next++) {
    if (at + next >= bytes.length) return -1;
    const byte = bytes[at + next] ?? 0;
    if (byte < (next === 1 ? low : 0x80) || byte > (next === 1 ? high : 0xbf)) return 0;
  }
  return length;
}

/**
 * Where the first byte that is not UTF-8 is (-1 when none; a character cut at the end is not
 * counted), and whether a multi-byte UTF-8 character comes before it.
 */
function scanUtf8(bytes: Buffer): { invalidAt: number; multibyteBefore: boolean } {
  let multibyteBefore = false;
  for (let at = 0; at < bytes.length;) {
    if ((bytes[at] ?? 0) < 0x80) {
      at++;
      continue;
    }
    const length = utf8Sequence(bytes, at);
    if (length === -1) break;
    if (length === 0) return { invalidAt: at, multibyteBefore };
    multibyteBefore = true;
    at += length;
  }
  return { invalidAt: -1, multibyteBefore };
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
      if (this.encoding === 'utf-8' && this.allAsciiSoFar && !scanUtf8(chunk).multibyteBefore) {
        // Nothing but ASCII so far, in this chunk too up to its bad byte, and no partial character
        // is pending: windows-1252 reads everything before identically, so it takes over here.
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
