// What a label does with its bank files: lists them, downloads one (recorded: who and when),
// marks it submitted once its bank has it (its payments are then with the bank), and uploads the
// bank's return file (each return finds its payment and follows the sandbox's return path).
import Decimal from 'decimal.js';
import type {
  AppliedBankReturn,
  BankFile,
  BankFileFormat,
  BankFileList,
  BankReturnOutcome,
} from '../../../api/bankFiles';
import { epochSeconds } from '../../../api/common';
import type { Database, Queryable } from '../../db/database';
import { ConflictError, NotFoundError } from '../../errors';
import { appendToStream, streamVersion } from '../../events/store';
import type { EventMetadata } from '../../events/types';
import type { PartnerTransfer } from '../partner';
import { applyPartnerTransfer, type PaymentDeps } from '../payments';
import { addBusinessDays, lockBankFiles, type BankFilePartner } from './bankFilePartner';
import type { BankReturn } from './types';

/** Marking a file submitted before anybody downloaded it: the bank cannot have it. */
export const BANK_FILE_NOT_DOWNLOADED =
  'Download this bank file before you mark it submitted: your bank must receive the file the portal wrote.';

interface FileRow {
  id: string;
  format: BankFileFormat;
  currency: string;
  file_name: string;
  created_at: Date | string;
  payments: number;
  entry_count: number;
  total: string;
  downloaded_at: Date | string | null;
  downloaded_by: string | null;
  submitted_at: Date | string | null;
  submitted_by: string | null;
}

const personName = (column: string) =>
  `(select coalesce(nullif(u.fullname, ''), u.username) from users u where u.id = ${column})`;

const FILE_COLUMNS = `f.id, f.format, f.currency, f.file_name, f.created_at,
  (select count(*)::int from bank_file_entries e where e.file_id = f.id
     and e.transfer_id is not null) as payments,
  f.entry_count, trim_scale(f.total)::text as total, f.downloaded_at,
  ${personName('f.downloaded_by')} as downloaded_by, f.submitted_at,
  ${personName('f.submitted_by')} as submitted_by`;

function toBankFile(row: FileRow): BankFile {
  return {
    id: row.id,
    format: row.format,
    currency: row.currency,
    fileName: row.file_name,
    createdAt: epochSeconds(row.created_at) ?? 0,
    payments: Number(row.payments),
    entries: Number(row.entry_count),
    total: new Decimal(row.total).toFixed(2),
    status: row.submitted_at ? 'submitted' : 'open',
    downloadedAt: epochSeconds(row.downloaded_at),
    downloadedBy: row.downloaded_by,
    submittedAt: epochSeconds(row.submitted_at),
    submittedBy: row.submitted_by,
  };
}

/** The label's files, newest first. */
export async function listBankFiles(db: Queryable, accountId: string): Promise<BankFileList> {
  const rows = await db.query<FileRow>(
    `select ${FILE_COLUMNS} from bank_files f where f.account_id = $1
      order by f.created_at desc, f.file_name desc`,
    [accountId],
  );
  return { items: rows.map(toBankFile), total: rows.length };
}

/** One of the label's files; another label's is not found. */
export async function readBankFile(
  db: Queryable,
  accountId: string,
  fileId: string,
): Promise<BankFile> {
  const rows = await db.query<FileRow>(
    `select ${FILE_COLUMNS} from bank_files f where f.id = $1 and f.account_id = $2`,
    [fileId, accountId],
  );
  if (!rows[0]) throw new NotFoundError();
  return toBankFile(rows[0]);
}

/** Who did it: the admin emulating the owner, else the owner. */
const personOf = (metadata: EventMetadata) => metadata.emulatingActor ?? metadata.actor;

/** The file's exact text, and the download recorded in the log (who and when). */
export async function downloadBankFile(
  db: Database,
  accountId: string,
  fileId: string,
  metadata: EventMetadata,
): Promise<{ fileName: string; format: BankFileFormat; body: string }> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ file_name: string; format: BankFileFormat; body: string }>(
      `update bank_files set downloaded_at = coalesce(downloaded_at, $3),
              downloaded_by = case when downloaded_at is null then $4 else downloaded_by end
        where id = $1 and account_id = $2 returning file_name, format, body`,
      [fileId, accountId, metadata.at.toISOString(), personOf(metadata)],
    );
    const file = rows[0];
    if (!file) throw new NotFoundError();
    const stream = `bankfile-${fileId}`;
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [{ type: 'BankFileDownloaded', data: { accountId, fileName: file.file_name } }],
      metadata,
    );
    return { fileName: file.file_name, format: file.format, body: file.body };
  });
}

interface RailTransferRow {
  id: string;
  amount: string;
  currency: string;
  status: PartnerTransfer['status'];
  return_code: string | null;
  return_message: string | null;
  reference: string;
}

const asTransfer = (row: RailTransferRow): PartnerTransfer => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  fee: '0',
  traceId: row.reference,
  returnCode: row.return_code,
  returnMessage: row.return_message,
});

/** The transfers a file carries, as the rail answers them. */
async function transfersOf(db: Queryable, fileId: string): Promise<PartnerTransfer[]> {
  const rows = await db.query<RailTransferRow>(
    `select t.id, trim_scale(t.amount)::text as amount, t.currency, t.status, t.return_code,
            t.return_message, e.reference
       from bank_file_entries e join bankfile_transfers t on t.id = e.transfer_id
      where e.file_id = $1 order by e.reference`,
    [fileId],
  );
  return rows.map(asTransfer);
}

/**
 * The label sent the file to its bank: its transfers are with the bank from now and settle after
 * the rail's settlement days, and every payment in it waits on the bank's confirmation. Marking
 * it again (a double click, a second tab) changes nothing and answers the same file.
 */
export async function submitBankFile(
  deps: PaymentDeps & { rail: BankFilePartner },
  accountId: string,
  fileId: string,
  metadata: EventMetadata,
): Promise<BankFile> {
  await deps.db.transaction(async (tx) => {
    await lockBankFiles(tx, accountId);
    const rows = await tx.query<{ downloaded: boolean; submitted: boolean; file_name: string }>(
      `select downloaded_at is not null as downloaded, submitted_at is not null as submitted,
              file_name
         from bank_files where id = $1 and account_id = $2 for update`,
      [fileId, accountId],
    );
    const file = rows[0];
    if (!file) throw new NotFoundError();
    if (file.submitted) return;
    if (!file.downloaded) throw new ConflictError(BANK_FILE_NOT_DOWNLOADED);
    await tx.query('update bank_files set submitted_at = $2, submitted_by = $3 where id = $1', [
      fileId,
      metadata.at.toISOString(),
      personOf(metadata),
    ]);
    await tx.query(
      `update bankfile_transfers set status = 'pending', submitted_at = $2, settle_at = $3
        where status = 'queued'
          and id in (select transfer_id from bank_file_entries where file_id = $1)`,
      [
        fileId,
        metadata.at.toISOString(),
        addBusinessDays(metadata.at, deps.rail.settleDays).toISOString(),
      ],
    );
    const stream = `bankfile-${fileId}`;
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [{ type: 'BankFileSubmitted', data: { accountId, fileName: file.file_name } }],
      metadata,
    );
  });
  // Each payment moves in its own transaction; one a crash left behind moves on the next call
  // or at the next batch, which asks the rail again.
  for (const transfer of await transfersOf(deps.db, fileId)) {
    await applyPartnerTransfer(deps, transfer);
  }
  return readBankFile(deps.db, accountId, fileId);
}

interface EntryRow {
  file_id: string;
  reference: string;
  account_id: string;
  transfer_id: string | null;
  payment_id: string | null;
  amount: string;
  currency: string;
  returned: boolean;
  payee_name: string | null;
}

/** The reference a return names, as the answer shows it. */
function referenceText(bankReturn: BankReturn): string {
  const reference = bankReturn.reference;
  if (reference.kind === 'trace') return reference.traceNumber;
  if (reference.kind === 'endToEnd') return reference.endToEndId;
  return reference.messageId;
}

const ENTRY_COLUMNS = `e.file_id, e.reference, f.account_id, e.transfer_id, e.payment_id,
  trim_scale(e.amount)::text as amount, f.currency, e.returned_at is not null as returned,
  (select coalesce(nullif(u.fullname, ''), u.username) from payments p
     join users u on u.id = p.payee_id where p.id = e.payment_id) as payee_name`;

/**
 * The entries of submitted files a return names, the most likely first: the same amount when
 * the return gives one, not returned yet, the latest file (a retried payment's new entry carries
 * the same end-to-end id as its returned one).
 */
async function entriesNamed(tx: Queryable, bankReturn: BankReturn): Promise<EntryRow[]> {
  const reference = bankReturn.reference;
  const order = `order by (e.amount = $2::numeric) desc nulls last, e.returned_at is null desc,
                          f.submitted_at desc, f.id`;
  if (reference.kind === 'message') {
    return tx.query<EntryRow>(
      `select ${ENTRY_COLUMNS} from bank_file_entries e join bank_files f on f.id = e.file_id
        where f.message_id = $1 and f.submitted_at is not null ${order}`,
      [reference.messageId, null],
    );
  }
  const value = reference.kind === 'trace' ? reference.traceNumber : reference.endToEndId;
  const rows = await tx.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from bank_file_entries e join bank_files f on f.id = e.file_id
      where e.reference = $1 and f.submitted_at is not null ${order}`,
    [value, bankReturn.amount],
  );
  return rows.slice(0, 1);
}

/** The bank's words for a return, or its code when the file gives none. */
const returnMessage = (bankReturn: BankReturn) => bankReturn.detail ?? bankReturn.code;

/**
 * Applies a bank's returns for the label: each finds its entry (by trace number, end-to-end id
 * or the message), then its payment, which goes back exactly as a sandbox return does (passback
 * or the payee's returned money). A return applied before is reported, not applied again; one
 * of another label's files is reported without anything of it.
 */
export async function applyBankReturns(
  deps: PaymentDeps,
  accountId: string,
  returns: readonly BankReturn[],
): Promise<AppliedBankReturn[]> {
  const applied: AppliedBankReturn[] = [];
  for (const bankReturn of returns) {
    const answers = await deps.db.transaction(async (tx) => {
      await lockBankFiles(tx, accountId);
      const entries = await entriesNamed(tx, bankReturn);
      const result: { entry: EntryRow | null; outcome: BankReturnOutcome }[] = [];
      if (entries.length === 0) return [{ entry: null, outcome: 'not-found' as const }];
      for (const entry of entries) {
        if (entry.account_id !== accountId) {
          result.push({ entry: null, outcome: 'not-this-label' });
          continue;
        }
        if (entry.returned) {
          result.push({ entry, outcome: 'already-returned' });
          continue;
        }
        await tx.query(
          `update bank_file_entries set returned_at = $3, return_code = $4
            where file_id = $1 and reference = $2 and returned_at is null`,
          [entry.file_id, entry.reference, deps.now().toISOString(), bankReturn.code],
        );
        if (entry.transfer_id) {
          await tx.query(
            `update bankfile_transfers set status = 'returned', return_code = $2,
                    return_message = $3, settled_at = coalesce(settled_at, $4)
              where id = $1 and status in ('pending', 'settled')`,
            [
              entry.transfer_id,
              bankReturn.code,
              returnMessage(bankReturn),
              deps.now().toISOString(),
            ],
          );
        }
        result.push({ entry, outcome: 'returned' });
      }
      return result;
    });
    for (const { entry, outcome } of answers) {
      // Applied again when it was before: a crash between the two left the payment behind.
      if (entry?.transfer_id) {
        const transfers = await deps.db.query<RailTransferRow>(
          `select t.id, trim_scale(t.amount)::text as amount, t.currency, t.status, t.return_code,
                  t.return_message, '' as reference
             from bankfile_transfers t where t.id = $1 and t.status = 'returned'`,
          [entry.transfer_id],
        );
        if (transfers[0]) await applyPartnerTransfer(deps, asTransfer(transfers[0]));
      }
      applied.push({
        reference: referenceText(bankReturn),
        code: bankReturn.code,
        outcome,
        paymentId: entry?.payment_id ?? null,
        payeeName: entry?.payee_name ?? null,
        amount: entry ? new Decimal(entry.amount).toFixed(2) : null,
        currency: entry?.currency ?? null,
      });
    }
  }
  return applied;
}
