import { snapshotOf } from '../../machines/statementMachine';
import type { Queryable } from '../db/database';
import { BadRequestError, ConflictError } from '../errors';
import type { EventMetadata, UploadedFile } from '../events/types';
import { enqueueJob } from '../jobs/queue';
import { transition } from './pipeline';
import { forgetFileTables } from './recordTables';

/** The advisory lock space of an account's statement files (two-key locks, as the ledger's). */
const FILE_LOCKS = 72_400_003;

/**
 * Until the transaction ends, no other upload or replacement of `accountId` decides whether a
 * file is new: two requests with the same file cannot both find it absent.
 */
export async function lockAccountFiles(tx: Queryable, accountId: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [FILE_LOCKS, accountId]);
}

/** MM-DD-YYYY, as SPEC section 8's upload texts write a date. */
const formatDate = (value: Date | string) => {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${date.getUTCFullYear()}`;
};

/** A file sent again that a live statement already holds: what to do depends on that statement. */
export function alreadyInStatementText(
  name: string,
  statement: { title: string; receivedAt: Date | string; approved: boolean },
): string {
  const where = `'${name}' is already in the statement '${statement.title}' (received ${formatDate(statement.receivedAt)})`;
  return statement.approved
    ? `${where}, which was approved: its sales are counted there, so it cannot be read again.`
    : `${where}. To read it again, replace the file on that statement or cancel that statement first.`;
}

/**
 * Refuses files the account's live statements already hold (a cancelled or deleted statement has
 * freed its files); `except` are the files a replacement takes the place of, which may come back.
 */
export async function refuseFilesInLiveStatements(
  tx: Queryable,
  accountId: string,
  files: readonly UploadedFile[],
  except: readonly string[] = [],
): Promise<void> {
  const earlier = await tx.query<{
    title: string;
    received_at: Date | string;
    approved: boolean;
    sha256: string;
  }>(
    `select s.title, s.received_at, s.approved_at is not null as approved, f.sha256
       from statement_files f
       join statements s on s.id = f.statement_id
      where f.account_id = $1 and f.sha256 = any($2::text[])
        and s.state not in ('cancelled', 'deleted') and not (f.id = any($3::text[]))
      order by s.received_at limit 1`,
    [accountId, files.map((file) => file.sha256), except],
  );
  const duplicate = earlier[0];
  if (!duplicate) return;
  const file = files.find((candidate) => candidate.sha256 === duplicate.sha256);
  throw new ConflictError(
    alreadyInStatementText(file?.name ?? '', {
      title: duplicate.title,
      receivedAt: duplicate.received_at,
      approved: duplicate.approved,
    }),
  );
}

export const REPLACE_ONE_FILE = 'Choose the one file that replaces this file.';
export const REPLACE_AFTER_APPROVAL =
  'This statement was approved: its files can no longer be replaced. Correct its figures with an adjustment on a later statement.';
export const REPLACE_WHILE_BUSY =
  'This statement is being read or calculated: replace its file once that is done.';
export const REPLACE_STOPPED =
  'This statement was cancelled: upload the corrected file as a new statement.';
export const REPLACED_ALREADY =
  'This file is no longer part of the statement: it was replaced meanwhile. Reload the statement to see its files.';

/** Why a statement in `state` keeps its files, or null when one may be replaced. */
function replaceRefusal(state: string, approved: boolean): string | null {
  const snapshot = snapshotOf(state, { forced: false, expedited: false, cashless: false });
  if (snapshot.can({ type: 'statement.replace' })) return null;
  if (approved) return REPLACE_AFTER_APPROVAL;
  if (state === 'cancelled' || state === 'deleted') return REPLACE_STOPPED;
  return REPLACE_WHILE_BUSY;
}

/**
 * Before approval, `fileId` of the statement (locked by the caller) gives way to `files`' one
 * file: the old file's records and row errors go, the new file is read and checked again and the
 * statement goes back through reading, so any result it had must be calculated again. The old
 * file's bytes stay in the blob store and the history names both files.
 */
export async function replaceStatementFile(
  tx: Queryable,
  statementId: string,
  fileId: string,
  files: readonly UploadedFile[],
  metadata: EventMetadata,
): Promise<void> {
  const [file] = files;
  if (!file || files.length !== 1) throw new BadRequestError(REPLACE_ONE_FILE);
  const rows = await tx.query<{ state: string; account_id: string; approved: boolean }>(
    'select state, account_id, approved_at is not null as approved from statements where id = $1',
    [statementId],
  );
  const statement = rows[0];
  if (!statement) throw new ConflictError(REPLACED_ALREADY);
  // A second click finds the file it meant gone, whatever state the first left the statement in.
  const old = await tx.query<{ id: string; name: string; sha256: string }>(
    'select id, name, sha256 from statement_files where id = $1 and statement_id = $2',
    [fileId, statementId],
  );
  const replaced = old[0];
  if (!replaced) throw new ConflictError(REPLACED_ALREADY);
  const refusal = replaceRefusal(statement.state, statement.approved);
  if (refusal) throw new ConflictError(refusal);
  await lockAccountFiles(tx, statement.account_id);
  await refuseFilesInLiveStatements(tx, statement.account_id, files, [replaced.id]);

  await forgetFileTables(tx, [replaced.id]);
  await tx.query('delete from statement_records_staging where file_id = $1', [replaced.id]);
  await tx.query('delete from statement_records where statement_id = $1 and file_id = $2', [
    statementId,
    replaced.id,
  ]);
  await tx.query('delete from statement_row_errors where file_id = $1', [replaced.id]);
  await transition(tx, statementId, { type: 'statement.replace' }, metadata, [
    {
      type: 'StatementFilesReplaced',
      data: {
        removed: [replaced.id],
        added: [file],
        replaced: { fileId: replaced.id, name: replaced.name, sha256: replaced.sha256 },
      },
    },
  ]);
  await enqueueJob(tx, 'statement.parse', { statementId }, metadata.at);
}
