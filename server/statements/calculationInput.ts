// A calculation's records read from its statement's stored record tables (recordTables.ts), and the
// input file the calculation keeps: the input but its files' records, and the names of the tables
// that hold those, each with its file's number. Stored tables are named by their SHA-256 and never
// rewritten, so the file names its records for good, without copying 60 MB per million records.
import type { RecordColumns } from '../../engine/columns';
import { loadEngine, readRecordLines } from '../../engine/loader';
import { readRecordTable, recordsOfTable, recordTableReader } from '../../engine/recordTable';
import type { EngineInput } from '../../engine/types';
import type { BlobStore } from '../blobs';
import type { Database } from '../db/database';
import { readNumbered, storedFiles, type NumberedTable } from './recordTables';

/** The input file of a calculation made from stored tables (an older one is the input's JSON). */
export interface TableInputFile {
  /** The files' tables, in file order: their records come first (each table ordered by code). */
  recordTables: NumberedTable[];
  /** The input, its records being only those entered by hand (adjustments). */
  input: EngineInput;
}

/**
 * The statement's files' records as the engine's columns, read from their stored tables (in the
 * engine module once it is loaded), with the tables they came from; null when a read file has no
 * table, or its copy is lost: the caller reads the rows.
 */
export async function storedRecordColumns(
  db: Database,
  blobs: BlobStore,
  statementId: string,
): Promise<{ columns: RecordColumns; tables: NumberedTable[] } | null> {
  const tables = await storedFiles(db, statementId);
  if (tables === null) return null;
  const read = await readNumbered(blobs, tables);
  if (read === null) return null;
  await loadEngine().catch(() => null);
  const reader = recordTableReader(readRecordLines);
  for (const table of read) reader.push(table);
  const columns = reader.finish();
  return columns && { columns, tables };
}

/** A kept input file's text as the engine input it stands for, records included. */
export async function inputOfFile(blobs: BlobStore, text: string): Promise<EngineInput> {
  const parsed = JSON.parse(text) as EngineInput | TableInputFile;
  if (!('recordTables' in parsed)) return parsed;
  const read = await readNumbered(blobs, parsed.recordTables);
  if (read === null) throw new Error('A record table of this calculation is missing');
  const columns = readRecordTable(Buffer.concat(read));
  if (columns === null) throw new Error('A record table of this calculation cannot be read');
  const { input } = parsed;
  // Tables hold their lines by code: the records are given in file and row order, as the rows are
  // (ids are the zero-padded file number and row, recordIdOf).
  const records = recordsOfTable(columns).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { ...input, records: [...records, ...input.records] };
}
