import { RECORDS_CSV_HEADER } from '../../api/recordsCsv';
import type { Queryable } from '../db/database';
import { csvHeaderLine, csvLine } from '../format/csv';

/** Records read from the database at a time: memory stays flat however long the file is. */
const CHUNK_ROWS = 2000;

interface RecordRow {
  file: string;
  file_id: string;
  row: number;
  code: string;
  kind: string;
  title: string;
  artist: string;
  service: string;
  format: string;
  territory: string | null;
  date: string | null;
  units: string;
  revenue: string;
  currency: string | null;
}

/**
 * The statements whose records the CSV holds: the account's, of the distributor, of `start` and
 * later months, approved (a figure not yet approved may still change, so it is not exported),
 * and not cancelled or deleted. Oldest month first.
 */
export async function exportedStatements(
  db: Queryable,
  accountId: string,
  distributorId: string,
  start: string,
): Promise<{ id: string; title: string; period: string }[]> {
  return db.query(
    `select id, title, period from statements
      where account_id = $1 and distributor_id = $2 and period >= $3
        and approved_seq is not null and state not in ('cancelled', 'deleted')
      order by period, received_at, id`,
    [accountId, distributorId, start],
  );
}

/**
 * The CSV, line by line: the header, then each statement's records in file and row order,
 * neutralised as every export of the portal is (server/format/csv.ts).
 */
export async function* recordsCsvLines(
  db: Queryable,
  statements: readonly { id: string; title: string; period: string }[],
): AsyncGenerator<string> {
  yield csvHeaderLine(RECORDS_CSV_HEADER);
  for (const statement of statements) {
    let after = { file: '', fileId: '', row: -1 };
    for (;;) {
      const rows = await db.query<RecordRow>(
        `select f.name as file, f.id as file_id, r.row, r.code, r.kind, r.title, r.artist, r.service,
                r.format_raw as format, r.territory, to_char(r.date, 'YYYY-MM-DD') as date,
                r.units::text as units, trim_scale(r.revenue)::text as revenue, r.currency
           from statement_records r join statement_files f on f.id = r.file_id
          where r.statement_id = $1 and f.status = 'read' and (f.name, f.id, r.row) > ($2, $3, $4)
          order by f.name, f.id, r.row limit $5`,
        [statement.id, after.file, after.fileId, after.row, CHUNK_ROWS],
      );
      if (rows.length === 0) break;
      yield rows
        .map((row) =>
          csvLine([
            { text: statement.title },
            { text: statement.period },
            { text: row.file },
            { integer: Number(row.row) },
            { text: row.code },
            { text: row.kind },
            { text: row.title },
            { text: row.artist },
            { text: row.service },
            { text: row.format },
            { text: row.territory },
            { text: row.date },
            { decimal: row.units },
            { decimal: row.revenue },
            { text: row.currency },
          ]),
        )
        .join('');
      const last = rows[rows.length - 1];
      if (!last || rows.length < CHUNK_ROWS) break;
      after = { file: last.file, fileId: last.file_id, row: Number(last.row) };
    }
  }
}
