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
// row as plain numbers: padding them there costs it more than the whole read here.
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

/**
 * The preview input as the server sends it in its table form (GET
 * /api/products/{id}/preview-input?format=table): a first line of JSON, the statement and the engine
 * input but its records, then the record table. Null when there is no first line or it is not JSON.
 * Without a statement (`statement: null`) there are no records.
 */
export function previewTableParts(
  bytes: Uint8Array,
): { head: { statement: unknown; input: unknown }; records: Uint8Array | null } | null {
  const lineEnd = bytes.indexOf(LINE);
  if (lineEnd === -1) return null;
  let head: unknown;
  try {
    head = JSON.parse(new TextDecoder().decode(bytes.subarray(0, lineEnd)));
  } catch {
    return null;
  }
  if (typeof head !== 'object' || head === null || !('statement' in head) || !('input' in head))
    return null;
  return { head, records: head.statement === null ? null : bytes.subarray(lineEnd + 1) };
}

/** How many records a record table's bytes hold: its line breaks. */
export function countRecords(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(LINE); at !== -1; at = bytes.indexOf(LINE, at + 1)) count += 1;
  return count;
}

/**
 * Reads a record table (its text, or the text as UTF-8 bytes) into the engine's record columns.
 * Null when it is not one: a line without its eight columns, a file or row that is not a whole
 * number, a kind other than sale, mechanical
 * or adjustment, units that are not a whole number, or a text that does not end its last line.
 * The engine checks the rest (codes, dates and amounts) as it does for records as objects.
 */
export function readRecordTable(source: string | Uint8Array): RecordColumns | null {
  const bytes = typeof source === 'string' ? new TextEncoder().encode(source) : source;
  if (bytes.length > 0 && bytes[bytes.length - 1] !== LINE) return null;
  const count = countRecords(bytes);

  const units = new Float64Array(count);
  const lengths = new Uint32Array(count * 4);
  const flags = new Uint8Array(count);
  // Unescaping only shortens a field, and the table holds more than the fields kept but the ids,
  // which padding makes at most FILE_DIGITS + ROW_DIGITS - 1 bytes longer than the file and row.
  const text = new Uint8Array(bytes.length + count * (FILE_DIGITS + ROW_DIGITS));
  let written = 0;
  let at = 0;
  // One loop, its positions in local variables: closures that moved them would keep them where each
  // step of the loop has to load and store them again (the helpers take positions and answer new ones).
  for (let index = 0; index < count; index += 1) {
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
  return { count, units, lengths, flags, text: kept, recordId };
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
