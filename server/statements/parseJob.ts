import type { Readable } from 'node:stream';
import type { BlobStore } from '../blobs';
import type { Database, Queryable } from '../db/database';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata, PortalEvent } from '../events/types';
import { parseStatement, type ParseSummary } from '../import/parse';
import type { DistributorTemplate } from '../import/templateSchema';
import { StatementFileError, type RowError, type StatementRecord } from '../import/types';
import { statementRead } from './pipeline';

/** Rows written per statement; a file with more row errors keeps the first ones and the count. */
export const STORED_ERRORS_PER_FILE = 1000;
const BATCH = 5000;

interface FileRow {
  id: string;
  name: string;
  sha256: string;
  status: string;
}

export interface ParseJobDeps {
  db: Database;
  blobs: BlobStore;
  now: () => Date;
}

const systemMetadata = (at: Date): EventMetadata => ({ actor: null, emulatingActor: null, at });

async function append(tx: Queryable, statementId: string, events: PortalEvent[], at: Date) {
  const stream = `statement-${statementId}`;
  await appendToStream(tx, stream, await streamVersion(tx, stream), events, systemMetadata(at));
}

async function insertRecords(
  tx: Queryable,
  statementId: string,
  fileId: string,
  records: StatementRecord[],
): Promise<void> {
  if (records.length === 0) return;
  const column = <T>(pick: (record: StatementRecord) => T) => records.map(pick);
  await tx.query(
    `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist,
                                    service, format, territory, units, revenue, date, kind, currency)
     select $1, $2, * from unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
                                  $8::text[], $9::text[], $10::text[], $11::bigint[],
                                  $12::numeric[], $13::date[], $14::text[], $15::text[])`,
    [
      statementId,
      fileId,
      column((r) => r.row),
      column((r) => r.code),
      column((r) => r.codeKind),
      column((r) => r.title),
      column((r) => r.artist),
      column((r) => r.service),
      column((r) => r.format),
      column((r) => r.territory),
      column((r) => String(r.units)),
      column((r) => r.revenue),
      column((r) => r.date),
      column((r) => r.kind),
      column((r) => r.currency),
    ],
  );
}

async function insertErrors(
  tx: Queryable,
  statementId: string,
  fileId: string,
  errors: RowError[],
): Promise<void> {
  if (errors.length === 0) return;
  await tx.query(
    `insert into statement_row_errors (statement_id, file_id, row, field, message)
     select $1, $2, * from unnest($3::int[], $4::text[], $5::text[])`,
    [
      statementId,
      fileId,
      errors.map((e) => e.row),
      errors.map((e) => e.field),
      errors.map((e) => e.message),
    ],
  );
}

/**
 * Reads one file into records inside one transaction: a crash or a damaged file leaves none
 * of its rows behind. Returns the summary, or the reason the whole file was refused.
 */
async function readFile(
  deps: ParseJobDeps,
  statementId: string,
  file: FileRow,
  template: DistributorTemplate,
): Promise<{ rejected: string | null }> {
  try {
    await deps.db.transaction(async (tx) => {
      await tx.query('delete from statement_records where file_id = $1', [file.id]);
      await tx.query('delete from statement_row_errors where file_id = $1', [file.id]);
      const parse = parseStatement(
        {
          fileName: file.name,
          bytes: deps.blobs.open(file.sha256) as Readable & AsyncIterable<Buffer>,
        },
        template,
      );
      let records: StatementRecord[] = [];
      let errors: RowError[] = [];
      let storedErrors = 0;
      let summary: ParseSummary;
      for (;;) {
        const next = await parse.next();
        if (next.done) {
          summary = next.value;
          break;
        }
        if ('record' in next.value) records.push(next.value.record);
        else if (storedErrors < STORED_ERRORS_PER_FILE) {
          errors.push(next.value.rowError);
          storedErrors += 1;
        }
        if (records.length >= BATCH) {
          await insertRecords(tx, statementId, file.id, records);
          records = [];
        }
        if (errors.length >= BATCH) {
          await insertErrors(tx, statementId, file.id, errors);
          errors = [];
        }
      }
      await insertRecords(tx, statementId, file.id, records);
      await insertErrors(tx, statementId, file.id, errors);
      await append(
        tx,
        statementId,
        [
          {
            type: 'StatementFileRead',
            data: {
              fileId: file.id,
              rowsRead: summary.rowsRead,
              records: summary.records,
              errors: summary.errors,
              summary,
            },
          },
        ],
        deps.now(),
      );
    });
    return { rejected: null };
  } catch (error) {
    if (!(error instanceof StatementFileError)) throw error;
    return { rejected: error.message };
  }
}

/** The job behind every upload: reads each file not yet read, then totals the statement's codes. */
export async function runParseJob(deps: ParseJobDeps, statementId: string): Promise<void> {
  const statements = await deps.db.query<{
    template: DistributorTemplate | null;
    parse_status: string;
  }>(
    `select d.template, s.parse_status from statements s join distributors d on d.id = s.distributor_id
      where s.id = $1`,
    [statementId],
  );
  const statement = statements[0];
  if (!statement || statement.parse_status !== 'syncing') return;
  const files = await deps.db.query<FileRow>(
    'select id, name, sha256, status from statement_files where statement_id = $1 order by name, id',
    [statementId],
  );
  for (const file of files.filter((candidate) => candidate.status === 'queued')) {
    const outcome = statement.template
      ? await readFile(deps, statementId, file, statement.template)
      : { rejected: 'File Format Error: this distributor has no template yet.' };
    if (outcome.rejected !== null) {
      await deps.db.transaction((tx) =>
        append(
          tx,
          statementId,
          [
            {
              type: 'StatementFileRejected',
              data: { fileId: file.id, error: outcome.rejected ?? '' },
            },
          ],
          deps.now(),
        ),
      );
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx.query('delete from statement_codes where statement_id = $1', [statementId]);
    await tx.query(
      `insert into statement_codes (statement_id, code, kind, rows, revenue)
       select statement_id, code, min(code_kind), count(*), sum(revenue)
         from statement_records where statement_id = $1 group by statement_id, code`,
      [statementId],
    );
    const rejected = await tx.query(
      `select 1 from statement_files where statement_id = $1 and status = 'rejected'`,
      [statementId],
    );
    await append(
      tx,
      statementId,
      [{ type: 'StatementParsed', data: { outcome: rejected.length > 0 ? 'failed' : 'parsed' } }],
      deps.now(),
    );
    await statementRead(tx, statementId, systemMetadata(deps.now()));
  });
}
