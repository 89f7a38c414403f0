// Each read file's records kept as a record table (engine/recordTable.ts) in the blob store, so
// that a calculation or a preview reads one stored text per file instead of the statement's rows.
// The rows stay for queries; a table is made from them, never beside them.
//
// A file's number within its statement (files in the order they were added) changes when an
// earlier file is removed, so a stored table's file column is a fixed-width placeholder: the
// file's number when the table was written, four digits, written over in place with its number
// now when the two differ (numberLines). A statement of more than 9,999 files (never seen) is read
// from its rows.
//
// Which table holds a file's records is kept in statement_record_tables, one row per file. A
// table is written from the file's rows once they are whole (the parse, after any conversion),
// and its row goes wherever the file's rows change: a file read again, replaced or removed, codes
// given by title matching. A file without its row is read from the statement's rows, and its
// table written again by the next calculation (ensureRecordTables). Stored tables are named by
// their SHA-256: a name read with the rows it was made from names those bytes for good.
//
// A table's lines are ordered by code, then row, and a second stored text, its code index, tells
// where each code's lines are (byte start, byte end, line count): a product's preview reads only
// its codes' lines, whatever their share of the statement. The engine runs records in order of
// date, then id, whatever order they come in (ENGINE.md), so a calculation is the same. A table
// written before the index (in row order, none) counts as no table: read from the rows, and
// written again by the next calculation.
import { Readable } from 'node:stream';
import { countRecords } from '../../engine/recordTable';
import { readBlob, readBlobRanges, type BlobStore } from '../blobs';
import type { ByteCache } from '../byteCache';
import type { Database, Queryable } from '../db/database';
import { readEngineRecordTable } from './engineInput';

const LINE = 10;
const TAB = 9;
const FILE_DIGITS = 4;
/** The most files whose numbers fit the placeholder. */
const MOST_FILES = 9_999;

/**
 * One file's records as a record table with the placeholder for its number, ordered by code (their
 * bytes) then row, read from its rows. Run it in a transaction: dates are written as ISO dates for
 * that transaction.
 */
export async function fileTableFromRows(
  tx: Queryable,
  statementId: string,
  fileId: string,
): Promise<Uint8Array<ArrayBuffer>> {
  await tx.query(`select set_config('datestyle', 'ISO', true)`);
  return tx.copyOut(
    `with files as (
       select id, row_number() over (order by added_in, position_in_upload) as file_number
         from statement_files where statement_id = $1),
     numbered as (
       select lpad(least(file_number, 9999)::text, 4, '0') as file from files where id = $2)
     select n.file, r.row, r.code, r.kind, r.date, r.units, trim_scale(r.revenue), r.format
       from statement_records r cross join numbered n
      where r.statement_id = $1 and r.file_id = $2
      order by r.code collate "C", r.row`,
    [statementId, fileId],
  );
}

/** A file's table as kept in the blob store: its name, its code index's name, its records. */
export interface StoredFileTable {
  blob: string;
  codeIndex: string;
  records: number;
}

/**
 * One code's lines in a table ordered by code: where its COPY text is in the table, where its
 * lines start and end (bytes, past the last line break), and how many there are.
 */
type CodeRange = [codeStart: number, codeEnd: number, start: number, end: number, lines: number];

/** Keeps a file's table (ordered by code, fileTableFromRows) and its code index in the blob store. */
export async function storeFileTable(
  blobs: BlobStore,
  table: Uint8Array,
): Promise<StoredFileTable> {
  const put = async (bytes: Buffer) =>
    (await blobs.put(Readable.from([bytes]), Number.MAX_SAFE_INTEGER)).sha256;
  const bytes = Buffer.from(table.buffer, table.byteOffset, table.length);
  const ranges = codeRanges(bytes);
  return {
    blob: await put(Buffer.from(table)),
    codeIndex: await put(encodeCodeIndex(bytes, ranges)),
    records: ranges.reduce((sum, range) => sum + range[4], 0),
  };
}

/** The code ranges of a table ordered by code, in its order, read once from its bytes. */
function codeRanges(table: Buffer): CodeRange[] {
  const ranges: CodeRange[] = [];
  for (let at = 0; at < table.length;) {
    const rowEnd = table.indexOf(TAB, at + FILE_DIGITS + 1);
    const codeEnd = table.indexOf(TAB, rowEnd + 1);
    const end = table.indexOf(LINE, codeEnd + 1);
    if (rowEnd === -1 || codeEnd === -1 || end === -1) break;
    const last = ranges[ranges.length - 1];
    if (last !== undefined && table.compare(table, rowEnd + 1, codeEnd, last[0], last[1]) === 0) {
      last[3] = end + 1;
      last[4] += 1;
    } else ranges.push([rowEnd + 1, codeEnd, at, end + 1, 1]);
    at = end + 1;
  }
  return ranges;
}

// A code index: INDEX_MAGIC, the count of entries (uint32), the entries sorted by their code's
// bytes, INDEX_ENTRY bytes each (where the code's bytes are in the index and how long, uint32
// each; its lines' start and end in the table, float64 each; how many, uint32; all little-endian),
// then the codes' bytes (their COPY text). A preview finds its codes by binary search: no entry is
// read but those it compares.
const INDEX_MAGIC = Buffer.from('RTCI0001', 'latin1');
const INDEX_ENTRY = 28;
const INDEX_ENTRIES = INDEX_MAGIC.length + 4;

function encodeCodeIndex(table: Buffer, ranges: readonly CodeRange[]): Buffer {
  const code = (range: CodeRange) => table.subarray(range[0], range[1]);
  const sorted = [...ranges].sort((a, b) => Buffer.compare(code(a), code(b)));
  const codesAt = INDEX_ENTRIES + sorted.length * INDEX_ENTRY;
  const codeBytes = sorted.reduce((sum, range) => sum + range[1] - range[0], 0);
  const index = Buffer.alloc(codesAt + codeBytes);
  INDEX_MAGIC.copy(index, 0);
  index.writeUInt32LE(sorted.length, INDEX_MAGIC.length);
  let codeAt = codesAt;
  sorted.forEach(([codeStart, codeEnd, start, end, lines], number) => {
    const at = INDEX_ENTRIES + number * INDEX_ENTRY;
    index.writeUInt32LE(codeAt, at);
    index.writeUInt32LE(codeEnd - codeStart, at + 4);
    index.writeDoubleLE(start, at + 8);
    index.writeDoubleLE(end, at + 16);
    index.writeUInt32LE(lines, at + 24);
    codeAt += table.copy(index, codeAt, codeStart, codeEnd);
  });
  return index;
}

/** The ranges of `code` (its COPY text's bytes) in a code index: [start, end, lines] each. */
function rangesOfCode(index: Buffer, code: Buffer): [number, number, number][] {
  const count = index.readUInt32LE(INDEX_MAGIC.length);
  /** The entry's code against `code`: below zero before it, zero the same, above zero after. */
  const compareAt = (number: number) => {
    const at = INDEX_ENTRIES + number * INDEX_ENTRY;
    const codeAt = index.readUInt32LE(at);
    return Buffer.compare(index.subarray(codeAt, codeAt + index.readUInt32LE(at + 4)), code);
  };
  // The first entry not before `code`.
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareAt(middle) < 0) low = middle + 1;
    else high = middle;
  }
  const found: [number, number, number][] = [];
  for (let number = low; number < count && compareAt(number) === 0; number += 1) {
    const at = INDEX_ENTRIES + number * INDEX_ENTRY;
    found.push([
      index.readDoubleLE(at + 8),
      index.readDoubleLE(at + 16),
      index.readUInt32LE(at + 24),
    ]);
  }
  return found;
}

/** Whether `bytes` are a code index as encodeCodeIndex writes it. */
const isCodeIndex = (bytes: Buffer) =>
  bytes.length >= INDEX_ENTRIES && bytes.subarray(0, INDEX_MAGIC.length).equals(INDEX_MAGIC);

/** Records that `fileId`'s records are the stored table `stored`. */
export async function keepFileTable(
  tx: Queryable,
  statementId: string,
  fileId: string,
  stored: StoredFileTable,
): Promise<void> {
  await tx.query(
    `insert into statement_record_tables (file_id, statement_id, blob, records, code_index)
     values ($1, $2, $3, $4, $5)
     on conflict (file_id) do update set statement_id = $2, blob = $3, records = $4, code_index = $5`,
    [fileId, statementId, stored.blob, stored.records, stored.codeIndex],
  );
}

/** The files' rows changed or went: their stored tables no longer tell their records. */
export async function forgetFileTables(tx: Queryable, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx.query('delete from statement_record_tables where file_id = any($1::text[])', [fileIds]);
}

/**
 * Writes the table of each read file of the statement that has none (read before tables were
 * kept, or its codes rewritten since), whose table has no code index (written before those were),
 * or whose stored table or index is lost. The statement is locked while
 * a table is made and kept, so that no change to its records (title matching locks it too) comes
 * between the two.
 */
export async function ensureRecordTables(
  db: Database,
  blobs: BlobStore,
  statementId: string,
): Promise<number> {
  const files = await db.query<{ id: string; blob: string | null; code_index: string | null }>(
    `select f.id, t.blob, t.code_index from statement_files f
       left join statement_record_tables t on t.file_id = f.id
      where f.statement_id = $1 and f.status = 'read'
      order by f.added_in, f.position_in_upload`,
    [statementId],
  );
  // A table whose copy the store lost is written again too.
  const missing: typeof files = [];
  for (const file of files)
    if (
      file.blob === null ||
      file.code_index === null ||
      !(await blobs.has(file.blob)) ||
      !(await blobs.has(file.code_index))
    )
      missing.push(file);
  for (const { id, blob: seen } of missing) {
    await db.transaction(async (tx) => {
      await lockStatementRecords(tx, statementId);
      const still = await tx.query(
        `select 1 from statement_files f
           left join statement_record_tables t on t.file_id = f.id
          where f.id = $1 and f.status = 'read' and t.blob is not distinct from $2`,
        [id, seen],
      );
      if (still.length === 0) return;
      const table = await fileTableFromRows(tx, statementId, id);
      await keepFileTable(tx, statementId, id, await storeFileTable(blobs, table));
    });
  }
  return missing.length;
}

/** Holds off other changes to the statement's records, and writing its tables, until commit. */
export async function lockStatementRecords(tx: Queryable, statementId: string): Promise<void> {
  await tx.query('select 1 from statements where id = $1 for update', [statementId]);
}

/** A read file of a statement: its number, and the name of its stored table. */
export type NumberedTable = [fileNumber: number, blob: string];

/** A read file's stored table, with its number and the name of its code index. */
export interface IndexedTable {
  number: number;
  blob: string;
  codeIndex: string;
}

/**
 * The statement's read files in order, with their stored tables and code indexes; null when one
 * has none, or a table written before code indexes (or the statement has more files than the
 * placeholder numbers).
 */
async function indexedFiles(tx: Queryable, statementId: string): Promise<IndexedTable[] | null> {
  const files = await tx.query<{
    file_number: number;
    status: string;
    blob: string | null;
    code_index: string | null;
  }>(
    `with files as (
       select id, status, row_number() over (order by added_in, position_in_upload) as file_number
         from statement_files where statement_id = $1)
     select f.file_number::int as file_number, f.status, t.blob, t.code_index
       from files f left join statement_record_tables t on t.file_id = f.id
      order by f.file_number`,
    [statementId],
  );
  const read = files.filter((file) => file.status === 'read');
  if (files.length > MOST_FILES) return null;
  const tables: IndexedTable[] = [];
  for (const file of read) {
    if (file.blob === null || file.code_index === null) return null;
    tables.push({ number: Number(file.file_number), blob: file.blob, codeIndex: file.code_index });
  }
  return tables;
}

/**
 * The statement's read files in order, with their stored tables; null when one has none (or one
 * written before code indexes, or the statement has more files than the placeholder numbers).
 */
export async function storedFiles(
  tx: Queryable,
  statementId: string,
): Promise<NumberedTable[] | null> {
  const files = await indexedFiles(tx, statementId);
  return files && files.map((file): NumberedTable => [file.number, file.blob]);
}

/**
 * The stored tables, each with its file's number written in; null when the store lacks one (a
 * copy lost: the caller reads the rows).
 */
export async function readNumbered(
  blobs: BlobStore,
  files: readonly NumberedTable[],
): Promise<Buffer[] | null> {
  const tables = await Promise.all(files.map(([, blob]) => readBlob(blobs, blob)));
  if (tables.some((table) => table === null)) return null;
  const read = tables as Buffer[];
  read.forEach((table, index) => numberLines(table, files[index]![0]));
  return read;
}

/**
 * Writes `number`'s four digits over the four that start each line of `table`, unless they are
 * those already: a table holds its file's number as it was when it was written, the same on every
 * line, which only a removed earlier file changes.
 */
export function numberLines(table: Uint8Array, number: number): void {
  const d0 = 48 + Math.floor(number / 1000);
  const d1 = 48 + (Math.floor(number / 100) % 10);
  const d2 = 48 + (Math.floor(number / 10) % 10);
  const d3 = 48 + (number % 10);
  if (table[0] === d0 && table[1] === d1 && table[2] === d2 && table[3] === d3) return;
  for (let at = 0; at < table.length;) {
    table[at] = d0;
    table[at + 1] = d1;
    table[at + 2] = d2;
    table[at + 3] = d3;
    const end = table.indexOf(LINE, at + FILE_DIGITS);
    if (end === -1) break;
    at = end + 1;
  }
}

/**
 * A code as COPY's text format writes it: a backslash doubled, and backspace, form feed, line
 * break, carriage return, tab and vertical tab as their escapes; every other byte as it is.
 */
export function copyEscaped(code: string): string {
  return code.replace(/[\\\b\f\n\r\t\v]/g, (char) => {
    const letters: Record<string, string> = {
      '\\': '\\\\',
      '\b': '\\b',
      '\f': '\\f',
      '\n': '\\n',
      '\r': '\\r',
      '\t': '\\t',
      '\v': '\\v',
    };
    return letters[char] ?? char;
  });
}

/** readStoredRecordTable's answer: as readEngineRecordTable's, and where its records came from. */
export interface StoredRecordTable {
  table: Uint8Array<ArrayBuffer>;
  found: number;
  version: string | null;
  /** Read from the stored tables (else from the rows: some read file had none). */
  stored: boolean;
}

/**
 * The statement's records as one record table, as readEngineRecordTable reads them from the rows
 * (only those with one of `codes` when given, the first `limit` in file and row order when there
 * are more), read from the files' stored tables; from the rows when a read file has none. Only the
 * files, the names of their tables and indexes are read from the database, never a record; of a
 * table, only the lines of `codes` (byte ranges its code index gives), whatever their share of the
 * statement. A table made before for the same tables, codes and limit comes from `cache`.
 */
export async function readStoredRecordTable(
  tx: Queryable,
  blobs: BlobStore,
  statementId: string,
  codes: readonly string[] | null,
  limit: number | null,
  cache?: ByteCache,
): Promise<StoredRecordTable> {
  const fromRows = async () => ({
    ...(await readEngineRecordTable(tx, statementId, codes, limit, cache)),
    stored: false,
  });
  const files = await indexedFiles(tx, statementId);
  if (files === null) return fromRows();
  const names = files.map((file): NumberedTable => [file.number, file.blob]);
  const key = JSON.stringify(['stored', statementId, codes, limit, names]);
  const kept = cache?.get(key);
  if (kept) return { ...answered(kept), version: key, stored: true };

  let table: Uint8Array<ArrayBuffer>;
  let found: number;
  if (codes === null && limit === null) {
    const tables = await readNumbered(blobs, names);
    if (tables === null) return fromRows();
    table = Buffer.concat(tables);
    found = countRecords(table);
  } else {
    // The codes asked, once each, as their COPY text's bytes.
    const wanted =
      codes === null ? null : [...new Set(codes.map(copyEscaped))].map((code) => Buffer.from(code));
    const read: { lines: Buffer[]; count: number }[] = [];
    for (const file of files) {
      let lines: { lines: Buffer[]; count: number } | null;
      if (wanted !== null) lines = await readCodeLines(blobs, file, wanted, cache);
      else {
        const whole = await readNumbered(blobs, [[file.number, file.blob]]);
        lines = whole && { lines: whole, count: countRecords(whole[0]!) };
      }
      if (lines === null) return fromRows();
      read.push(lines);
    }
    found = read.reduce((sum, file) => sum + file.count, 0);
    if (limit === null || found <= limit) table = Buffer.concat(read.flatMap((file) => file.lines));
    else {
      // Cut: the first `limit` in file and row order, as the rows are read.
      const cut: Buffer[] = [];
      let room = limit;
      for (const file of read) {
        if (room === 0) break;
        const taken = Math.min(room, file.count);
        cut.push(...firstByRow(file.lines, file.count, taken));
        room -= taken;
      }
      table = Buffer.concat(cut);
    }
    // Its own memory: a small Buffer.concat may share its memory with other buffers.
    table = new Uint8Array(table);
  }
  const answer = { table, found, version: key, stored: true };
  cache?.set(key, encodeFound(table, found));
  return answer;
}

/**
 * Of a file's stored table, the lines of `codes` (their COPY text's bytes) with its number written
 * in, read by the byte ranges its code index gives (kept in `cache`), and how many; null when the
 * store lacks the table or its index.
 */
async function readCodeLines(
  blobs: BlobStore,
  file: IndexedTable,
  codes: readonly Buffer[],
  cache: ByteCache | undefined,
): Promise<{ lines: Buffer[]; count: number } | null> {
  const key = JSON.stringify(['codeIndex', file.codeIndex]);
  const kept = cache?.get(key);
  const index = kept
    ? Buffer.from(kept.buffer, kept.byteOffset, kept.length)
    : await readBlob(blobs, file.codeIndex);
  if (index === null || !isCodeIndex(index)) return null;
  // A copy: a small file read may share its memory with others.
  if (!kept) cache?.set(key, new Uint8Array(index));
  const found = codes.flatMap((code) => rangesOfCode(index, code)).sort((a, b) => a[0] - b[0]);
  const ranges: [start: number, end: number][] = [];
  let count = 0;
  for (const [start, end, lines] of found) {
    count += lines;
    // Codes next to each other in the table are read as one range.
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] === start) last[1] = end;
    else ranges.push([start, end]);
  }
  if (ranges.length === 0) return { lines: [], count: 0 };
  const lines = await readBlobRanges(blobs, file.blob, ranges);
  if (lines === null) return null;
  for (const slice of lines) numberLines(slice, file.number);
  return { lines, count };
}

/**
 * The first `take` of a file's `count` lines in `slices` (whole lines of its table) in row order,
 * copied into one buffer. Each code's lines are in row order already: those runs are merged.
 */
function firstByRow(slices: readonly Buffer[], count: number, take: number): Buffer[] {
  const rows = new Float64Array(count);
  const starts = new Float64Array(count + 1);
  const sliceOf = new Uint32Array(count);
  /** Where each run of lines in row order starts (the lines of a code, or of codes next). */
  const runs: number[] = [];
  let line = 0;
  slices.forEach((slice, number) => {
    for (let at = 0; at < slice.length && line < count;) {
      let row = 0;
      let digit = at + FILE_DIGITS + 1;
      for (; digit < slice.length && slice[digit] !== TAB; digit += 1)
        row = row * 10 + slice[digit]! - 48;
      const end = slice.indexOf(LINE, digit + 1);
      if (end === -1) break;
      if (line === 0 || sliceOf[line - 1] !== number || rows[line - 1]! > row) runs.push(line);
      rows[line] = row;
      starts[line] = at;
      sliceOf[line] = number;
      line += 1;
      at = end + 1;
      starts[line] = at;
    }
  });
  const lineEnd = (index: number) =>
    index + 1 < line && sliceOf[index + 1] === sliceOf[index]
      ? starts[index + 1]!
      : slices[sliceOf[index]!]!.indexOf(LINE, starts[index]) + 1;
  const kept = mergeRuns(rows, runs, line, Math.min(take, line));
  let size = 0;
  for (const index of kept) size += lineEnd(index) - starts[index]!;
  const cut = Buffer.allocUnsafe(size);
  let to = 0;
  for (const index of kept)
    to += slices[sliceOf[index]!]!.copy(cut, to, starts[index], lineEnd(index));
  return [cut];
}

/**
 * The indexes of the `take` lowest of `rows`' first `count`, lowest first, `runs` starting each run
 * of them in order: few runs are merged by taking the lowest head each time, many are sorted.
 */
export function mergeRuns(
  rows: Float64Array,
  runs: readonly number[],
  count: number,
  take: number,
) {
  if (runs.length > MERGED_RUNS) {
    const order = Array.from({ length: count }, (_, index) => index);
    return order.sort((a, b) => rows[a]! - rows[b]!).slice(0, take);
  }
  const heads = [...runs];
  const ends = runs.map((_, run) => runs[run + 1] ?? count);
  const kept: number[] = [];
  while (kept.length < take) {
    let best = -1;
    for (let run = 0; run < heads.length; run += 1)
      if (heads[run]! < ends[run]! && (best === -1 || rows[heads[run]!]! < rows[heads[best]!]!))
        best = run;
    kept.push(heads[best]!);
    heads[best] = heads[best]! + 1;
  }
  return kept;
}

/** The most runs of lines mergeRuns merges head by head; past that, it sorts. */
const MERGED_RUNS = 16;

/** A table kept in the cache with the count of records found (they may be more than it holds). */
function encodeFound(table: Uint8Array, found: number): Uint8Array<ArrayBuffer> {
  const kept = new Uint8Array(table.length + 8);
  kept.set(table, 8);
  new DataView(kept.buffer).setFloat64(0, found);
  return kept;
}

function answered(kept: Uint8Array<ArrayBuffer>): {
  table: Uint8Array<ArrayBuffer>;
  found: number;
} {
  return {
    found: new DataView(kept.buffer, kept.byteOffset).getFloat64(0),
    table: kept.subarray(8),
  };
}
