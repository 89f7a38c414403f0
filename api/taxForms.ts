// A payee's tax form (W-9, W-8BEN, W-8BEN-E), the label's view of its payees' forms, and the
// year-end figures (1099-MISC, 1042-S). No answer here carries a TIN: the payee reads the last 4
// digits of their own; only the accountant's 1099-MISC CSV carries the number.
import { Type, type Static } from 'typebox';
import { CHAPTER3_STATUSES, TAX_FORM_KINDS, TAX_FORM_STATUSES } from '../rules/taxForms';
import type { TaxFormKind, TaxFormStatus } from '../rules/taxForms';
import { Address } from './address';
import { EpochSeconds } from './common';

const Kind = Type.Unsafe<TaxFormKind>({ type: 'string', enum: [...TAX_FORM_KINDS] });
const Status = Type.Unsafe<TaxFormStatus>({ type: 'string', enum: [...TAX_FORM_STATUSES] });
const NullableEpoch = Type.Union([EpochSeconds, Type.Null()]);

export const TreatyClaim = Type.Object(
  {
    /** The treaty country, ISO 3166-1 alpha-2. */
    country: Type.String({ maxLength: 2 }),
    article: Type.String({ maxLength: 40 }),
    /** The withholding rate claimed, a percentage as a decimal string (0 to 30). */
    rate: Type.String({ maxLength: 6 }),
  },
  { additionalProperties: false },
);
export type TreatyClaim = Static<typeof TreatyClaim>;

export const TaxFormInput = Type.Object(
  {
    kind: Kind,
    /** The payee's name as on their tax return, or the entity's name. */
    name: Type.String({ maxLength: 200 }),
    /** W-9: the SSN or EIN; empty keeps the one on file (the person's SSN, the business's EIN). */
    tin: Type.String({ maxLength: 20 }),
    address: Address,
    /** W-8BEN: country of citizenship; W-8BEN-E: country of organization; empty for a W-9. */
    country: Type.String({ maxLength: 2 }),
    /** W-8BEN-E only: the entity's chapter 3 status. */
    chapter3Status: Type.String({ maxLength: 40 }),
    /** W-8 only: the treaty benefit claimed, or none. */
    treaty: Type.Union([TreatyClaim, Type.Null()]),
    /** The signer's typed name. */
    signerName: Type.String({ maxLength: 200 }),
    /** The signer certifies the form's words under penalties of perjury. */
    certify: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type TaxFormInput = Static<typeof TaxFormInput>;

/** A form as signed, for its payee: the TIN as its last 4 digits only. */
export const TaxForm = Type.Object({
  id: Type.String(),
  kind: Kind,
  name: Type.String(),
  address: Address,
  country: Type.String(),
  chapter3Status: Type.String(),
  treaty: Type.Union([TreatyClaim, Type.Null()]),
  tinKind: Type.Union([Type.Literal('ssn'), Type.Literal('ein'), Type.Null()]),
  tinLast4: Type.Union([Type.String(), Type.Null()]),
  signerName: Type.String(),
  signedAt: EpochSeconds,
  /** The words signed, and their version. */
  text: Type.String(),
  textVersion: Type.Integer(),
  /** When a W-8 stops being valid; null for a W-9. */
  expiresAt: NullableEpoch,
  /** When a newer form replaced it; null for the current one. */
  supersededAt: NullableEpoch,
});
export type TaxForm = Static<typeof TaxForm>;

/** A payee's year-end copy: one per label that paid them in the year. */
export const TaxDocument = Type.Object({
  year: Type.Integer(),
  form: Type.Union([Type.Literal('1099-MISC'), Type.Literal('1042-S')]),
  payer: Type.String(),
  currency: Type.String(),
  amount: Type.String({ description: 'Exact decimal amount' }),
});
export type TaxDocument = Static<typeof TaxDocument>;

/** What the payee reads of their tax forms. */
export const TaxFormAnswer = Type.Object({
  /** The form asked of them, by their country on file and whether they are paid as a business. */
  asked: Kind,
  business: Type.Boolean(),
  status: Status,
  current: Type.Union([TaxForm, Type.Null()]),
  /** Every form signed, newest first, the current one included. */
  history: Type.Array(TaxForm),
  /** The TIN on file the W-9 can use: its kind and last 4 digits. */
  tinOnFile: Type.Union([
    Type.Object({
      kind: Type.Union([Type.Literal('ssn'), Type.Literal('ein')]),
      last4: Type.String(),
    }),
    Type.Null(),
  ]),
  /** What the form starts with: the name and address on file. */
  prefill: Type.Object({ name: Type.String(), address: Address }),
  /** The statuses a W-8BEN-E offers. */
  chapter3Statuses: Type.Array(
    Type.Unsafe<string>({ type: 'string', enum: [...CHAPTER3_STATUSES] }),
  ),
  documents: Type.Array(TaxDocument),
  /** The words the payee signs for each form, in the version in force. */
  texts: Type.Object({ w9: Type.String(), w8ben: Type.String(), 'w8ben-e': Type.String() }),
});
export type TaxFormAnswer = Static<typeof TaxFormAnswer>;

/** One payee's form, as their label reads it: never the TIN. */
export const PayeeTaxFormStatus = Type.Object({
  payeeId: Type.String(),
  name: Type.String(),
  kind: Type.Union([Kind, Type.Null()]),
  status: Status,
  signedAt: NullableEpoch,
  expiresAt: NullableEpoch,
});
export type PayeeTaxFormStatus = Static<typeof PayeeTaxFormStatus>;

export const PayeeTaxFormStatuses = Type.Object({ items: Type.Array(PayeeTaxFormStatus) });
export type PayeeTaxFormStatuses = Static<typeof PayeeTaxFormStatuses>;

export const TaxYearQuery = Type.Object(
  { year: Type.Integer({ minimum: 2000, maximum: 2999 }) },
  { additionalProperties: false },
);
export type TaxYearQuery = Static<typeof TaxYearQuery>;

export const TaxYearParams = Type.Object({ year: Type.Integer({ minimum: 2000, maximum: 2999 }) });
