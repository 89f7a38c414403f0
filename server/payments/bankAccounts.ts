import { epochSeconds } from '../../api/common';
import type { BankAccount, CurrencyPayout, NewBankAccount } from '../../api/bankAccount';
import {
  MICRO_DEPOSIT_TRIES,
  MICRO_DEPOSITS_EARLIEST_HOURS,
  MICRO_DEPOSITS_LATEST_HOURS,
  MICRO_DEPOSITS_LOCKED,
  MICRO_DEPOSITS_MISMATCH,
  MICRO_DEPOSITS_NOT_ARRIVED,
  PASSWORD_NEEDED,
} from '../../rules/bankAccount';
import {
  accountKindOf,
  bankCountryOf,
  bankDetailsProblems,
  normalBankDetails,
  type TypedBankDetails,
} from '../../rules/bankDetails';
import {
  accountNumberOf,
  payoutMethodFor,
  type BankScheme,
  type PaymentRail,
} from '../../rules/paymentRails';
import { verifyPassword } from '../auth/passwords';
import { translator } from '../i18n';
import type { Database, Queryable } from '../db/database';
import { BadRequestError, ConflictError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata } from '../events/types';
import { encrypt } from '../dataKey';
import type { PaymentPartner } from './partner';

export const NO_BANK_ACCOUNT = 'Add a bank account first.';
export const ALREADY_VERIFIED = 'This bank account is verified already.';

const stream = (personId: string) => `bankaccount-${personId}`;

const HOUR = 60 * 60;

/**
 * The currencies a person is paid in: those of their payments, and of their labels' statements
 * (what they will be paid in); their own display currency before either exists.
 */
export async function currenciesOf(db: Queryable, personId: string): Promise<string[]> {
  const rows = await db.query<{ currency: string }>(
    `select currency from payments where payee_id = $1
     union
     select s.currency from statements s join account_payees a on a.account_id = s.account_id
      where a.user_id = $1 and s.currency is not null
     order by currency`,
    [personId],
  );
  if (rows.length > 0) return rows.map((row) => row.currency);
  const own = await db.query<{ currency: string }>('select currency from users where id = $1', [
    personId,
  ]);
  return [own[0]?.currency ?? 'USD'];
}

/** How each of `currencies` reaches an account of this scheme and country under `rail`. */
export const payoutMethodsOf = (
  rail: PaymentRail,
  currencies: readonly string[],
  scheme: BankScheme,
  country: string,
): CurrencyPayout[] =>
  currencies.map((currency) => ({
    currency,
    method: payoutMethodFor(rail, currency, accountKindOf(scheme, country)),
  }));

/** SPEC section 9's 24 to 48 hours, for a partner that does not say when its deposits arrive. */
const specWindow = (sent: number) => ({
  from: sent + MICRO_DEPOSITS_EARLIEST_HOURS * HOUR,
  to: sent + MICRO_DEPOSITS_LATEST_HOURS * HOUR,
});

export async function readBankAccount(
  db: Queryable,
  personId: string,
  rail: PaymentRail,
  partner: Pick<PaymentPartner, 'microDepositsDue'>,
): Promise<BankAccount | null> {
  const rows = await db.query<{
    scheme: BankScheme;
    bank_country: string;
    routing_number: string | null;
    sort_code: string | null;
    bic: string | null;
    last4: string;
    account_type: BankAccount['accountType'];
    bank_name: string | null;
    added_at: Date | string;
    micro_deposits_sent_at: Date | string | null;
    verified_at: Date | string | null;
    failed_verifications: number;
    verification_locked_at: Date | string | null;
  }>(
    `select scheme, bank_country, routing_number, sort_code, bic, last4, account_type, bank_name,
            added_at, micro_deposits_sent_at, verified_at, failed_verifications,
            verification_locked_at
       from payee_payment_methods where payee_id = $1`,
    [personId],
  );
  const row = rows[0];
  if (!row) return null;
  const status = row.verified_at
    ? 'verified'
    : row.verification_locked_at
      ? 'verification-failed'
      : 'verification-pending';
  const sent = epochSeconds(row.micro_deposits_sent_at);
  return {
    scheme: row.scheme,
    country: row.bank_country,
    routingNumber: row.routing_number,
    sortCode: row.sort_code,
    bic: row.bic,
    last4: row.last4,
    accountType: row.account_type,
    status,
    bankName: row.bank_name,
    addedAt: epochSeconds(row.added_at) ?? 0,
    microDepositsSentAt: sent,
    microDepositsExpected:
      status === 'verification-pending' && sent !== null
        ? partner.microDepositsDue
          ? partner.microDepositsDue(sent)
          : specWindow(sent)
        : null,
    microDepositsInBankFile: status === 'verification-pending' && rail === 'bankfile',
    triesLeft: Math.max(0, MICRO_DEPOSIT_TRIES - Number(row.failed_verifications)),
    verifiedAt: epochSeconds(row.verified_at),
    payoutMethods: payoutMethodsOf(
      rail,
      await currenciesOf(db, personId),
      row.scheme,
      row.bank_country,
    ),
  };
}

/** The partner's id of the person's bank account, to ask after its micro-deposits. */
export async function fundingSourceOf(db: Queryable, personId: string): Promise<string | null> {
  const rows = await db.query<{ funding_source_id: string }>(
    'select funding_source_id from payee_payment_methods where payee_id = $1',
    [personId],
  );
  return rows[0]?.funding_source_id ?? null;
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
  const typed: TypedBankDetails =
    account.scheme === 'iban'
      ? { scheme: 'iban', iban: account.iban, bic: account.bic ?? '' }
      : account.scheme === 'sortcode'
        ? { scheme: 'sortcode', sortCode: account.sortCode, accountNumber: account.accountNumber }
        : {
            scheme: 'aba',
            routingNumber: account.routingNumber,
            accountNumber: account.accountNumber,
            accountType: account.accountType,
          };
  const details = normalBankDetails(typed);
  const chosen = account.country ?? (details.scheme === 'sortcode' ? 'GB' : 'US');
  const [problem] = Object.values(bankDetailsProblems(chosen, details));
  if (problem) throw new BadRequestError(problem);
  const country = bankCountryOf(chosen, details);
  const number = accountNumberOf(details);
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
    {
      personId,
      holderName: owner.fullname,
      details,
    },
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
            scheme: details.scheme,
            country,
            routingNumber: details.scheme === 'aba' ? details.routingNumber : null,
            sortCode: details.scheme === 'sortcode' ? details.sortCode : null,
            bic: details.scheme === 'iban' ? details.bic : null,
            accountNumberEncrypted: encrypt(deps.dataKey(), number),
            last4: number.slice(-4),
            accountType: details.scheme === 'aba' ? details.accountType : null,
            bankName: source.bankName,
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
          t('email.bank-account.body', { name: owner.fullname, last4: number.slice(-4) }),
          metadata.at.toISOString(),
        ],
      );
    }
  });
}

/**
 * The person confirms the two micro-deposits. Before they reached the bank there is nothing to
 * compare and no try is used. A wrong pair is kept in the log and refused with SPEC's text; the
 * MICRO_DEPOSIT_TRIES-th wrong pair makes the partner drop the account, which must be added again.
 */
export async function verifyBankAccount(
  deps: BankAccountDeps,
  personId: string,
  amounts: string[],
  metadata: EventMetadata,
): Promise<void> {
  const rows = await deps.db.query<{
    funding_source_id: string;
    verified_at: unknown;
    verification_locked_at: unknown;
  }>(
    `select funding_source_id, verified_at, verification_locked_at
       from payee_payment_methods where payee_id = $1`,
    [personId],
  );
  const method = rows[0];
  if (!method) throw new ConflictError(NO_BANK_ACCOUNT);
  if (method.verified_at) throw new ConflictError(ALREADY_VERIFIED);
  if (method.verification_locked_at) throw new ConflictError(MICRO_DEPOSITS_LOCKED);
  const cleaned = amounts.map((amount) => amount.trim().replace(/^\$/, ''));
  const wellFormed = cleaned.every((amount) => /^\d{0,3}(\.\d{1,2})?$/.test(amount) && amount);
  // Text that is no amount is a typing slip, not a try: nothing was compared.
  if (!wellFormed) throw new BadRequestError(MICRO_DEPOSITS_MISMATCH);
  const check = await deps.partner.verifyMicroDeposits(
    method.funding_source_id,
    cleaned,
    metadata.at,
  );
  if (check === 'not-arrived') throw new ConflictError(MICRO_DEPOSITS_NOT_ARRIVED);
  const locked = await deps.db.transaction(async (tx) => {
    const counted = await tx.query<{ failed_verifications: number }>(
      'select failed_verifications from payee_payment_methods where payee_id = $1 for update',
      [personId],
    );
    const tries = Number(counted[0]?.failed_verifications ?? 0) + 1;
    const fundingSourceId = method.funding_source_id;
    const lastTry = check === 'mismatch' && tries >= MICRO_DEPOSIT_TRIES;
    await appendToStream(
      tx,
      stream(personId),
      await streamVersion(tx, stream(personId)),
      check === 'verified'
        ? [{ type: 'BankAccountVerified', data: { fundingSourceId } }]
        : [
            { type: 'BankAccountVerificationFailed', data: { fundingSourceId } },
            ...(lastTry
              ? [
                  {
                    type: 'BankAccountVerificationLocked' as const,
                    data: { fundingSourceId, tries },
                  },
                ]
              : []),
          ],
      metadata,
    );
    return lastTry;
  });
  if (locked) {
    await deps.partner.removeFundingSource(method.funding_source_id, metadata.at);
    throw new BadRequestError(MICRO_DEPOSITS_LOCKED);
  }
  if (check === 'mismatch') throw new BadRequestError(MICRO_DEPOSITS_MISMATCH);
}
