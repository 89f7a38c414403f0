// The compact transfer of engine-rs/src/columns.rs: records and catalog as columns, each distinct
// code, product id and date sent once, amounts as ASCII decimal text both ways (never a JS number).
// Only loader.ts uses it; callers see EngineInput objects in and EngineOutput objects out.
import type {
  EngineOutput,
  Line,
  PayeeResult,
  RecoupmentResult,
  Remittance,
  TriggerResult,
} from './types';

const MAGIC = 0x31435952;
const NO_DATE = 0xffffffff;
const HEADER_WORDS = 8;
const KIND_SALE = 0;
const KIND_MECHANICAL = 1;
const KIND_ADJUSTMENT = 2;
const STREAM_FLAG = 4;

type JsonObject = Record<string, unknown>;

/**
 * An input laid out in columns, ready to be written into the module's memory. Its columns are
 * buffers kept between calls: write it before the next encodeColumns call.
 */
export interface ColumnarInput {
  /** Bytes the buffer takes. */
  size: number;
  /** Writes the buffer at `offset` (a multiple of 8) of `memory`. */
  write(memory: ArrayBuffer, offset: number): void;
  /** The id of the record at an input index, for activatedAtRecordId. */
  recordId(index: number): string | null;
}

function isPlainObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * Whether JSON.stringify keeps `value` as validate.ts reads it: plain objects, arrays without
 * holes or undefined, strings, numbers, booleans, null. Anything else (a boxed string, a Date,
 * an object with toJSON) takes the slow path, where validate.ts has the last word.
 */
function isJsonData(value: unknown, depth = 0): boolean {
  if (depth > 200) return false;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index += 1) {
          const item: unknown = value[index];
          if (item === undefined || !isJsonData(item, depth + 1)) return false;
        }
        return true;
      }
      if (!isPlainObject(value)) return false;
      for (const key of Object.keys(value)) {
        const item = value[key];
        if (item !== undefined && !isJsonData(item, depth + 1)) return false;
      }
      return true;
    default:
      return false;
  }
}

/**
 * UTF-8 text written string by string, growing as needed. Kept between calls (a preview
 * recalculates the same statement again and again), so only the first call allocates.
 */
let scratch = new Uint8Array(1 << 16);

let columns = { units: new Float64Array(0), lengths: new Uint32Array(0), flags: new Uint8Array(0) };

/**
 * The record columns, kept between calls like the text (fresh typed arrays of a million records
 * are tens of megabytes each call, which also hurries V8's garbage collector): units, per record
 * the id, code, date (NO_DATE when none) and revenue lengths in bytes, and the flags.
 */
function recordColumns(count: number) {
  if (columns.units.length < count) {
    const size = Math.max(count, columns.units.length * 2);
    columns = {
      units: new Float64Array(size),
      lengths: new Uint32Array(size * 4),
      flags: new Uint8Array(size),
    };
  }
  return {
    units: columns.units.subarray(0, count),
    lengths: columns.lengths.subarray(0, count * 4),
    flags: columns.flags.subarray(0, count),
  };
}

class TextColumn {
  bytes = scratch;
  length = 0;

  /** Appends `text` as UTF-8; false on a lone surrogate (the JSON path rejects those). */
  put(text: string): boolean {
    const count = text.length;
    if (this.length + count * 3 > this.bytes.length) this.grow(count * 3);
    const bytes = this.bytes;
    let at = this.length;
    for (let index = 0; index < count; index += 1) {
      const code = text.charCodeAt(index);
      if (code < 0x80) {
        bytes[at++] = code;
      } else if (code < 0x800) {
        bytes[at++] = 0xc0 | (code >> 6);
        bytes[at++] = 0x80 | (code & 0x3f);
      } else if (code < 0xd800 || code > 0xdfff) {
        bytes[at++] = 0xe0 | (code >> 12);
        bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
        bytes[at++] = 0x80 | (code & 0x3f);
      } else {
        const low = index + 1 < count ? text.charCodeAt(index + 1) : 0;
        if (code > 0xdbff || low < 0xdc00 || low > 0xdfff) return false;
        const point = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        bytes[at++] = 0xf0 | (point >> 18);
        bytes[at++] = 0x80 | ((point >> 12) & 0x3f);
        bytes[at++] = 0x80 | ((point >> 6) & 0x3f);
        bytes[at++] = 0x80 | (point & 0x3f);
        index += 1;
      }
    }
    this.length = at;
    return true;
  }

  /** Appends bytes already encoded. */
  putBytes(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.bytes.length) this.grow(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Appends a long, well-formed text in one native call. */
  putLong(text: string): void {
    if (this.length + text.length * 3 > this.bytes.length) this.grow(text.length * 3);
    const { written } = new TextEncoder().encodeInto(text, this.bytes.subarray(this.length));
    this.length += written;
  }

  private grow(needed: number): void {
    let size = this.bytes.length * 2;
    while (size < this.length + needed) size *= 2;
    const bytes = new Uint8Array(size);
    bytes.set(this.bytes.subarray(0, this.length));
    this.bytes = scratch = bytes;
  }
}

/** No lone surrogate: TextEncoder would replace it, where the JSON path rejects it. */
function isWellFormed(text: string): boolean {
  const checked = text as string & { isWellFormed?: () => boolean };
  if (typeof checked.isWellFormed === 'function') return checked.isWellFormed();
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

const align8 = (offset: number) => (offset + 7) & ~7;

/**
 * A statement's records laid out as the columns hold them, built once and written many times (a
 * preview keeps them): per record the units, the id, code, date (NO_DATE when none) and revenue
 * lengths in bytes, the flags, and the records' text, their fields one after the other.
 */
export interface RecordColumns {
  count: number;
  units: Float64Array;
  lengths: Uint32Array;
  flags: Uint8Array;
  text: Uint8Array;
  /** The id of the record at an input index, for activatedAtRecordId. */
  recordId: (index: number) => string | null;
}

/** The record flags of the columns: the kind, and whether the record is a stream. */
export const RECORD_FLAGS = {
  sale: KIND_SALE,
  mechanical: KIND_MECHANICAL,
  adjustment: KIND_ADJUSTMENT,
  stream: STREAM_FLAG,
  noDate: NO_DATE,
} as const;

/**
 * `table`'s records followed by `records`, engine records as objects (a statement's adjustments,
 * which no file holds), in columns of their own; null when one of `records` is not one the columns
 * hold (the caller then calculates from records as objects, whose validation names the field).
 */
export function appendRecords(
  table: RecordColumns,
  records: readonly unknown[],
): RecordColumns | null {
  if (records.length === 0) return table;
  const extra = fillRecordColumns(records, new TextColumn());
  if (extra === null) return null;
  // The extra columns are scratch the next encoding writes over: copied, with the table's.
  const count = table.count + extra.count;
  const units = new Float64Array(count);
  units.set(table.units.subarray(0, table.count));
  units.set(extra.units, table.count);
  const lengths = new Uint32Array(count * 4);
  lengths.set(table.lengths.subarray(0, table.count * 4));
  lengths.set(extra.lengths, table.count * 4);
  const flags = new Uint8Array(count);
  flags.set(table.flags.subarray(0, table.count));
  flags.set(extra.flags, table.count);
  const text = new Uint8Array(table.text.length + extra.text.length);
  text.set(table.text);
  text.set(extra.text, table.text.length);
  const recordId = (index: number) =>
    index < table.count ? table.recordId(index) : extra.recordId(index - table.count);
  return { count, units, lengths, flags, text, recordId };
}

/** The fields of `input` besides its records and catalog, or null when one is not JSON data. */
function headerOf(input: JsonObject): JsonObject | null {
  const header: JsonObject = {};
  for (const key of Object.keys(input)) {
    const value = input[key];
    if (value === undefined || key === 'records' || key === 'catalog') continue;
    if (!isJsonData(value)) return null;
    header[key] = value;
  }
  header.records = [];
  header.catalog = {};
  return header;
}

/**
 * Writes `records` into the kept columns and `text`, or gives null when one does not have the
 * shape the columns hold.
 */
function fillRecordColumns(records: readonly unknown[], text: TextColumn): RecordColumns | null {
  const count = records.length;
  const { units, lengths, flags } = recordColumns(count);

  for (let index = 0; index < count; index += 1) {
    const record: unknown = records[index];
    if (!isPlainObject(record)) return null;
    const {
      id,
      code,
      kind,
      date,
      units: recordUnits,
      revenue,
      service,
      format,
      territory,
    } = record;
    if (typeof id !== 'string' || typeof code !== 'string' || typeof revenue !== 'string') {
      return null;
    }
    if (typeof recordUnits !== 'number' || !Number.isSafeInteger(recordUnits)) return null;
    let flag: number;
    if (kind === undefined || kind === 'sale') flag = KIND_SALE;
    else if (kind === 'mechanical') flag = KIND_MECHANICAL;
    else if (kind === 'adjustment') flag = KIND_ADJUSTMENT;
    else return null;
    if (format === 'stream') flag |= STREAM_FLAG;
    else if (format !== undefined && format !== null && typeof format !== 'string') return null;
    if (service !== undefined && service !== null && typeof service !== 'string') return null;
    if (territory !== undefined && territory !== null && typeof territory !== 'string') return null;
    const at = index * 4;
    let start = text.length;
    if (!text.put(id)) return null;
    lengths[at] = text.length - start;
    start = text.length;
    if (!text.put(code)) return null;
    lengths[at + 1] = text.length - start;
    if (date === undefined || date === null) {
      lengths[at + 2] = NO_DATE;
    } else if (typeof date === 'string') {
      start = text.length;
      if (!text.put(date)) return null;
      lengths[at + 2] = text.length - start;
    } else {
      return null;
    }
    start = text.length;
    if (!text.put(revenue)) return null;
    lengths[at + 3] = text.length - start;
    units[index] = recordUnits;
    flags[index] = flag;
  }
  // Only a trigger's activating record needs its id back: read from the input, checked above.
  const recordId = (index: number): string | null => {
    const record: unknown = records[index];
    return isPlainObject(record) && typeof record.id === 'string' ? record.id : null;
  };
  return { count, units, lengths, flags, text: text.bytes.subarray(0, text.length), recordId };
}

/**
 * Lays `input` out in columns, or gives null when it does not have the shape the columns hold
 * (a field of the wrong type, a lone surrogate, a non-plain value): the caller then sends JSON,
 * whose validation names the field. With `records` given (a record table read once, see
 * recordTable.ts), those are the input's records and `input.records` is not read.
 */
export function encodeColumns(input: unknown, records?: RecordColumns): ColumnarInput | null {
  if (!isPlainObject(input)) return null;
  const { catalog } = input;
  if (!isPlainObject(catalog)) return null;
  if (records === undefined && !Array.isArray(input.records)) return null;
  const header = headerOf(input);
  if (header === null) return null;

  const text = new TextColumn();
  let kept: RecordColumns | null;
  if (records === undefined) {
    kept = fillRecordColumns(input.records as unknown[], text);
  } else {
    text.putBytes(records.text);
    kept = records;
  }
  if (kept === null) return null;
  const { count, units, lengths, flags } = kept;

  // Object.keys and a lookup: the same own enumerable keys as Object.entries, without a pair each.
  const catalogCodes = Object.keys(catalog);
  const catalogLengths = new Uint32Array(catalogCodes.length * 2);
  for (let index = 0; index < catalogCodes.length; index += 1) {
    const code = catalogCodes[index]!;
    const entry = catalog[code];
    if (!isPlainObject(entry) || typeof entry.productId !== 'string') return null;
    let start = text.length;
    if (!text.put(code)) return null;
    catalogLengths[index * 2] = text.length - start;
    start = text.length;
    if (!text.put(entry.productId)) return null;
    catalogLengths[index * 2 + 1] = text.length - start;
  }
  const textBytes = text.length;
  const headerJson = JSON.stringify(header);
  if (!isWellFormed(headerJson)) return null;
  text.putLong(headerJson);
  const headerBytes = text.length - textBytes;

  const unitsAt = align8(HEADER_WORDS * 4);
  const lengthsAt = align8(unitsAt + count * 8);
  const catalogAt = align8(lengthsAt + count * 16);
  const flagsAt = align8(catalogAt + catalogLengths.length * 4);
  const textAt = flagsAt + count;
  const size = textAt + text.length;

  function write(memory: ArrayBuffer, offset: number): void {
    const head = new Uint32Array(memory, offset, HEADER_WORDS);
    head.set([MAGIC, count, catalogCodes.length, textBytes, headerBytes, 0, 0, 0]);
    new Float64Array(memory, offset + unitsAt, count).set(units.subarray(0, count));
    new Uint32Array(memory, offset + lengthsAt, count * 4).set(lengths.subarray(0, count * 4));
    new Uint32Array(memory, offset + catalogAt, catalogLengths.length).set(catalogLengths);
    new Uint8Array(memory, offset + flagsAt, count).set(flags.subarray(0, count));
    new Uint8Array(memory, offset + textAt, text.length).set(text.bytes.subarray(0, text.length));
  }

  return { size, write, recordId: kept.recordId };
}

/** Reads the compact result at `offset` (a multiple of 8) of `memory` into an EngineOutput. */
export function decodeResult(
  memory: ArrayBuffer,
  offset: number,
  sent: ColumnarInput,
): EngineOutput {
  const head = new Uint32Array(memory, offset, HEADER_WORDS);
  const [magic = 0, wordCount = 0, textCount = 0, textBytes = 0] = head;
  const [extraCount = 0, extraBytes = 0, lineCount = 0] = head.subarray(4);
  if (magic !== MAGIC) throw new Error('engine.wasm: not a columnar result');
  let at = offset + HEADER_WORDS * 4;
  const lineUnits = new Float64Array(memory, at, lineCount);
  at += lineCount * 8;
  const words = new Uint32Array(memory, at, wordCount);
  at += wordCount * 4;
  const extraUnits = new Uint32Array(memory, at, extraCount);
  at += extraCount * 4;
  const textLengths = new Uint8Array(memory, at, textCount);
  at += textCount;
  const decoder = new TextDecoder();
  const text = decoder.decode(new Uint8Array(memory, at, textBytes));
  at += textBytes;
  const extraText = decoder.decode(new Uint8Array(memory, at, extraBytes));

  const names: string[] = [];
  let extraAt = 0;
  for (const length of extraUnits) {
    names.push(extraText.slice(extraAt, (extraAt += length)));
  }
  let word = 0;
  let textIndex = 0;
  let textAt = 0;
  const nextWord = () => words[word++] ?? 0;
  const name = () => names[nextWord()] ?? '';
  const nextText = () => text.slice(textAt, (textAt += textLengths[textIndex++] ?? 0));

  const totals = {
    gross: nextText(),
    take: nextText(),
    net: nextText(),
    offTheTop: nextText(),
    allocated: nextText(),
    unallocated: nextText(),
  };
  const payees = new Array<PayeeResult>(nextWord());
  for (let index = 0; index < payees.length; index += 1) {
    payees[index] = {
      payeeId: name(),
      earned: nextText(),
      recouped: nextText(),
      credited: nextText(),
      payout: nextText(),
    };
  }
  // The bulk of the result: the same steps as name() and nextText(), inlined by hand.
  const lineTotal = nextWord();
  const lines: Line[] = [];
  for (let index = 0; index < lineTotal; index += 1) {
    const end = textAt + textLengths[textIndex]!;
    lines.push({
      code: names[words[word]!]!,
      productId: names[words[word + 1]!]!,
      splitSetId: names[words[word + 2]!]!,
      payeeId: names[words[word + 3]!]!,
      units: lineUnits[index]!,
      amount: text.slice(textAt, end),
    });
    word += 4;
    textIndex += 1;
    textAt = end;
  }
  const recoupments = new Array<RecoupmentResult>(nextWord());
  for (let index = 0; index < recoupments.length; index += 1) {
    const id = name();
    const closed = nextWord() === 1;
    const remittances = new Array<Remittance>(nextWord());
    const before = nextText();
    const taken = nextText();
    const after = nextText();
    const deferred = nextText();
    for (let item = 0; item < remittances.length; item += 1) {
      remittances[item] = { debtorId: name(), amount: nextText() };
    }
    recoupments[index] = { id, before, taken, after, closed, deferred, remittances };
  }
  const triggers = new Array<TriggerResult>(nextWord());
  for (let index = 0; index < triggers.length; index += 1) {
    const splitSetId = name();
    const activated = nextWord();
    triggers[index] = {
      splitSetId,
      counterBefore: nextText(),
      counterAfter: nextText(),
      activatedAtRecordId: activated === 0 ? null : sent.recordId(activated - 1),
    };
  }
  const missingCodes = new Array<string>(nextWord());
  for (let index = 0; index < missingCodes.length; index += 1) missingCodes[index] = name();
  const balances = new Array<[string, { remaining: string; deferred: string }]>(nextWord());
  for (let index = 0; index < balances.length; index += 1) {
    balances[index] = [name(), { remaining: nextText(), deferred: nextText() }];
  }
  return {
    totals,
    payees,
    lines,
    recoupments,
    triggers,
    missingCodes,
    state: {
      // fromEntries defines own properties, so an id such as "__proto__" stays a plain key.
      counters: Object.fromEntries(
        triggers.map((trigger) => [trigger.splitSetId, { value: trigger.counterAfter }]),
      ),
      recoupments: Object.fromEntries(balances),
    },
  };
}
