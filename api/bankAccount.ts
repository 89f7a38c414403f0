// A person's bank account for payments (SPEC sections 3 "Payment", 4 micro-deposits, 5 numbers).
import { Type, type Static } from 'typebox';
import { bankAccountTypes, type BankAccountType } from '../rules/bankAccount';
import { LANGUAGES, type Language } from '../rules/languages';

const AccountType = Type.Unsafe<BankAccountType>(
  Type.Union(bankAccountTypes.map((value) => Type.Literal(value))),
);

/**
 * Verified once the two micro-deposits are confirmed; only verified accounts are paid. After too
 * many wrong tries verification failed for good: the account must be added again.
 */
export const bankAccountStatuses = [
  'verification-pending',
  'verified',
  'verification-failed',
] as const;
export type BankAccountStatus = (typeof bankAccountStatuses)[number];

/** What anybody, admins included, reads of a bank account: the last 4 digits of its number. */
export const BankAccount = Type.Object({
  routingNumber: Type.String(),
  last4: Type.String(),
  accountType: AccountType,
  status: Type.Unsafe<BankAccountStatus>(
    Type.Union(bankAccountStatuses.map((value) => Type.Literal(value))),
  ),
  /** The bank the payment partner found for the routing number; null when it cannot tell. */
  bankName: Type.Union([Type.String(), Type.Null()]),
  addedAt: Type.Integer(),
  microDepositsSentAt: Type.Union([Type.Integer(), Type.Null()]),
  /** While waiting for confirmation: when the deposits should be in the bank (24 to 48 hours). */
  microDepositsExpected: Type.Union([
    Type.Object({ from: Type.Integer(), to: Type.Integer() }),
    Type.Null(),
  ]),
  /** Wrong pairs of amounts that may still be entered before the account must be added again. */
  triesLeft: Type.Integer({ minimum: 0 }),
  verifiedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type BankAccount = Static<typeof BankAccount>;

export const BankAccountAnswer = Type.Object({
  bankAccount: Type.Union([BankAccount, Type.Null()]),
  /**
   * With the sandbox partner: the two amounts its test bank deposited, once they reached the
   * bank, so they can be entered.
   */
  testDeposits: Type.Union([Type.Array(Type.String()), Type.Null()]),
});
export type BankAccountAnswer = Static<typeof BankAccountAnswer>;

export const NewBankAccount = Type.Object(
  {
    routingNumber: Type.String({ maxLength: 40 }),
    accountNumber: Type.String({ maxLength: 40 }),
    accountType: AccountType,
    /** The person's password, asked again: where money goes is changed by its owner only. */
    password: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type NewBankAccount = Static<typeof NewBankAccount>;

export const MicroDepositAmounts = Type.Object(
  {
    amounts: Type.Array(Type.String({ maxLength: 20 }), { minItems: 2, maxItems: 2 }),
  },
  { additionalProperties: false },
);
export type MicroDepositAmounts = Static<typeof MicroDepositAmounts>;

/** What one accepted of the payment terms: the version, when, and the language it was shown in. */
export const PaymentTermsAcceptance = Type.Object({
  version: Type.String(),
  acceptedAt: Type.Integer(),
  language: Type.String(),
  /** True when an admin emulating the person accepted for them. */
  byAdmin: Type.Boolean(),
});
export type PaymentTermsAcceptance = Static<typeof PaymentTermsAcceptance>;

/** The terms in force and the caller's last acceptance; payments wait until it is the current. */
export const PaymentTermsAnswer = Type.Object({
  current: Type.String({ description: 'The version of the payment terms in force' }),
  accepted: Type.Union([PaymentTermsAcceptance, Type.Null()]),
});
export type PaymentTermsAnswer = Static<typeof PaymentTermsAnswer>;

/** The caller accepts the terms of `version`, as shown in `language`. */
export const AcceptPaymentTerms = Type.Object(
  {
    version: Type.String({ minLength: 1, maxLength: 20 }),
    language: Type.Unsafe<Language>(Type.Union(LANGUAGES.map((value) => Type.Literal(value)))),
  },
  { additionalProperties: false },
);
export type AcceptPaymentTerms = Static<typeof AcceptPaymentTerms>;
