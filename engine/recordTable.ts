// A statement's records as a record table: the text PostgreSQL writes with COPY in its text format,
// one record per line, eight columns separated by tabs:
//
//   file  row  code  kind  date  units  revenue  format
//
// with \N for a record without a date or format. The server reads a preview's records this way
// (the database writes it, no JS object per record) and the engine lays it straight out in its
// columns (columns.ts): the record's id is made of its file's number and its row (recordIdOf), the
// code, date and revenue bytes are copied, the kind and format become flags, the units a number.
// What the engine does not read (service, territory) is not sent. The database writes the file and
// row as plain numbers: padding them there costs it more than the whole read here. The engine module
// reads the same lines into the same columns (engine-rs/src/record_table.rs, readRecordLines in
// loader.ts), faster than this JS before the JIT has optimised it.
import { RECORD_FLAGS, type RecordColumns } from './columns';
import type { EngineRecord, RecordKind } from './types';

const TAB = 9;
const COLON = 58;
const FILE_DIGITS = 4;
const ROW_DIGITS = 10;
const LINE = 10;
const BACKSLASH = 92;

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const SALE = ascii('sale');
const MECHANICAL = ascii('mechanical');
const ADJUSTMENT = ascii('adjustment');
const STREAM = ascii('stream');

function equals(bytes: Uint8Array, start: number, end: number, word: Uint8Array): boolean {
  if (end - start !== word.length) return false;
  for (let index = 0; index < word.length; index += 1) {
    if (bytes[start + index] !== word[index]) return false;
  }
  return true;
}

/** The byte an escape `\<letter>` of COPY's text format stands for, when it is one of those. */
function escapedByte(letter: number): number {
  switch (letter) {
    case 98: // b
      return 8;
    case 102: // f
      return 12;
    case 110: // n
      return 10;
    case 114: // r
      return 13;
    case 116: // t
      return 9;
    case 118: // v
      return 11;
    default:
      return letter;
  }
}

/**
 * A statement record's engine id: its file's number (in the order the files were added) and its
 * row, zero-padded so that ids sort in file and row order (ENGINE.md: records run in order of
 * date, then id), as the calculation reads them and as the record table is read.
 */
export const recordIdOf = (fileNumber: number, row: number) =>
  `${String(fileNumber).padStart(FILE_DIGITS, '0')}:${String(row).padStart(ROW_DIGITS, '0')}`;

const isOctal = (byte: number | undefined) => byte !== undefined && byte >= 48 && byte <= 55;
function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 48 && byte <= 57) return byte - 48;
  const lower = byte | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** The field at `at` is \N: it ends right after. */
const isNullField = (bytes: Uint8Array, at: number) =>
  bytes[at] === BACKSLASH &&
  bytes[at + 1] === 78 &&
  (bytes[at + 2] === TAB || bytes[at + 2] === LINE);

/**
 * The byte the escape at `at` stands for (\N is the null field only as a whole field, which the
 * caller checks first); -1 for a backslash ending its field, which stands for nothing.
 */
function escapedValue(bytes: Uint8Array, at: number): number {
  const next = bytes[at + 1];
  if (next === undefined || next === TAB || next === LINE) return -1;
  if (isOctal(next)) {
    let value = next - 48;
    for (let from = at + 2; from < at + 4 && isOctal(bytes[from]); from += 1) {
      value = value * 8 + (bytes[from]! - 48);
    }
    return value & 0xff;
  }
  if (next === 120 && hexValue(bytes[at + 2]) >= 0) {
    const high = hexValue(bytes[at + 2]);
    const low = hexValue(bytes[at + 3]);
    return low >= 0 ? high * 16 + low : high;
  }
  return escapedByte(next);
}

/** How many bytes the escape at `at` spans, as escapedValue reads it. */
function escapeLength(bytes: Uint8Array, at: number): number {
  const next = bytes[at + 1];
  if (next === undefined || next === TAB || next === LINE) return 1;
  if (isOctal(next)) {
    let length = 2;
    while (length < 4 && isOctal(bytes[at + length])) length += 1;
    return length;
  }
  if (next === 120 && hexValue(bytes[at + 2]) >= 0) return hexValue(bytes[at + 3]) >= 0 ? 4 : 3;
  return 2;
}

/** Where the field at `at` ends: at its tab or line break, or at the table's end. */
function fieldEnd(bytes: Uint8Array, at: number): number {
  let end = at;
  while (end < bytes.length && bytes[end] !== TAB && bytes[end] !== LINE) end += 1;
  return end;
}

/** Copies `bytes` from `from` to `end` into `text` at `to`, as they are; answers where they end. */
function copyBytes(bytes: Uint8Array, from: number, end: number, text: Uint8Array, to: number) {
  let written = to;
  for (let at = from; at < end; at += 1) text[written++] = bytes[at]!;
  return written;
}

/** Writes `value`'s digits into `text` at `written`, zero-padded to `width`; answers where it ends. */
function writeDigits(text: Uint8Array, written: number, value: number, width: number): number {
  let length = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) length += 1;
  const end = written + Math.max(width, length);
  let rest = value;
  for (let at = end - 1; at >= written; at -= 1) {
    text[at] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return end;
}

/** The first line of a preview input's table form: the statement and the engine input. */
export interface PreviewHead {
  statement: unknown;
  input: unknown;
}

/** The first line's JSON, when it is a preview input's. */
function previewHead(line: Uint8Array): PreviewHead | null {
  let head: unknown;
  try {
    head = JSON.parse(new TextDecoder().decode(line));
  } catch {
    return null;
  }
  if (typeof head !== 'object' || head === null || !('statement' in head) || !('input' in head))
    return null;
  return head;
}

/**
 * The preview input as the server sends it in its table form (GET
 * /api/products/{id}/preview-input?format=table): a first line of JSON, the statement and the engine
 * input but its records, then the record table. Null when there is no first line or it is not JSON.
 * Without a statement (`statement: null`) there are no records.
 */
export function previewTableParts(
  bytes: Uint8Array,
): { head: PreviewHead; records: Uint8Array | null } | null {
  const lineEnd = bytes.indexOf(LINE);
  const head = lineEnd === -1 ? null : previewHead(bytes.subarray(0, lineEnd));
  if (head === null) return null;
  return { head, records: head.statement === null ? null : bytes.subarray(lineEnd + 1) };
}

/** Reads a preview input's table form chunk by chunk, as it arrives; see previewTableReader. */
export interface PreviewTableReader {
  push(chunk: Uint8Array): void;
  /** Its first line and its records' columns; null when it is not a preview input. */
  finish(): { head: PreviewHead; records: RecordColumns | null } | null;
}

/**
 * Reads a preview input's table form (previewTableParts) as it arrives: its records are read into
 * columns while the rest of them is on its way, not once all are in.
 */
export function previewTableReader(lineReader: RecordLineReader = readLines): PreviewTableReader {
  let firstLine: Uint8Array[] = [];
  let head: PreviewHead | null | undefined;
  const records = recordTableReader(lineReader);
  return {
    push(chunk) {
      let rest = chunk;
      if (head === undefined) {
        const lineEnd = chunk.indexOf(LINE);
        if (lineEnd === -1) {
          firstLine.push(chunk);
          return;
        }
        head = previewHead(joined([...firstLine, chunk.subarray(0, lineEnd)]));
        firstLine = [];
        rest = chunk.subarray(lineEnd + 1);
      }
      if (head !== null && head.statement !== null) records.push(rest);
    },
    finish() {
      if (!head) return null;
      if (head.statement === null) return { head, records: null };
      const columns = records.finish();
      return columns && { head, records: columns };
    },
  };
}

/** How many records a record table's bytes hold: its line breaks. */
export function countRecords(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(LINE); at !== -1; at = bytes.indexOf(LINE, at + 1)) count += 1;
  return count;
}

/** Columns being filled: `count` records read, `written` bytes of their text. */
export interface Filling {
  count: number;
  written: number;
  units: Float64Array;
  lengths: Uint32Array;
  flags: Uint8Array;
  text: Uint8Array;
}

/** Room for `records` more records, whose lines take `bytes` bytes. */
export function roomFor(into: Filling, records: number, bytes: number): Filling {
  // Unescaping only shortens a field, and the table holds more than the fields kept but the ids,
  // which padding makes at most FILE_DIGITS + ROW_DIGITS - 1 bytes longer than the file and row.
  const text = into.written + bytes + records * (FILE_DIGITS + ROW_DIGITS);
  const count = into.count + records;
  const grown = (size: number, needed: number) => Math.max(needed, size * 2);
  if (count > into.units.length) {
    const capacity = grown(into.units.length, count);
    const units = new Float64Array(capacity);
    units.set(into.units.subarray(0, into.count));
    const lengths = new Uint32Array(capacity * 4);
    lengths.set(into.lengths.subarray(0, into.count * 4));
    const flags = new Uint8Array(capacity);
    flags.set(into.flags.subarray(0, into.count));
    Object.assign(into, { units, lengths, flags });
  }
  if (text > into.text.length) {
    const grownText = new Uint8Array(grown(into.text.length, text));
    grownText.set(into.text.subarray(0, into.written));
    into.text = grownText;
  }
  return into;
}

/**
 * Reads the lines of `bytes`, which is empty or ends with a line break, into `into`, past what it
 * holds; answers the filling with them (`into`, or a larger one when it had no room). Null when
 * one is not a record table's line; `into` then holds what it held.
 */
export type RecordLineReader = (bytes: Uint8Array, into: Filling) => Filling | null;

/**
 * A RecordLineReader in JS; the engine module reads the same (engine-rs/src/record_table.rs,
 * readRecordLines in loader.ts).
 */
export const readLines: RecordLineReader = (bytes, filling) => {
  const lines = countRecords(bytes);
  const into = roomFor(filling, lines, bytes.length);
  const { units, lengths, flags, text } = into;
  const first = into.count;
  const end = first + lines;
  let written = into.written;
  let at = 0;
  // One loop, its positions in local variables: closures that moved them would keep them where each
  // step of the loop has to load and store them again (the helpers take positions and answer new ones).
  for (let index = first; index < end; index += 1) {
    const lengthAt = index * 4;

    // The id, of the file's number and the row.
    let start = at;
    let file = 0;
    for (let byte = bytes[at]!; byte >= 48 && byte <= 57; byte = bytes[++at]!) {
      file = file * 10 + (byte - 48);
    }
    if (at === start || bytes[at] !== TAB || !Number.isSafeInteger(file)) return null;
    start = ++at;
    let row = 0;
    for (let byte = bytes[at]!; byte >= 48 && byte <= 57; byte = bytes[++at]!) {
      row = row * 10 + (byte - 48);
    }
    if (at === start || bytes[at] !== TAB || !Number.isSafeInteger(row)) return null;
    at += 1;
    const idStart = written;
    written = writeDigits(text, written, file, FILE_DIGITS);
    text[written++] = COLON;
    written = writeDigits(text, written, row, ROW_DIGITS);
    lengths[lengthAt] = written - idStart;

    // The code, the one field that can hold what COPY escapes.
    if (isNullField(bytes, at)) return null;
    start = written;
    for (let byte = bytes[at]; byte !== TAB && byte !== LINE && byte !== undefined;) {
      if (byte === BACKSLASH) {
        const escaped = escapedValue(bytes, at);
        if (escaped >= 0) text[written++] = escaped;
        at += escapeLength(bytes, at);
      } else {
        text[written++] = byte;
        at += 1;
      }
      byte = bytes[at];
    }
    if (bytes[at] !== TAB) return null;
    lengths[lengthAt + 1] = written - start;
    start = ++at;

    // The kind.
    at = fieldEnd(bytes, at);
    let flag = -1;
    if (equals(bytes, start, at, SALE)) flag = RECORD_FLAGS.sale;
    else if (equals(bytes, start, at, MECHANICAL)) flag = RECORD_FLAGS.mechanical;
    else if (equals(bytes, start, at, ADJUSTMENT)) flag = RECORD_FLAGS.adjustment;
    if (flag < 0 || bytes[at] !== TAB) return null;
    at += 1;

    // The date, or \N. Dates and amounts are never escaped: a backslash in one is copied, and the
    // engine refuses it as it refuses any date or amount it cannot read.
    if (isNullField(bytes, at)) {
      lengths[lengthAt + 2] = RECORD_FLAGS.noDate;
      at += 2;
    } else {
      const end = fieldEnd(bytes, at);
      written = copyBytes(bytes, at, end, text, written);
      lengths[lengthAt + 2] = end - at;
      at = end;
    }
    if (bytes[at] !== TAB) return null;
    start = ++at;

    // The units, a whole number.
    const negative = bytes[at] === 45;
    if (negative) start = ++at;
    let value = 0;
    for (let byte = bytes[at]!; byte >= 48 && byte <= 57; byte = bytes[++at]!) {
      value = value * 10 + (byte - 48);
    }
    if (at === start || bytes[at] !== TAB || !Number.isSafeInteger(value)) return null;
    units[index] = negative ? -value : value;
    at += 1;

    // The revenue.
    if (isNullField(bytes, at)) return null;
    const end = fieldEnd(bytes, at);
    written = copyBytes(bytes, at, end, text, written);
    lengths[lengthAt + 3] = end - at;
    at = end;
    if (bytes[at] !== TAB) return null;
    start = ++at;

    // The format, the last field.
    at = fieldEnd(bytes, at);
    if (equals(bytes, start, at, STREAM)) flag |= RECORD_FLAGS.stream;
    if (bytes[at] !== LINE) return null;
    at += 1;
    flags[index] = flag;
  }

  into.count = end;
  into.written = written;
  return into;
};

/** The columns of what was read. */
function columnsOf({ count, written, units, lengths, flags, text }: Filling): RecordColumns {
  const kept = text.subarray(0, written);
  const decoder = new TextDecoder();
  /** Where each record's text starts, summed once when an id is first asked for. */
  let starts: Uint32Array | null = null;
  const recordStarts = () => {
    const found = new Uint32Array(count);
    let offset = 0;
    for (let index = 0; index < count; index += 1) {
      found[index] = offset;
      const date = lengths[index * 4 + 2]!;
      offset += lengths[index * 4]! + lengths[index * 4 + 1]! + lengths[index * 4 + 3]!;
      if (date !== RECORD_FLAGS.noDate) offset += date;
    }
    return found;
  };
  const recordId = (index: number): string | null => {
    if (index < 0 || index >= count) return null;
    starts ??= recordStarts();
    const start = starts[index]!;
    return decoder.decode(kept.subarray(start, start + lengths[index * 4]!));
  };
  return {
    count,
    units: units.subarray(0, count),
    lengths: lengths.subarray(0, count * 4),
    flags: flags.subarray(0, count),
    text: kept,
    recordId,
  };
}

const emptyFilling = (): Filling => ({
  count: 0,
  written: 0,
  units: new Float64Array(0),
  lengths: new Uint32Array(0),
  flags: new Uint8Array(0),
  text: new Uint8Array(0),
});

/**
 * Reads a record table (its text, or the text as UTF-8 bytes) into the engine's record columns.
 * Null when it is not one: a line without its eight columns, a file or row that is not a whole
 * number, a kind other than sale, mechanical
 * or adjustment, units that are not a whole number, or a text that does not end its last line.
 * The engine checks the rest (codes, dates and amounts) as it does for records as objects.
 */
export function readRecordTable(
  source: string | Uint8Array,
  lineReader: RecordLineReader = readLines,
): RecordColumns | null {
  const bytes = typeof source === 'string' ? new TextEncoder().encode(source) : source;
  if (bytes.length > 0 && bytes[bytes.length - 1] !== LINE) return null;
  const filling = lineReader(bytes, emptyFilling());
  return filling && columnsOf(filling);
}

/** Chunks joined into one array. */
function joined(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const all = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/** Reads a table chunk by chunk, as it arrives; see recordTableReader. */
export interface RecordTableReader {
  push(chunk: Uint8Array): void;
  /** The columns, as readRecordTable gives them for the whole text; null when it is not one. */
  finish(): RecordColumns | null;
}

/**
 * Reads a record table as it arrives (a response's body, chunk by chunk): the whole lines of each
 * chunk are read at once, the rest waits for the next. The same columns as readRecordTable.
 */
export function recordTableReader(lineReader: RecordLineReader = readLines): RecordTableReader {
  let filling: Filling | null = emptyFilling();
  /** The start of a line that the chunks so far did not end. */
  let waiting: Uint8Array[] = [];
  const read = (lines: Uint8Array) => {
    if (filling !== null && lines.length > 0) filling = lineReader(lines, filling);
  };
  return {
    push(chunk) {
      if (filling === null || chunk.length === 0) return;
      const lastLine = chunk.lastIndexOf(LINE);
      if (lastLine === -1) {
        waiting.push(chunk);
        return;
      }
      let from = 0;
      if (waiting.length > 0) {
        // The line begun before ends in this chunk: only that line is copied, not the chunk.
        from = chunk.indexOf(LINE) + 1;
        read(joined([...waiting, chunk.subarray(0, from)]));
      }
      read(chunk.subarray(from, lastLine + 1));
      waiting = lastLine + 1 < chunk.length ? [chunk.slice(lastLine + 1)] : [];
    },
    finish() {
      return filling === null || waiting.length > 0 ? null : columnsOf(filling);
    },
  };
}

/**
 * The records of a record table as engine records, for the decimal.js reference and for naming
 * the field at fault when the engine refuses them: slow, and only on those paths.
 */
export function recordsOfTable(table: RecordColumns): EngineRecord[] {
  const decoder = new TextDecoder();
  const records: EngineRecord[] = [];
  let offset = 0;
  const next = (length: number) => {
    const value = decoder.decode(table.text.subarray(offset, offset + length));
    offset += length;
    return value;
  };
  const kinds: Record<number, RecordKind> = {
    [RECORD_FLAGS.sale]: 'sale',
    [RECORD_FLAGS.mechanical]: 'mechanical',
    [RECORD_FLAGS.adjustment]: 'adjustment',
  };
  for (let index = 0; index < table.count; index += 1) {
    const at = index * 4;
    const id = next(table.lengths[at]!);
    const code = next(table.lengths[at + 1]!);
    const dateLength = table.lengths[at + 2]!;
    const date = dateLength === RECORD_FLAGS.noDate ? null : next(dateLength);
    const revenue = next(table.lengths[at + 3]!);
    const flag = table.flags[index]!;
    records.push({
      id,
      code,
      kind: kinds[flag & ~RECORD_FLAGS.stream] ?? 'sale',
      ...(date === null ? {} : { date }),
      units: table.units[index]!,
      revenue,
      ...((flag & RECORD_FLAGS.stream) !== 0 ? { format: 'stream' } : {}),
    });
  }
  return records;
}
