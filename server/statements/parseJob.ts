import type { Readable } from 'node:stream';
import type { BlobStore } from '../blobs';
import type { Database, Queryable } from '../db/database';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata, PortalEvent } from '../events/types';
import { readCopyChunks, type CopyRead } from '../import/copyChunks';
import { readCopyChunksInThread } from '../import/copyChunksInThread';
import { checkExpansion } from '../import/decompress';
import { withLimits, type ImportLimits } from '../import/limits';
import { RECORD_COLUMNS } from '../import/recordLines';
import type { DistributorTemplate } from '../../rules/templateSchema';
import { isTextEncoding, type TextEncoding } from '../../rules/encodings';
import type { UploadedFile } from '../events/types';
import { MixedCurrencyError, StatementFileError, type RowError } from '../import/types';
import { enqueueJob } from '../jobs/queue';
import { accountLayoutVersions, readingTemplate } from '../queries/accountLayouts';
import { statementRead } from './pipeline';
import { matchTitleKeys, totalStatementCodes } from './titleKeys';
import { checkTotal } from './totalChecks';
import {
  ensureRecordTables,
  fileTableFromRows,
  forgetFileTables,
  keepFileTable,
  storeFileTable,
} from './recordTables';

/** Rows written per statement; a file with more row errors keeps the first ones and the count. */
export const STORED_ERRORS_PER_FILE = 1000;
/** Records per chunk handed to COPY: on PGlite each chunk is a COPY of its own. */
const RECORDS_PER_CHUNK = 10_000;

/**
 * Files from this size are read in a thread of their own, beside the copying; a smaller one is
 * read before a thread would have started.
 */
const READ_IN_THREAD_FROM_BYTES = 1024 * 1024;

interface FileRow {
  id: string;
  name: string;
  sha256: string;
  size: string;
  status: string;
}

export interface ParseJobDeps {
  db: Database;
  blobs: BlobStore;
  now: () => Date;
  /** The import's bounds, when not the defaults (tests make them small). */
  limits?: Partial<ImportLimits> | undefined;
}

const systemMetadata = (at: Date): EventMetadata => ({ actor: null, emulatingActor: null, at });

async function append(tx: Queryable, statementId: string, events: PortalEvent[], at: Date) {
  const stream = `statement-${statementId}`;
  await appendToStream(tx, stream, await streamVersion(tx, stream), events, systemMetadata(at));
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
 * Refuses a file whose amounts are in more than one currency, or in another currency than the
 * statement's files read before it: thrown inside the file's transaction, nothing of it stays.
 */
async function assertOneCurrency(
  tx: Queryable,
  statementId: string,
  fileId: string,
  revenueTotals: readonly { currency: string | null }[],
): Promise<void> {
  const inFile = [
    ...new Set(revenueTotals.flatMap((total) => (total.currency ? [total.currency] : []))),
  ].sort();
  const others = await tx.query<{ currency: string }>(
    `select distinct currency from statement_records
      where statement_id = $1 and file_id <> $2 and currency is not null order by currency`,
    [statementId, fileId],
  );
  const inStatement = others.map((row) => row.currency);
  const all = new Set([...inFile, ...inStatement]);
  if (all.size > 1) {
    throw new MixedCurrencyError(
      inFile,
      inStatement.filter((currency) => !inFile.includes(currency)),
    );
  }
}

/**
 * The statement's exchange, when its uploader gave one: amounts in its `from` currency are
 * converted into the statement's at the rate given.
 */
interface Exchange {
  from: string;
  to: string;
  rate: string;
}

/** Staged rows moved to the statement per transaction: on PGlite other requests wait at most one. */
const ROWS_MOVED_PER_TRANSACTION = 10_000;

/**
 * Moves a file's staged rows into statement_records, converting amounts in the exchange's `from`
 * currency into the statement's at its rate: exact NUMERIC arithmetic, rounded at the 12th
 * decimal (half away from zero), the amount and currency as written kept beside. Each range of
 * rows moves in a short transaction of its own.
 */
async function moveStagedRecords(
  db: ParseJobDeps['db'],
  fileId: string,
  exchange: Exchange,
): Promise<void> {
  const converted = '(currency = $2)';
  const selected = RECORD_COLUMNS.map((column) =>
    column === 'revenue'
      ? `case when ${converted} then round(revenue * $3::numeric, 12) else revenue end`
      : column === 'currency'
        ? `case when ${converted} then $4 else currency end`
        : column,
  );
  const [staged] = await db.query<{ first: number | null; last: number | null }>(
    'select min(row) as first, max(row) as last from statement_records_staging where file_id = $1',
    [fileId],
  );
  if (staged?.first == null || staged.last == null) return;
  const last = Number(staged.last);
  for (let after = Number(staged.first) - 1; after < last; after += ROWS_MOVED_PER_TRANSACTION) {
    await db.transaction((tx) =>
      tx.query(
        `with moved as (
           delete from statement_records_staging
            where file_id = $1 and row > $5::int and row <= $5::int + $6::int
           returning *)
         insert into statement_records (${RECORD_COLUMNS.join(', ')}, original_revenue, original_currency)
         select ${selected.join(', ')},
                case when ${converted} then revenue end, case when ${converted} then currency end
           from moved`,
        [fileId, exchange.from, exchange.rate, exchange.to, after, ROWS_MOVED_PER_TRANSACTION],
      ),
    );
  }
}

/**
 * Reads one file into records. Its rows are copied as they are read, each chunk in a short
 * transaction of its own, so that on PGlite (one connection) other requests are answered between
 * chunks: straight among the statement's records, or, when its amounts are to be converted, into
 * a staging table and from there, converted, range by range. One short transaction then makes the
 * file read with its event. Until then nothing reads the file's records (it is still queued),
 * and a damaged file, a crash or a rerun leaves none of them behind. Returns the reason the whole
 * file was refused, if so.
 */
async function readFile(
  deps: ParseJobDeps,
  statementId: string,
  file: FileRow,
  template: DistributorTemplate,
  exchange: Exchange | null,
  encoding: TextEncoding | undefined,
): Promise<{ rejected: string | null }> {
  // The file is not read yet: any record of it is what a run that failed or crashed left.
  const clearLeftovers = async () => {
    await deps.db.transaction(async (tx) => {
      await forgetFileTables(tx, [file.id]);
      await tx.query('delete from statement_records_staging where file_id = $1', [file.id]);
      await tx.query('delete from statement_records where file_id = $1', [file.id]);
    });
  };
  const open = () => deps.blobs.open(file.sha256) as Readable & AsyncIterable<Buffer>;
  const options = { limits: deps.limits ?? {}, ...(encoding ? { encoding } : {}) };
  try {
    // A compressed file is expanded once, counted and thrown away, before any row is read:
    // a bomb is refused before one record is written.
    await checkExpansion(file.name, open(), withLimits(deps.limits));
    await clearLeftovers();
    const reader =
      Number(file.size) >= READ_IN_THREAD_FROM_BYTES ? readCopyChunksInThread : readCopyChunks;
    const read = reader(
      { fileName: file.name, bytes: open() },
      template,
      {
        statementId,
        fileId: file.id,
        maxErrors: STORED_ERRORS_PER_FILE,
        recordsPerChunk: RECORDS_PER_CHUNK,
      },
      options,
    );
    const outcome: { read: CopyRead | null } = { read: null };
    // Records stream into COPY as they are read: reading and storing overlap, and a large
    // statement never sits whole in memory. The first row errors come with the summary.
    async function* copyText(): AsyncGenerator<Uint8Array<ArrayBuffer>> {
      try {
        for (;;) {
          const next = await read.next();
          if (next.done) {
            outcome.read = next.value;
            return;
          }
          yield next.value;
        }
      } finally {
        // A COPY that failed part-way: the reader (a spreadsheet's thread, a file) ends now.
        if (outcome.read === null)
          await (read as AsyncGenerator<unknown, unknown>).return(undefined);
      }
    }
    // Amounts to convert go through the staging table (converted as they move); the others are
    // copied straight among the statement's records, unseen until the file is read.
    await deps.db.copyFrom(
      exchange ? 'statement_records_staging' : 'statement_records',
      RECORD_COLUMNS,
      copyText(),
    );
    if (outcome.read === null) throw new Error('The statement was not read to its end');
    const { summary, errors } = outcome.read;
    if (exchange) await moveStagedRecords(deps.db, file.id, exchange);
    // The file's records are whole (converted, when they were): kept as one record table for the
    // calculations and previews, which read it instead of the rows (recordTables.ts).
    const table = await deps.db.transaction((tx) => fileTableFromRows(tx, statementId, file.id));
    const stored = await storeFileTable(deps.blobs, table);
    await deps.db.transaction(async (tx) => {
      await keepFileTable(tx, statementId, file.id, stored);
      await tx.query('delete from statement_row_errors where file_id = $1', [file.id]);
      await assertOneCurrency(
        tx,
        statementId,
        file.id,
        summary.revenueTotals.map((total) =>
          exchange && total.currency === exchange.from ? { currency: exchange.to } : total,
        ),
      );
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
    await clearLeftovers();
    if (!(error instanceof StatementFileError)) throw error;
    return { rejected: error.message };
  }
}

/** A layout of the template may read a product title where a code would be. */
const readsTitles = (template: DistributorTemplate) =>
  template.versions.some((version) => version.fields.codes.some((code) => code.kind === 'title'));

/** The encodings the uploader confirmed, per file, as the upload's events carry them. */
async function confirmedEncodings(
  db: ParseJobDeps['db'],
  statementId: string,
): Promise<Map<string, TextEncoding>> {
  const rows = await db.query<{ data: { files?: UploadedFile[] } }>(
    'select data from events where stream_id = $1 order by stream_version',
    [`statement-${statementId}`],
  );
  const encodings = new Map<string, TextEncoding>();
  for (const row of rows) {
    for (const file of row.data.files ?? []) {
      if (isTextEncoding(file.encoding)) encodings.set(file.fileId, file.encoding);
    }
  }
  return encodings;
}

/** The job behind every upload: reads each file not yet read, then totals the statement's codes. */
export async function runParseJob(deps: ParseJobDeps, statementId: string): Promise<void> {
  const statements = await deps.db.query<{
    template: DistributorTemplate | null;
    parse_status: string;
    account_id: string;
    distributor_id: string;
    distributor_name: string;
    exchange: Exchange | null;
  }>(
    `select d.template, s.parse_status, s.account_id, s.distributor_id, d.name as distributor_name,
            s.exchange
       from statements s join distributors d on d.id = s.distributor_id
      where s.id = $1`,
    [statementId],
  );
  const found = statements[0];
  if (!found || found.parse_status !== 'syncing') return;
  // The label's own layouts of the distributor are tried with the distributor's.
  const statement = {
    template: readingTemplate(
      found.template,
      await accountLayoutVersions(deps.db, found.account_id, found.distributor_id),
      found.distributor_name,
    ),
  };
  // What a run that crashed had staged; a file being read stages its rows again from its start.
  await deps.db.query('delete from statement_records_staging where statement_id = $1', [
    statementId,
  ]);
  const files = await deps.db.query<FileRow>(
    'select id, name, sha256, size::text as size, status from statement_files where statement_id = $1 order by name, id',
    [statementId],
  );
  const encodings = await confirmedEncodings(deps.db, statementId);
  for (const file of files.filter((candidate) => candidate.status === 'queued')) {
    const outcome = statement.template
      ? await readFile(
          deps,
          statementId,
          file,
          statement.template,
          found.exchange,
          encodings.get(file.id),
        )
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
    // Records named by title only (no code column) take their product's code, when one matches.
    if (statement.template && readsTitles(statement.template)) {
      await matchTitleKeys(tx, statementId);
    }
    await totalStatementCodes(tx, statementId);
    const rejected = await tx.query(
      `select 1 from statement_files where statement_id = $1 and status = 'rejected'`,
      [statementId],
    );
    // What the files read to, out of line with what the label expected or has had before, is
    // held for the label's confirmation.
    const checked = rejected.length > 0 ? [] : await checkTotal(tx, statementId);
    await append(
      tx,
      statementId,
      [
        ...checked,
        { type: 'StatementParsed', data: { outcome: rejected.length > 0 ? 'failed' : 'parsed' } },
      ],
      deps.now(),
    );
    await statementRead(tx, statementId, systemMetadata(deps.now()));
  });
  // Files whose codes title matching rewrote have their tables written again.
  await ensureRecordTables(deps.db, deps.blobs, statementId);
}

/**
 * The parse job ran out of attempts (it failed, or the process died while reading): the file it
 * was reading, the first one not yet read, is refused with the reason, and a new job reads the
 * statement's other files, so one file that breaks the reader never holds the whole statement.
 */
export async function giveUpParseJob(
  tx: Queryable,
  statementId: string,
  reason: string,
  now: Date,
): Promise<void> {
  {
    const files = await tx.query<{ id: string }>(
      `select f.id from statement_files f join statements s on s.id = f.statement_id
        where f.statement_id = $1 and f.status = 'queued' and s.parse_status = 'syncing'
        order by f.name, f.id limit 1`,
      [statementId],
    );
    const file = files[0];
    if (!file) return;
    // What the runs that died had stored of it.
    await forgetFileTables(tx, [file.id]);
    await tx.query('delete from statement_records_staging where file_id = $1', [file.id]);
    await tx.query('delete from statement_records where file_id = $1', [file.id]);
    await append(
      tx,
      statementId,
      [{ type: 'StatementFileRejected', data: { fileId: file.id, error: reason } }],
      now,
    );
    await enqueueJob(tx, 'statement.parse', { statementId }, now);
  }
}
