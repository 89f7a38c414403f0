// Bank files (PAYMENT_RAIL=bankfile): the files a payment batch writes for the label to upload to
// its own bank, their download and submission, and the bank's return files uploaded back.
// Money is exact decimal text.
import { Type, type Static } from 'typebox';
import { EpochSeconds, FileBytes, ListOf } from './common';

// Typed as the union of the values: a union built from a mapped array infers as never.
const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

const Decimal = Type.String({ maxLength: 40, description: 'Exact decimal amount' });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableEpoch = Type.Union([EpochSeconds, Type.Null()]);

/** The format of a bank file: NACHA ACH (USD) or SEPA Credit Transfer pain.001 (EUR). */
export const bankFileFormats = ['nacha', 'sepa'] as const;
export type BankFileFormat = (typeof bankFileFormats)[number];

/** Open: written, not yet sent to the bank (its payments can still be cancelled); submitted: sent. */
export const bankFileStatuses = ['open', 'submitted'] as const;
export type BankFileStatus = (typeof bankFileStatuses)[number];

export const BankFile = Type.Object({
  id: Type.String(),
  format: literals(bankFileFormats),
  currency: Type.String(),
  /** The name the file downloads as, e.g. royalties-2026-11-29-A.ach. */
  fileName: Type.String(),
  createdAt: EpochSeconds,
  /** Payments in the file. */
  payments: Type.Integer({ minimum: 0 }),
  /** Credits in the file: its payments and the micro-deposits that prove new bank accounts. */
  entries: Type.Integer({ minimum: 1 }),
  /** The sum of every credit in the file. */
  total: Decimal,
  status: literals(bankFileStatuses),
  /** The first download: when and by whom (a name). */
  downloadedAt: NullableEpoch,
  downloadedBy: NullableString,
  submittedAt: NullableEpoch,
  submittedBy: NullableString,
});
export type BankFile = Static<typeof BankFile>;

export const BankFileList = ListOf(BankFile);
export type BankFileList = Static<typeof BankFileList>;

/** POST /api/bank-files/returns as multipart/form-data: the bank's return file in `file`. */
export const BankReturnParts = Type.Object({ file: FileBytes });

/**
 * What became of one return in an uploaded file: the payment went back (returned), the same
 * return was applied before (already-returned), no payment of any file has this reference
 * (not-found), or it is in another label's file (not-this-label: nothing of it is shown).
 */
export const bankReturnOutcomes = [
  'returned',
  'already-returned',
  'not-found',
  'not-this-label',
] as const;
export type BankReturnOutcome = (typeof bankReturnOutcomes)[number];

export const AppliedBankReturn = Type.Object({
  /** The reference as the bank's file gives it: a trace number, an end-to-end id or a message id. */
  reference: Type.String(),
  /** The bank's reason code (R01, AC04...). */
  code: Type.String(),
  outcome: literals(bankReturnOutcomes),
  /** Null unless the payment is this label's. */
  paymentId: NullableString,
  payeeName: NullableString,
  amount: Type.Union([Decimal, Type.Null()]),
  currency: NullableString,
});
export type AppliedBankReturn = Static<typeof AppliedBankReturn>;

export const BankReturnsApplied = Type.Object({
  returns: Type.Array(AppliedBankReturn),
});
export type BankReturnsApplied = Static<typeof BankReturnsApplied>;
