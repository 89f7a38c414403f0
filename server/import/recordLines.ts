import { copyValue } from '../db/database';
import type { StatementRecord } from './types';

/** The columns of statement_records that a read statement fills, in the order of its lines. */
export const RECORD_COLUMNS = [
  'statement_id',
  'file_id',
  'row',
  'code',
  'code_kind',
  'title',
  'artist',
  'service',
  // The kind the engine reads; the text as the statement wrote it is format_raw.
  'format',
  'format_raw',
  'territory',
  'units',
  'revenue',
  'date',
  'kind',
  'currency',
] as const;

/** Writes one file's records as lines of COPY's text format, in the order of RECORD_COLUMNS. */
export function recordLineWriter(
  statementId: string,
  fileId: string,
): (record: StatementRecord) => string {
  // The same two leading columns on every line: escaped once.
  const prefix = `${copyValue(statementId)}\t${copyValue(fileId)}\t`;
  return (r) =>
    `${prefix}${r.row}\t${copyValue(r.code)}\t${copyValue(r.codeKind)}\t${copyValue(r.title)}\t` +
    `${copyValue(r.artist)}\t${copyValue(r.service)}\t${r.formatKind}\t${copyValue(r.format)}\t` +
    `${copyValue(r.territory)}\t${r.units}\t${copyValue(r.revenue)}\t${copyValue(r.date)}\t` +
    `${copyValue(r.kind)}\t${copyValue(r.currency)}`;
}
