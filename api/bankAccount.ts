// A person's bank account for payments (SPEC sections 3 "Payment", 4 micro-deposits, 5 numbers).
import { Type, type Static } from 'typebox';
import { bankAccountTypes, type BankAccountType } from '../rules/bankAccount';
import { LANGUAGES, type Language } from '../rules/languages';
import {
  bankSchemes,
  paymentRails,
  payoutMethods,
  type BankScheme,
  type PaymentRail,
  type PayoutMethod,
} from '../rules/paymentRails';

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

const Scheme = Type.Unsafe<BankScheme>(Type.Union(bankSchemes.map((value) => Type.Literal(value))));
const Rail = Type.Unsafe<PaymentRail>(Type.Union(paymentRails.map((value) => Type.Literal(value))));
const Method = Type.Unsafe<PayoutMethod>(
  Type.Union(payoutMethods.map((value) => Type.Literal(value))),
);

/**
 * How the portal pays this account in one currency (rules/paymentRails.ts payoutMethodFor): an
 * ACH transfer, a SEPA credit transfer, the portal's payment partner, or null when it cannot.
 */
export const CurrencyPayout = Type.Object({
  currency: Type.String(),
  method: Type.Union([Method, Type.Null()]),
});
export type CurrencyPayout = Static<typeof CurrencyPayout>;

/**
 * What anybody, admins included, reads of a bank account: the last 4 characters of its number
 * or IBAN, and what identifies the bank (routing number, sort code, BIC).
 */
export const BankAccount = Type.Object({
  /** How the bank is identified: US routing number, UK sort code, or IBAN. */
  scheme: Scheme,
  /** The bank's country (ISO 3166-1 alpha-2); an IBAN's is its first two letters. */
  country: Type.String(),
  /** US accounts only. */
  routingNumber: Type.Union([Type.String(), Type.Null()]),
  /** UK accounts only: 6 digits. */
  sortCode: Type.Union([Type.String(), Type.Null()]),
  /** IBAN accounts: the bank's BIC, when given. */
  bic: Type.Union([Type.String(), Type.Null()]),
  last4: Type.String(),
  /** US accounts only. */
  accountType: Type.Union([AccountType, Type.Null()]),
  status: Type.Unsafe<BankAccountStatus>(
    Type.Union(bankAccountStatuses.map((value) => Type.Literal(value))),
  ),
  /** The bank the payment partner found for the routing number; null when it cannot tell. */
  bankName: Type.Union([Type.String(), Type.Null()]),
  addedAt: Type.Integer(),
  microDepositsSentAt: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * While waiting for confirmation: when the deposits are in the bank, as the rail knows it (the
   * sandbox's delay; SPEC's 24 to 48 hours for a partner that does not say); null when nobody
   * knows (bank files: once the label sends the file they are in).
   */
  microDepositsExpected: Type.Union([
    Type.Object({ from: Type.Integer(), to: Type.Integer() }),
    Type.Null(),
  ]),
  /** While waiting: the deposits go out in the label's next bank file (the bank-file rail). */
  microDepositsInBankFile: Type.Boolean(),
  /** Wrong pairs of amounts that may still be entered before the account must be added again. */
  triesLeft: Type.Integer({ minimum: 0 }),
  verifiedAt: Type.Union([Type.Integer(), Type.Null()]),
  /** How each currency the person is paid in reaches this account. */
  payoutMethods: Type.Array(CurrencyPayout),
});
export type BankAccount = Static<typeof BankAccount>;

export const BankAccountAnswer = Type.Object({
  bankAccount: Type.Union([BankAccount, Type.Null()]),
  /**
   * With the sandbox partner: the two amounts its test bank deposited, once they reached the
   * bank, so they can be entered.
   */
  testDeposits: Type.Union([Type.Array(Type.String()), Type.Null()]),
  /** How this portal pays (PAYMENT_RAIL), for the form to say how a new account would be paid. */
  rail: Rail,
  /** The currencies the person is paid in, or their labels' when they have not been paid yet. */
  currencies: Type.Array(Type.String()),
});
export type BankAccountAnswer = Static<typeof BankAccountAnswer>;

const Password = Type.String({ maxLength: 200 });

/**
 * A new bank account, by the bank's country: a US account (the scheme may be left out, as the
 * portal's first form sent it), a UK one, or an IBAN. The person's password is asked again: where
 * money goes is changed by its owner only.
 */
export const NewBankAccount = Type.Union([
  Type.Object(
    {
      scheme: Type.Optional(Type.Literal('aba')),
      /** The bank's country; the US when left out. */
      country: Type.Optional(Type.String({ maxLength: 2 })),
      routingNumber: Type.String({ maxLength: 40 }),
      accountNumber: Type.String({ maxLength: 40 }),
      accountType: AccountType,
      password: Password,
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      scheme: Type.Literal('sortcode'),
      /** The bank's country; the UK when left out. */
      country: Type.Optional(Type.String({ maxLength: 2 })),
      sortCode: Type.String({ maxLength: 40 }),
      accountNumber: Type.String({ maxLength: 40 }),
      password: Password,
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      scheme: Type.Literal('iban'),
      /** The IBAN names its bank's country; this one, when sent, is the one the person chose. */
      country: Type.Optional(Type.String({ maxLength: 2 })),
      iban: Type.String({ maxLength: 60 }),
      /** Required where the IBAN's country is outside SEPA; empty or left out otherwise. */
      bic: Type.Optional(Type.String({ maxLength: 20 })),
      password: Password,
    },
    { additionalProperties: false },
  ),
]);
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
