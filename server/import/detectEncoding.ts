import { isAscii } from 'node:buffer';
import { detectAll } from 'jschardet';
import { isTextEncoding, type TextEncoding } from '../../rules/encodings';
import { UnreadableFileError } from './types';

/** What the bytes at the start of a file say about their encoding. */
export interface EncodingGuess {
  encoding: TextEncoding;
  /** False when another encoding reads the sample differently and about as well. */
  sure: boolean;
  /** A byte order mark to skip. */
  bomLength: number;
  /** UTF-8 with stray bytes of another encoding: those bytes are read as windows-1252. */
  mixed: boolean;
  /** Other encodings that read the sample as plausible text, best first. */
  alternatives: TextEncoding[];
}

/** Single-byte encodings always weighed, whatever the detector lists: the commonest exports. */
const ALWAYS_WEIGHED: readonly TextEncoding[] = ['windows-1252', 'windows-1251', 'windows-1250'];

/** Words with non-ASCII letters needed before a single-byte reading is called sure. */
const SURE_AFTER_WORDS = 3;

/**
 * The encoding of a file from a sample at its start. A BOM decides; then NULs mean UTF-16; then
 * valid UTF-8 with real multi-byte characters means UTF-8 (also when a few stray bytes of another
 * encoding sit among more UTF-8 characters: `mixed`, or when the first bad byte comes after real
 * UTF-8: the decoder then refuses it); an ASCII sample reads as UTF-8. Otherwise
 * the file is in a single-byte or East Asian encoding: the detector (jschardet) lists candidates,
 * each candidate decodes the sample, and the reading whose words look like words of one script
 * and case wins; it is sure only when no other candidate reads the sample differently about as
 * well.
 */
export function detectEncoding(sample: Buffer): EncodingGuess {
  const sure = (encoding: TextEncoding, bomLength = 0): EncodingGuess => ({
    encoding,
    sure: true,
    bomLength,
    mixed: false,
    alternatives: [],
  });
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return sure('utf-8', 3);
  if (sample[0] === 0xff && sample[1] === 0xfe) return sure('utf-16le', 2);
  if (sample[0] === 0xfe && sample[1] === 0xff) return sure('utf-16be', 2);
  const utf16 = utf16FromNuls(sample);
  if (utf16) return sure(utf16);
  rejectBinary(sample);
  if (isAscii(sample)) return sure('utf-8');
  const scan = scanUtf8(sample);
  if (scan.invalidBytes === 0) return sure('utf-8');
  if (scan.multibyte > scan.invalidBytes) {
    return { encoding: 'utf-8', sure: false, bomLength: 0, mixed: true, alternatives: [] };
  }
  // Real UTF-8 before the first bad byte: read as UTF-8, so the decoder stops at that byte with
  // an error instead of reading the whole file as another encoding.
  if (scan.multibyteBefore) return sure('utf-8');
  return weighSingleByte(sample);
}

interface Reading {
  encoding: TextEncoding;
  text: string;
  score: number;
  words: number;
  confidence: number;
}

/** Bytes weighed by the detector and decoded per candidate: thousands of words already. */
const WEIGHED_BYTES = 16 * 1024;

function weighSingleByte(whole: Buffer): EncodingGuess {
  const sample = whole.subarray(0, WEIGHED_BYTES);
  const listed = new Map<TextEncoding, number>();
  for (const result of detectAll(sample, { minimumThreshold: 0 }).slice(0, 12)) {
    const encoding = whatwgName(result.encoding);
    if (encoding && encoding !== 'utf-8' && !listed.has(encoding)) {
      listed.set(encoding, result.confidence);
    }
  }
  const readings: Reading[] = [];
  for (const encoding of [...listed.keys(), ...ALWAYS_WEIGHED]) {
    if (readings.some((reading) => reading.encoding === encoding)) continue;
    const text = new TextDecoder(encoding).decode(sample);
    const { score, words } = plausibility(text);
    readings.push({ encoding, text, score, words, confidence: listed.get(encoding) ?? 0 });
  }
  // Equally plausible readings: the commoner code page, Western European first, then the
  // detector's confidence (which, in a file of mostly ASCII, is near noise).
  readings.sort(
    (a, b) =>
      b.score - a.score ||
      commonness(a.encoding) - commonness(b.encoding) ||
      b.confidence - a.confidence,
  );
  const best = readings[0] as Reading;
  // Readings that differ from the best one and are about as good: the uploader chooses, unless
  // the detector itself ranks each of them at half the best one's confidence or less.
  const rivals = readings.filter(
    (reading) =>
      reading !== best && reading.text !== best.text && reading.score >= best.score - 0.1,
  );
  const outranked = rivals.every(
    (rival) => rival.confidence > 0 && rival.confidence * 2 <= best.confidence,
  );
  return {
    encoding: best.encoding,
    sure: best.score >= 0.9 && best.words >= SURE_AFTER_WORDS && outranked,
    bomLength: 0,
    mixed: false,
    alternatives: readings
      .filter((reading) => reading !== best && reading.score >= 0.5)
      .map((reading) => reading.encoding),
  };
}

/**
 * Code pages in the order statement files are found in them: Latin text that reads as well in
 * windows-1252 as in windows-1250 or 1257 is Western European ("Déjà Vu", not "Déjŕ Vu").
 */
const COMMONEST: readonly TextEncoding[] = [
  'windows-1252',
  'iso-8859-15',
  'windows-1251',
  'windows-1250',
  'iso-8859-2',
];

function commonness(encoding: TextEncoding): number {
  const rank = COMMONEST.indexOf(encoding);
  return rank === -1 ? COMMONEST.length : rank;
}

/** The detector's name as TextDecoder knows it, when it is one of ours. */
function whatwgName(name: string | null): TextEncoding | null {
  if (!name) return null;
  const known: Record<string, TextEncoding> = {
    maccyrillic: 'x-mac-cyrillic',
    'iso-8859-1': 'windows-1252',
    ascii: 'windows-1252',
    gb2312: 'gb18030',
    gbk: 'gb18030',
  };
  const lower = name.toLowerCase();
  if (known[lower]) return known[lower];
  try {
    const encoding = new TextDecoder(lower).encoding;
    return isTextEncoding(encoding) ? encoding : null;
  } catch {
    return null;
  }
}

const WORD = /\p{L}+/gu;
const NON_ASCII = /[^\p{ASCII}]/u;
const SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  // One family: a Japanese word mixes kanji and kana; none mixes them with Latin letters.
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
];

/**
 * How much a decoded text looks like text: the share of its words with non-ASCII letters that
 * keep to one script, do not turn to upper case after a lower-case letter ("Cafй", "КИно"), are
 * not Latin words made mostly of accented letters ("Çåìôèðà" is Cyrillic read as windows-1252),
 * and have no symbol glued to them ("«емфира" is "Земфира" read as Mac Cyrillic).
 */
function plausibility(text: string): { score: number; words: number } {
  let words = 0;
  let good = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const before = text[match.index - 1] ?? ' ';
    const after = text[match.index + word.length] ?? ' ';
    const glued = [before, after].some((char) => NON_ASCII.test(char) && !/[\p{Zs}]/u.test(char));
    if (!NON_ASCII.test(word) && !glued) continue;
    words++;
    const scripts = SCRIPTS.filter((script) => script.test(word)).length;
    const caseBreak = /\p{Ll}\p{Lu}/u.test(word);
    const accented = [...word].filter((char) => NON_ASCII.test(char)).length;
    const mostlyAccentedLatin =
      word.length >= 4 && accented * 2 > word.length && /^\p{Script=Latin}+$/u.test(word);
    if (scripts <= 1 && !caseBreak && !mostlyAccentedLatin && !glued) good++;
  }
  let nonAscii = 0;
  let strange = 0;
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) continue;
    nonAscii++;
    if (!/[\p{L}\p{M}\p{N}\p{Zs}\p{Pd}\p{Pi}\p{Pf}\p{Po}\p{Sc}\p{So}]/u.test(char)) strange++;
  }
  const strangeShare = nonAscii === 0 ? 0 : strange / nonAscii;
  if (words === 0) return { score: 1 - strangeShare, words };
  return { score: good / words - strangeShare, words };
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
export function rejectBinary(sample: Buffer): void {
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
export function utf16FromNuls(sample: Buffer): TextEncoding | null {
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
export function utf8Sequence(bytes: Buffer, at: number): number {
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
 * The UTF-8 characters of more than one byte and the bytes that are not UTF-8 (a character cut at
 * the end is neither), and whether a multi-byte character comes before the first bad byte.
 */
export function scanUtf8(bytes: Buffer): {
  multibyte: number;
  invalidBytes: number;
  multibyteBefore: boolean;
} {
  let multibyte = 0;
  let invalidBytes = 0;
  let multibyteBefore = false;
  for (let at = 0; at < bytes.length;) {
    if ((bytes[at] ?? 0) < 0x80) {
      at++;
      continue;
    }
    const length = utf8Sequence(bytes, at);
    if (length === -1) break;
    if (length === 0) {
      if (invalidBytes === 0) multibyteBefore = multibyte > 0;
      invalidBytes++;
      at++;
      continue;
    }
    multibyte++;
    at += length;
  }
  return { multibyte, invalidBytes, multibyteBefore };
}
