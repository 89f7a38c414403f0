import { epochSeconds } from '../../api/common';
import type { BankAccount, NewBankAccount } from '../../api/bankAccount';
import {
  ACCOUNT_NUMBER_INVALID,
  isValidAccountNumber,
  isValidRoutingNumber,
  MICRO_DEPOSITS_MISMATCH,
  PASSWORD_NEEDED,
  ROUTING_NUMBER_INVALID,
} from '../../rules/bankAccount';
import { verifyPassword } from '../auth/passwords';
import { translator } from '../i18n';
import type { Database, Queryable } from '../db/database';
import { BadRequestError, ConflictError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata } from '../events/types';
import { encrypt } from './dataKey';
import type { PaymentPartner } from './partner';

export const NO_BANK_ACCOUNT = 'Add a bank account first.';
export const ALREADY_VERIFIED = 'This bank account is verified already.';

const stream = (personId: string) => `bankaccount-${personId}`;

export async function readBankAccount(
  db: Queryable,
  personId: string,
): Promise<BankAccount | null> {
  const rows = await db.query<{
    routing_number: string;
    last4: string;
    account_type: BankAccount['accountType'];
    added_at: Date | string;
    micro_deposits_sent_at: Date | string | null;
    verified_at: Date | string | null;
  }>(
    `select routing_number, last4, account_type, added_at, micro_deposits_sent_at, verified_at
       from payee_payment_methods where payee_id = $1`,
    [personId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    routingNumber: row.routing_number,
    last4: row.last4,
    accountType: row.account_type,
    status: row.verified_at ? 'verified' : 'verification-pending',
    addedAt: epochSeconds(row.added_at) ?? 0,
    microDepositsSentAt: epochSeconds(row.micro_deposits_sent_at),
    verifiedAt: epochSeconds(row.verified_at),
  };
}

export interface BankAccountDeps {
  db: Database;
  partner: PaymentPartner;
  dataKey: () => Buffer;
}

/**
 * Adds (or replaces) the person's bank account: the numbers are checked, the account number is
 * encrypted before it is kept anywhere, and the partner sends two micro-deposits to prove it.
 */
export async function addBankAccount(
  deps: BankAccountDeps,
  personId: string,
  account: NewBankAccount,
  metadata: EventMetadata,
): Promise<void> {
  const routingNumber = account.routingNumber.trim();
  const accountNumber = account.accountNumber.trim();
  if (!isValidRoutingNumber(routingNumber)) throw new BadRequestError(ROUTING_NUMBER_INVALID);
  if (!isValidAccountNumber(accountNumber)) throw new BadRequestError(ACCOUNT_NUMBER_INVALID);
  const owner = (
    await deps.db.query<{
      username: string | null;
      fullname: string;
      language: string;
      password_hash: string | null;
    }>('select username, fullname, language, password_hash from users where id = $1', [personId])
  )[0];
  if (!owner || !(await verifyPassword(owner.password_hash, account.password))) {
    throw new BadRequestError(PASSWORD_NEEDED);
  }
  const source = await deps.partner.createFundingSource(
    { personId, routingNumber, accountNumber, accountType: account.accountType },
    metadata.at,
  );
  await deps.db.transaction(async (tx) => {
    await appendToStream(
      tx,
      stream(personId),
      await streamVersion(tx, stream(personId)),
      [
        {
          type: 'BankAccountAdded',
          data: {
            customerId: source.customerId,
            fundingSourceId: source.fundingSourceId,
            routingNumber,
            accountNumberEncrypted: encrypt(deps.dataKey(), accountNumber),
            last4: accountNumber.slice(-4),
            accountType: account.accountType,
          },
        },
        { type: 'MicroDepositsSent', data: { fundingSourceId: source.fundingSourceId } },
      ],
      metadata,
    );
    // The owner hears of it, in the same transaction: whoever changed it, they can act.
    if (owner.username) {
      const t = translator(owner.language);
      await tx.query(
        'insert into outbox (recipient, subject, body, link, created_at) values ($1, $2, $3, null, $4)',
        [
          owner.username,
          t('email.bank-account.subject'),
          t('email.bank-account.body', { name: owner.fullname, last4: accountNumber.slice(-4) }),
          metadata.at.toISOString(),
        ],
      );
    }
  });
}

/** The person confirms the two micro-deposits; a wrong pair is kept in the log and refused. */
export async function verifyBankAccount(
  deps: BankAccountDeps,
  personId: string,
  amounts: string[],
  metadata: EventMetadata,
): Promise<void> {
  const rows = await deps.db.query<{ funding_source_id: string; verified_at: unknown }>(
    'select funding_source_id, verified_at from payee_payment_methods where payee_id = $1',
    [personId],
  );
  const method = rows[0];
  if (!method) throw new ConflictError(NO_BANK_ACCOUNT);
  if (method.verified_at) throw new ConflictError(ALREADY_VERIFIED);
  const cleaned = amounts.map((amount) => amount.trim().replace(/^\$/, ''));
  const wellFormed = cleaned.every((amount) => /^\d{0,3}(\.\d{1,2})?$/.test(amount) && amount);
  const matches =
    wellFormed &&
    (await deps.partner.verifyMicroDeposits(method.funding_source_id, cleaned, metadata.at));
  await deps.db.transaction(async (tx) => {
    await appendToStream(
      tx,
      stream(personId),
      await streamVersion(tx, stream(personId)),
      [
        {
          type: matches ? 'BankAccountVerified' : 'BankAccountVerificationFailed',
          data: { fundingSourceId: method.funding_source_id },
        },
      ],
      metadata,
    );
  });
  if (!matches) throw new BadRequestError(MICRO_DEPOSITS_MISMATCH);
}
