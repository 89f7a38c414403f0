import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { isSEPACountry } from 'ibantools';
import type { HoldReason } from '../../../api/payments';
import type { BankFileFormat } from '../../../api/bankFiles';
import { payoutMethodFor, type BankDetails } from '../../../rules/paymentRails';
import { decrypt, encrypt } from '../../dataKey';
import type { Database, Queryable } from '../../db/database';
import { appendToStream } from '../../events/store';
import type { EventMetadata } from '../../events/types';
import { fundingAccount, microDepositsAccount } from '../../ledger/accounts';
import { BUSINESS_ACCOUNT_TYPES } from '../../queries/business';
import type {
  FundingSource,
  MicroDepositCheck,
  NewFundingSource,
  NewPartnerTransfer,
  PartnerTransfer,
  PaymentPartner,
} from '../partner';
import {
  checkNachaOriginator,
  writeNachaFile,
  type NachaCredit,
  type NachaOriginator,
} from './nacha';
import { originatorOf } from './originator';
import { endToEndIdOf, writeSepaCreditTransfer, type SepaCredit, type SepaDebtor } from './sepa';

export interface BankFileOptions {
  /** Business days from a file's submission to its transfers settling when no return came. */
  settleDays: number;
  /** The key bank details and micro-deposit amounts are encrypted with. */
  dataKey: () => Buffer;
  /** The portal's clock: getTransfer answers settled once the days have passed by it. */
  now: () => Date;
}

/** The advisory lock space of a label's bank files (two-key locks, apart from the ledger's). */
const BANK_FILE_LOCKS = 72_400_040;

/** Locks the label's bank files: one writer, submitter or canceller at a time. */
export async function lockBankFiles(tx: Queryable, accountId: string) {
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [BANK_FILE_LOCKS, accountId]);
}

/** The label's details a file of each format can be written with, or null per format. */
interface LabelOriginator {
  nacha: NachaOriginator | null;
  sepa: SepaDebtor | null;
}

/** The label's details, each part only when a bank would take it. */
async function usableOriginator(
  tx: Queryable,
  dataKey: Buffer,
  accountId: string,
): Promise<LabelOriginator> {
  const { nacha, sepa } = await originatorOf(tx, dataKey, accountId);
  return {
    nacha: nacha && checkNachaOriginator(nacha).length === 0 ? nacha : null,
    sepa,
  };
}

/** Saturday and Sunday: banks do not settle. */
const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/** `days` business days (Monday to Friday, UTC) after `from`, at the same time of day. */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isWeekend(date)) left -= 1;
  }
  return date;
}

/** The file's format for a currency paid to an account of this scheme, or null. */
export function formatOf(currency: string, details: BankDetails): BankFileFormat | null {
  const method = payoutMethodFor('bankfile', currency, {
    scheme: details.scheme,
    sepa: details.scheme === 'iban' && isSEPACountry(details.iban.slice(0, 2)),
  });
  return method === 'nacha' || method === 'sepa' ? method : null;
}

/** The currency each format pays micro-deposits in. */
const DEPOSIT_CURRENCY: Record<BankFileFormat, string> = { nacha: 'USD', sepa: 'EUR' };

/**
 * Two micro-deposits in cents, each 1 to 99, never equal, and never the pair the same person's
 * previous account was sent (in either order): guessing them proves nothing.
 */
export function microDepositPair(
  previous: readonly number[] | null,
  random: (low: number, high: number) => number = randomInt,
): [number, number] {
  const same = (pair: readonly number[]) =>
    previous !== null &&
    previous.length === 2 &&
    [...pair].sort((a, b) => a - b).join() === [...previous].sort((a, b) => a - b).join();
  for (;;) {
    const pair: [number, number] = [random(1, 100), random(1, 100)];
    if (pair[0] !== pair[1] && !same(pair)) return pair;
  }
}

const centsText = (cents: number | bigint) => new Decimal(String(cents)).div(100).toFixed(2);

/** Exact decimal text to cents; null when it is not a whole number of cents. */
function toCents(amount: string): bigint | null {
  try {
    const cents = new Decimal(amount.trim()).mul(100);
    return cents.isInteger() ? BigInt(cents.toFixed(0)) : null;
  } catch {
    return null;
  }
}

/** Files of one day are told apart by A..Z then 0..9 (NACHA's File ID Modifier). */
const MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The name a file downloads as, and its NACHA File ID Modifier, from the day's count of files. */
export function fileNameOf(
  format: BankFileFormat,
  createdAt: Date,
  filesThatDay: number,
): { fileName: string; modifier: string } {
  const modifier = MODIFIERS[filesThatDay % MODIFIERS.length] ?? 'A';
  const round = Math.floor(filesThatDay / MODIFIERS.length);
  const day = createdAt.toISOString().slice(0, 10);
  const extension = format === 'nacha' ? 'ach' : 'xml';
  return {
    fileName: `royalties-${day}-${modifier}${round > 0 ? String(round + 1) : ''}.${extension}`,
    modifier,
  };
}

interface TransferRow {
  id: string;
  amount: string;
  currency: string;
  status: PartnerTransfer['status'];
  return_code: string | null;
  return_message: string | null;
  reference: string | null;
}

const TRANSFER_COLUMNS = `t.id, trim_scale(t.amount)::text as amount, t.currency, t.status,
  t.return_code, t.return_message,
  (select e.reference from bank_file_entries e where e.transfer_id = t.id) as reference`;

function toTransfer(row: TransferRow): PartnerTransfer {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    // The label's bank charges the label for its files; the portal takes no fee.
    fee: '0',
    traceId: row.reference ?? '',
    returnCode: row.return_code,
    returnMessage: row.return_message,
  };
}

/** One credit to write: a payment's transfer or one micro-deposit. */
interface Credit {
  transferId: string | null;
  fundingSourceId: string | null;
  /** The payment's id, or a new id for a micro-deposit (NACHA addenda, SEPA end-to-end). */
  paymentId: string;
  cents: bigint;
  holderName: string;
  receiverId: string;
  business: boolean;
  details: BankDetails;
}

interface Group {
  accountId: string;
  currency: string;
  format: BankFileFormat;
  credits: Credit[];
}

interface SourceRow {
  id: string;
  person_id: string;
  holder_name: string;
  details_encrypted: string;
  business: boolean;
}

/**
 * The bank-file rail (PAYMENT_RAIL=bankfile): the portal writes the files the label uploads to
 * its own bank. A transfer is queued when the batch asks for it; at the end of the batch every
 * queued transfer, and every micro-deposit due, goes into one file per label, currency and
 * format (NACHA for USD, SEPA for EUR), written with its entries in one transaction. Once the
 * label marks the file submitted its transfers are with the bank; they settle after the
 * settlement days unless the label uploads the bank's return first.
 */
export class BankFilePartner implements PaymentPartner {
  constructor(
    private readonly db: Database,
    private readonly options: BankFileOptions,
  ) {}

  /** Business days from a file's submission to its transfers settling. */
  get settleDays(): number {
    return this.options.settleDays;
  }

  private key() {
    return this.options.dataKey();
  }

  async createFundingSource(source: NewFundingSource, now: Date): Promise<FundingSource> {
    const previous = await this.db.query<{ micro_deposits_encrypted: string }>(
      `select micro_deposits_encrypted from bankfile_funding_sources
        where person_id = $1 order by created_at desc, id desc limit 1`,
      [source.personId],
    );
    const last = previous[0]
      ? (JSON.parse(decrypt(this.key(), previous[0].micro_deposits_encrypted)) as number[])
      : null;
    const pair = microDepositPair(last);
    const fundingSourceId = `bfs_${randomBytes(8).toString('hex')}`;
    await this.db.query(
      `insert into bankfile_funding_sources (id, person_id, holder_name, scheme, details_encrypted,
                                             micro_deposits_encrypted, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        fundingSourceId,
        source.personId,
        source.holderName,
        source.details.scheme,
        encrypt(this.key(), JSON.stringify(source.details)),
        encrypt(this.key(), JSON.stringify(pair)),
        now.toISOString(),
      ],
    );
    return {
      customerId: `bfc_${createHash('sha256').update(source.personId).digest('hex').slice(0, 16)}`,
      fundingSourceId,
      bankName: null,
    };
  }

  /** The deposits go out in the label's next bank file: no one knows when it is sent. */
  microDepositsDue(): null {
    return null;
  }

  async verifyMicroDeposits(
    fundingSourceId: string,
    amounts: string[],
    now: Date,
  ): Promise<MicroDepositCheck> {
    const rows = await this.db.query<{ micro_deposits_encrypted: string; arrived: boolean }>(
      `select s.micro_deposits_encrypted,
              exists (select 1 from bank_file_entries e join bank_files f on f.id = e.file_id
                       where e.funding_source_id = s.id and f.submitted_at is not null) as arrived
         from bankfile_funding_sources s where s.id = $1 and s.removed_at is null`,
      [fundingSourceId],
    );
    const source = rows[0];
    if (!source) return 'mismatch';
    if (!source.arrived) return 'not-arrived';
    const sent = (JSON.parse(decrypt(this.key(), source.micro_deposits_encrypted)) as number[])
      .map(String)
      .sort();
    const given = amounts.map((amount) => toCents(amount)?.toString() ?? 'x').sort();
    if (given.length !== 2 || given.join() !== sent.join()) return 'mismatch';
    await this.db.query('update bankfile_funding_sources set verified_at = $2 where id = $1', [
      fundingSourceId,
      now.toISOString(),
    ]);
    return 'verified';
  }

  async removeFundingSource(fundingSourceId: string, now: Date): Promise<void> {
    await this.db.query(
      'update bankfile_funding_sources set removed_at = $2 where id = $1 and removed_at is null',
      [fundingSourceId, now.toISOString()],
    );
  }

  async createTransfer(transfer: NewPartnerTransfer, now: Date): Promise<PartnerTransfer> {
    return this.db.transaction(async (tx) => {
      // The same key answers the transfer it first made, however often it is asked.
      await tx.query(
        `insert into bankfile_transfers (id, idempotency_key, amount, currency, destination,
                                         status, created_at)
         values ($1, $2, $3, $4, $5, 'queued', $6)
         on conflict (idempotency_key) do nothing`,
        [
          `bft_${randomBytes(8).toString('hex')}`,
          transfer.idempotencyKey,
          transfer.amount,
          transfer.currency,
          transfer.destination,
          now.toISOString(),
        ],
      );
      const rows = await tx.query<TransferRow & { same: boolean }>(
        `select ${TRANSFER_COLUMNS}, t.amount = $2::numeric and t.currency = $3 as same
           from bankfile_transfers t where t.idempotency_key = $1`,
        [transfer.idempotencyKey, transfer.amount, transfer.currency],
      );
      const row = rows[0];
      if (!row) throw new Error('The bank-file rail lost a transfer it had just stored.');
      if (!row.same) {
        throw new Error(`Idempotency key ${transfer.idempotencyKey} was used for another amount.`);
      }
      return toTransfer(row);
    });
  }

  async getTransfer(id: string): Promise<PartnerTransfer | null> {
    await this.settleDue(this.options.now(), id);
    const rows = await this.db.query<TransferRow>(
      `select ${TRANSFER_COLUMNS} from bankfile_transfers t where t.id = $1`,
      [id],
    );
    return rows[0] ? toTransfer(rows[0]) : null;
  }

  /**
   * A transfer not yet in a submitted file is taken out of the rail: out of its open file, which
   * is written again without it (and must be downloaded again), or dropped when it was the
   * file's only credit. Once its file is submitted it is the bank's: nothing changes.
   */
  async cancelTransfer(id: string, now: Date): Promise<PartnerTransfer | null> {
    const owner = await this.db.query<{ account_id: string }>(
      `select f.account_id from bank_file_entries e join bank_files f on f.id = e.file_id
        where e.transfer_id = $1`,
      [id],
    );
    await this.db.transaction(async (tx) => {
      if (owner[0]) await lockBankFiles(tx, owner[0].account_id);
      const rows = await tx.query<{ status: string; file_id: string | null; submitted: boolean }>(
        `select t.status, e.file_id, f.submitted_at is not null as submitted
           from bankfile_transfers t
           left join bank_file_entries e on e.transfer_id = t.id
           left join bank_files f on f.id = e.file_id
          where t.id = $1 for update of t`,
        [id],
      );
      const row = rows[0];
      if (!row || row.status !== 'queued' || row.submitted) return;
      if (row.file_id) {
        await tx.query('delete from bank_file_entries where transfer_id = $1', [id]);
        await this.rewriteFile(tx, row.file_id);
      }
      await tx.query(
        `update bankfile_transfers set status = 'cancelled', settled_at = $2 where id = $1`,
        [id, now.toISOString()],
      );
    });
    const rows = await this.db.query<TransferRow>(
      `select ${TRANSFER_COLUMNS} from bankfile_transfers t where t.id = $1`,
      [id],
    );
    return rows[0] ? toTransfer(rows[0]) : null;
  }

  /**
   * Why the files cannot pay this payment once the general rules passed (server/payments/holds.ts
   * holds a currency no file pays): the label's details for the payment's file are missing or a
   * bank would refuse them (an account not yet verified too: its micro-deposits go in that file),
   * or a verified account was entered before the rail changed and no file holds its details.
   * Null when the rail can pay it, or the payee has no account of this rail.
   */
  async holdReasonOf(
    tx: Queryable,
    payment: { account_id: string; payee_id: string; currency: string },
  ): Promise<HoldReason | null> {
    const rows = await tx.query<{ details_encrypted: string | null; verified: boolean }>(
      `select s.details_encrypted, m.verified_at is not null as verified
         from payee_payment_methods m
         left join bankfile_funding_sources s on s.id = m.funding_source_id
        where m.payee_id = $1`,
      [payment.payee_id],
    );
    const row = rows[0];
    if (!row) return null;
    // A verified account of another rail (added before the rail changed) no file can pay.
    if (!row.details_encrypted) return row.verified ? 'currency-not-payable' : null;
    const details = JSON.parse(decrypt(this.key(), row.details_encrypted)) as BankDetails;
    const format = formatOf(payment.currency, details);
    // A currency no file pays to this account is holdReasonOf's rule (server/payments/holds.ts).
    if (!format) return null;
    const originator = await usableOriginator(tx, this.key(), payment.account_id);
    return originator[format] ? null : 'bank-file-details-missing';
  }

  /** Every submitted transfer whose settlement days have passed is settled (one, or all). */
  async settleDue(now: Date, id: string | null = null): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `update bankfile_transfers set status = 'settled', settled_at = $1
        where status = 'pending' and settle_at <= $1 and ($2::text is null or id = $2)
        returning id`,
      [now.toISOString(), id],
    );
    return rows.length;
  }

  /** The batch's queued transfers, and micro-deposits due, are written into files. */
  async afterBatch(now: Date): Promise<void> {
    const accounts = await this.db.query<{ account_id: string }>(
      `select distinct s.account_id from bankfile_transfers t
         join payments p on p.partner_transfer_id = t.id and p.state = 'TRANSFER'
         join statements s on s.id = p.statement_id
        where t.status = 'queued'
          and not exists (select 1 from bank_file_entries e where e.transfer_id = t.id)
       union
       select account_id from (${DEPOSITS_DUE}) due where account_id is not null
       order by 1`,
    );
    for (const { account_id: accountId } of accounts) {
      await this.db.transaction(async (tx) => {
        await lockBankFiles(tx, accountId);
        const originator = await usableOriginator(tx, this.key(), accountId);
        for (const group of await this.dueCredits(tx, accountId)) {
          await this.writeFile(tx, group, originator, now);
        }
        await this.beforeCommit();
      });
    }
  }

  /**
   * Between a file's rows being written and their commit: nothing. The crash suite waits here,
   * so that a kill lands between the two.
   */
  protected async beforeCommit(): Promise<void> {}

  /** What the label's next files carry, per currency and format, read under the label's lock. */
  private async dueCredits(tx: Queryable, accountId: string): Promise<Group[]> {
    const transfers = await tx.query<
      SourceRow & { transfer_id: string; payment_id: string; amount: string; currency: string }
    >(
      `select t.id as transfer_id, p.id as payment_id, trim_scale(t.amount)::text as amount,
              t.currency, f.id, f.person_id, f.holder_name, f.details_encrypted, ${IS_BUSINESS}
         from bankfile_transfers t
         -- A payee's payments released together share one transfer: one credit, named by the
         -- first of them (the transfer's amount is their sum).
         join lateral (
           select p.id from payments p join statements s on s.id = p.statement_id
            where p.partner_transfer_id = t.id and p.state = 'TRANSFER' and s.account_id = $1
            order by p.id limit 1
         ) p on true
         join bankfile_funding_sources f on f.id = t.destination
        where t.status = 'queued'
          and not exists (select 1 from bank_file_entries e where e.transfer_id = t.id)
        order by t.created_at, t.id`,
      [accountId],
    );
    const deposits = await tx.query<SourceRow & { micro_deposits_encrypted: string }>(
      `select f.id, f.person_id, f.holder_name, f.details_encrypted, f.micro_deposits_encrypted,
              ${IS_BUSINESS}
         from (${DEPOSITS_DUE}) due join bankfile_funding_sources f on f.id = due.id
        where due.account_id = $1 order by f.created_at, f.id`,
      [accountId],
    );
    const groups = new Map<string, Group>();
    const add = (currency: string, format: BankFileFormat, credit: Credit) => {
      const key = `${currency}:${format}`;
      const group = groups.get(key) ?? { accountId, currency, format, credits: [] };
      group.credits.push(credit);
      groups.set(key, group);
    };
    for (const row of transfers) {
      const details = JSON.parse(decrypt(this.key(), row.details_encrypted)) as BankDetails;
      const format = formatOf(row.currency, details);
      const cents = toCents(row.amount);
      // A transfer no file can carry stays queued; its payment was held before it was asked.
      if (!format || cents === null) continue;
      add(row.currency, format, creditOf(row, details, cents, row.transfer_id, row.payment_id));
    }
    for (const row of deposits) {
      const details = JSON.parse(decrypt(this.key(), row.details_encrypted)) as BankDetails;
      const format = details.scheme === 'aba' ? 'nacha' : details.scheme === 'iban' ? 'sepa' : null;
      if (!format || formatOf(DEPOSIT_CURRENCY[format], details) !== format) continue;
      const pair = JSON.parse(decrypt(this.key(), row.micro_deposits_encrypted)) as number[];
      for (const cents of pair) {
        add(DEPOSIT_CURRENCY[format], format, {
          ...creditOf(row, details, BigInt(cents), null, randomUUID()),
          fundingSourceId: row.id,
        });
      }
    }
    return [...groups.values()];
  }

  /** Writes one file with its entries and its event; a label without the format's details waits. */
  private async writeFile(tx: Queryable, group: Group, originator: LabelOriginator, now: Date) {
    if (!originator[group.format]) return;
    const fileId = randomUUID();
    const sameDay = await tx.query<{ count: string }>(
      `select count(*)::text as count from bank_files
        where account_id = $1 and created_at::date = $2::date`,
      [group.accountId, now.toISOString().slice(0, 10)],
    );
    const { fileName, modifier } = fileNameOf(group.format, now, Number(sameDay[0]?.count ?? 0));
    const written = this.compose(group, originator, { fileId, modifier, createdAt: now });
    if (!written) return;
    const total = group.credits.reduce((sum, credit) => sum + credit.cents, 0n);
    await tx.query(
      `insert into bank_files (id, account_id, format, currency, file_name, message_id,
                               payment_information_id, body, entry_count, total, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        fileId,
        group.accountId,
        group.format,
        group.currency,
        fileName,
        written.messageId,
        written.paymentInformationId,
        written.text,
        group.credits.length,
        centsText(total),
        now.toISOString(),
      ],
    );
    await this.insertEntries(tx, fileId, group.credits, written.references);
    const deposits = group.credits.filter((credit) => credit.fundingSourceId !== null);
    const depositCents = deposits.reduce((sum, credit) => sum + credit.cents, 0n);
    const metadata: EventMetadata = { actor: null, emulatingActor: null, at: now };
    await appendToStream(
      tx,
      `bankfile-${fileId}`,
      0,
      [
        {
          type: 'BankFileWritten',
          data: {
            accountId: group.accountId,
            format: group.format,
            currency: group.currency,
            fileName,
            entries: group.credits.length,
            total: centsText(total),
            transfers:
              depositCents > 0n
                ? [
                    {
                      transferId: `bankfile:${fileId}:micro-deposits`,
                      from: fundingAccount(group.accountId),
                      to: microDepositsAccount(group.currency),
                      amount: centsText(depositCents),
                      currency: group.currency,
                    },
                  ]
                : [],
          },
        },
      ],
      metadata,
    );
  }

  private async insertEntries(
    tx: Queryable,
    fileId: string,
    credits: readonly Credit[],
    references: readonly string[],
  ) {
    await tx.query(
      `insert into bank_file_entries (file_id, transfer_id, funding_source_id, payment_id,
                                      reference, amount)
       select $1, e.transfer_id, e.source_id, e.payment_id, e.reference, e.amount
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[])
           as e(transfer_id, source_id, payment_id, reference, amount)`,
      [
        fileId,
        credits.map((credit) => credit.transferId),
        credits.map((credit) => credit.fundingSourceId),
        credits.map((credit) => (credit.transferId ? credit.paymentId : null)),
        references,
        credits.map((credit) => centsText(credit.cents)),
      ],
    );
  }

  /** The file's text from its credits, with the reference of each credit, in their order. */
  private compose(
    group: Group,
    originator: LabelOriginator,
    file: { fileId: string; modifier: string; createdAt: Date },
  ): {
    text: string;
    messageId: string;
    paymentInformationId: string | null;
    references: string[];
  } | null {
    const executionDay = addBusinessDays(file.createdAt, 1).toISOString().slice(0, 10);
    if (group.format === 'nacha' && originator.nacha) {
      const credits: NachaCredit[] = group.credits.map((credit) => {
        if (credit.details.scheme !== 'aba') throw new Error('A NACHA credit needs a US account.');
        return {
          paymentId: credit.paymentId,
          amountCents: credit.cents,
          receiverName: credit.holderName,
          receiverId: credit.receiverId,
          routingNumber: credit.details.routingNumber,
          accountNumber: credit.details.accountNumber,
          accountType: credit.details.accountType,
          business: credit.business,
        };
      });
      const written = writeNachaFile({
        originator: originator.nacha,
        createdAt: file.createdAt,
        fileIdModifier: file.modifier,
        effectiveEntryDate: executionDay.slice(2).replaceAll('-', ''),
        entryDescription: 'ROYALTIES',
        credits,
      });
      const traces = new Map(written.traces.map((trace) => [trace.paymentId, trace.traceNumber]));
      return {
        text: written.text,
        messageId: file.fileId.replaceAll('-', ''),
        paymentInformationId: null,
        references: group.credits.map((credit) => traces.get(credit.paymentId) ?? ''),
      };
    }
    if (group.format === 'sepa' && originator.sepa) {
      const credits: SepaCredit[] = group.credits.map((credit) => {
        if (credit.details.scheme !== 'iban') throw new Error('A SEPA credit needs an IBAN.');
        return {
          paymentId: credit.paymentId,
          amountCents: credit.cents,
          creditorName: credit.holderName,
          iban: credit.details.iban,
          bic: credit.details.bic,
          remittance: credit.transferId ? 'Royalties' : 'Account verification',
        };
      });
      const messageId = file.fileId.replaceAll('-', '');
      const written = writeSepaCreditTransfer({
        debtor: originator.sepa,
        messageId,
        createdAt: file.createdAt,
        requestedExecutionDate: executionDay,
        credits,
      });
      return {
        text: written.xml,
        messageId,
        paymentInformationId: written.paymentInformationId,
        references: group.credits.map((credit) => endToEndIdOf(credit.paymentId)),
      };
    }
    return null;
  }

  /** An open file whose credits changed is written again from them (dropped when none is left). */
  private async rewriteFile(tx: Queryable, fileId: string) {
    const files = await tx.query<{
      account_id: string;
      format: BankFileFormat;
      currency: string;
      file_name: string;
      created_at: Date | string;
    }>('select account_id, format, currency, file_name, created_at from bank_files where id = $1', [
      fileId,
    ]);
    const file = files[0];
    if (!file) return;
    const entries = await tx.query<
      SourceRow & { transfer_id: string | null; payment_id: string | null; amount: string }
    >(
      `select e.transfer_id, e.payment_id, trim_scale(e.amount)::text as amount, f.id,
              f.person_id, f.holder_name, f.details_encrypted, ${IS_BUSINESS}
         from bank_file_entries e
         join bankfile_funding_sources f
           on f.id = coalesce(e.funding_source_id,
                              (select t.destination from bankfile_transfers t
                                where t.id = e.transfer_id))
        where e.file_id = $1 order by e.reference`,
      [fileId],
    );
    const payments = entries.filter((entry) => entry.transfer_id !== null);
    if (payments.length === 0) {
      // Micro-deposits alone wait for the label's next file; the file is gone, never sent.
      await tx.query('delete from bank_file_entries where file_id = $1', [fileId]);
      await tx.query('delete from bank_files where id = $1', [fileId]);
      return;
    }
    const credits = entries.map((entry) => {
      const details = JSON.parse(decrypt(this.key(), entry.details_encrypted)) as BankDetails;
      const credit = creditOf(
        entry,
        details,
        toCents(entry.amount) ?? 0n,
        entry.transfer_id,
        entry.payment_id ?? randomUUID(),
      );
      return entry.transfer_id ? credit : { ...credit, fundingSourceId: entry.id };
    });
    const group: Group = {
      accountId: file.account_id,
      currency: file.currency,
      format: file.format,
      credits,
    };
    const createdAt = new Date(file.created_at);
    const modifier = /-([A-Z0-9])\d*\.(ach|xml)$/.exec(file.file_name)?.[1] ?? 'A';
    const written = this.compose(group, await usableOriginator(tx, this.key(), file.account_id), {
      fileId,
      modifier,
      createdAt,
    });
    if (!written) return;
    await tx.query('delete from bank_file_entries where file_id = $1', [fileId]);
    await this.insertEntries(tx, fileId, credits, written.references);
    const total = credits.reduce((sum, credit) => sum + credit.cents, 0n);
    // The text changed: the copy downloaded before is not the file to send.
    await tx.query(
      `update bank_files set body = $2, entry_count = $3, total = $4,
              payment_information_id = $5, downloaded_at = null, downloaded_by = null
        where id = $1`,
      [fileId, written.text, credits.length, centsText(total), written.paymentInformationId],
    );
  }
}

/** Accounts whose micro-deposits no file carries yet, with the label that most recently owes them. */
const DEPOSITS_DUE = `
  select f.id, (select s.account_id from payments p join statements s on s.id = p.statement_id
                 where p.payee_id = f.person_id
                 order by p.created_at desc, p.id desc limit 1) as account_id
    from bankfile_funding_sources f
   where f.removed_at is null and f.verified_at is null
     and not exists (select 1 from bank_file_entries e where e.funding_source_id = f.id)`;

/** Whether the person is paid as a business (a CCD entry) or as a person (PPD). */
const IS_BUSINESS = `exists (select 1 from users u join accounts a on a.id = u.account_id
    left join business_profiles b on b.account_id = a.id
   where u.id = f.person_id
     and (a.type = any('{${BUSINESS_ACCOUNT_TYPES.join(',')}}'::text[])
          or b.business_name is not null)) as business`;

function creditOf(
  row: SourceRow,
  details: BankDetails,
  cents: bigint,
  transferId: string | null,
  paymentId: string,
): Credit {
  return {
    transferId,
    fundingSourceId: null,
    paymentId,
    cents,
    holderName: row.holder_name,
    receiverId: row.person_id.replaceAll('-', '').slice(0, 15),
    business: row.business,
    details,
  };
}
