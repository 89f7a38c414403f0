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
import { Readable } from 'node:stream';
import { countRecords } from '../../engine/recordTable';
import { readBlob, type BlobStore } from '../blobs';
import type { ByteCache } from '../byteCache';
import type { Database, Queryable } from '../db/database';
import { readEngineRecordTable } from './engineInput';

const LINE = 10;
const TAB = 9;
const FILE_DIGITS = 4;
/** The most files whose numbers fit the placeholder. */
const MOST_FILES = 9_999;

/**
 * One file's records as a record table with the placeholder for its number, in row order, read
 * from its rows. Run it in a transaction: dates are written as ISO dates for that transaction.
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
      order by r.row`,
    [statementId, fileId],
  );
}

/** Keeps a file's table in the blob store; answers its name. */
export async function storeFileTable(blobs: BlobStore, table: Uint8Array): Promise<string> {
  const stored = await blobs.put(Readable.from([Buffer.from(table)]), Number.MAX_SAFE_INTEGER);
  return stored.sha256;
}

/** Records that `fileId`'s records are the stored table `blob` (of `records` records). */
export async function keepFileTable(
  tx: Queryable,
  statementId: string,
  fileId: string,
  blob: string,
  records: number,
): Promise<void> {
  await tx.query(
    `insert into statement_record_tables (file_id, statement_id, blob, records)
     values ($1, $2, $3, $4)
     on conflict (file_id) do update set statement_id = $2, blob = $3, records = $4`,
    [fileId, statementId, blob, records],
  );
}

/** The files' rows changed or went: their stored tables no longer tell their records. */
export async function forgetFileTables(tx: Queryable, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx.query('delete from statement_record_tables where file_id = any($1::text[])', [fileIds]);
}

/**
 * Writes the table of each read file of the statement that has none (read before tables were
 * kept, or its codes rewritten since) or whose stored copy is lost. The statement is locked while
 * a table is made and kept, so that no change to its records (title matching locks it too) comes
 * between the two.
 */
export async function ensureRecordTables(
  db: Database,
  blobs: BlobStore,
  statementId: string,
): Promise<number> {
  const files = await db.query<{ id: string; blob: string | null }>(
    `select f.id, t.blob from statement_files f
       left join statement_record_tables t on t.file_id = f.id
      where f.statement_id = $1 and f.status = 'read'
      order by f.added_in, f.position_in_upload`,
    [statementId],
  );
  // A table whose copy the store lost is written again too.
  const missing: typeof files = [];
  for (const file of files)
    if (file.blob === null || !(await blobs.has(file.blob))) missing.push(file);
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
      const blob = await storeFileTable(blobs, table);
      await keepFileTable(tx, statementId, id, blob, countRecords(table));
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

/**
 * The statement's read files in order, with their stored tables; null when one has none (or the
 * statement has more files than the placeholder numbers).
 */
export async function storedFiles(
  tx: Queryable,
  statementId: string,
): Promise<NumberedTable[] | null> {
  const files = await tx.query<{ file_number: number; status: string; blob: string | null }>(
    `with files as (
       select id, status, row_number() over (order by added_in, position_in_upload) as file_number
         from statement_files where statement_id = $1)
     select f.file_number::int as file_number, f.status, t.blob
       from files f left join statement_record_tables t on t.file_id = f.id
      order by f.file_number`,
    [statementId],
  );
  const read = files.filter((file) => file.status === 'read');
  if (files.length > MOST_FILES) return null;
  const tables: NumberedTable[] = [];
  for (const file of read) {
    if (file.blob === null) return null;
    tables.push([Number(file.file_number), file.blob]);
  }
  return tables;
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

/**
 * Of a numbered table's lines, those with one of `codes` (their COPY text, as latin1 strings of
 * their UTF-8 bytes), in order, into `kept`; at most `room`. Answers how many it found in all.
 */
function pickLines(
  table: Buffer,
  codes: ReadonlySet<string>,
  kept: Buffer[],
  room: number,
): number {
  let found = 0;
  let left = room;
  for (let at = 0; at < table.length;) {
    const rowEnd = table.indexOf(TAB, at + FILE_DIGITS + 1);
    const codeEnd = table.indexOf(TAB, rowEnd + 1);
    const end = table.indexOf(LINE, codeEnd + 1);
    if (rowEnd === -1 || codeEnd === -1 || end === -1) break;
    if (codes.has(table.toString('latin1', rowEnd + 1, codeEnd))) {
      found += 1;
      if (left > 0) {
        kept.push(table.subarray(at, end + 1));
        left -= 1;
      }
    }
    at = end + 1;
  }
  return found;
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
 * are more), read from the files' stored tables; from the rows when a read file has none, or when
 * `codes` hold a small share of the statement's records (smallShare). Else only the code totals,
 * the files and the names of their tables are read from the database, never a record. A table
 * made before for the same tables, codes and limit comes from `cache`.
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
  if (codes !== null && (await smallShare(tx, statementId, codes))) return fromRows();
  const files = await storedFiles(tx, statementId);
  if (files === null) return fromRows();
  const key = JSON.stringify(['stored', statementId, codes, limit, files]);
  const kept = cache?.get(key);
  if (kept) return { ...answered(kept), version: key, stored: true };

  const tables = await readNumbered(blobs, files);
  if (tables === null) return fromRows();
  let table: Uint8Array<ArrayBuffer>;
  let found: number;
  if (codes === null && limit === null) {
    table = Buffer.concat(tables);
    found = countRecords(table);
  } else {
    const wanted = codes === null ? null : new Set(codes.map(latin1Code));
    const lines: Buffer[] = [];
    found = 0;
    for (const each of tables) {
      const room = limit === null ? Number.MAX_SAFE_INTEGER : limit - lines.length;
      if (wanted === null) {
        const count = countRecords(each);
        if (room >= count) lines.push(each);
        else lines.push(each.subarray(0, lineEndAfter(each, room)));
        found += count;
      } else found += pickLines(each, wanted, lines, room);
    }
    table = new Uint8Array(Buffer.concat(lines));
  }
  const answer = { table, found, version: key, stored: true };
  cache?.set(key, encodeFound(table, found));
  return answer;
}

/**
 * Whether `codes` hold less than an eighth of the statement's records, by its code totals (no
 * record read): their rows are then read through the index on the statement and code faster than
 * the statement's whole tables are scanned for them (a product of 1,000 records in a statement of
 * 1,000,000).
 */
async function smallShare(
  tx: Queryable,
  statementId: string,
  codes: readonly string[],
): Promise<boolean> {
  const [totals] = await tx.query<{ asked: string; all: string }>(
    `select coalesce(sum(rows) filter (where code = any($2::text[])), 0)::text as asked,
            coalesce(sum(rows), 0)::text as all
       from statement_codes where statement_id = $1`,
    [statementId, codes],
  );
  return Number(totals?.asked ?? 0) * SMALL_SHARE < Number(totals?.all ?? 0);
}

/** Codes holding less than 1 / SMALL_SHARE of a statement's records are read from its rows. */
const SMALL_SHARE = 8;

/** A code as the latin1 string of its COPY text's UTF-8 bytes (pickLines compares those). */
const latin1Code = (code: string) => Buffer.from(copyEscaped(code), 'utf8').toString('latin1');

/** Where the `count`th line of `table` ends (past its line break). */
function lineEndAfter(table: Buffer, count: number): number {
  let at = 0;
  for (let line = 0; line < count; line += 1) at = table.indexOf(LINE, at) + 1;
  return at;
}

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
