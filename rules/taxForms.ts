// Tax forms a payee gives before their first payment (issue 42, "Tax forms"): a W-9 from a US
// person or business, a W-8BEN from an individual abroad, a W-8BEN-E from an entity abroad.
// Checked alike by the form and the server; the words signed are versioned as the business
// certification's are (rules/business.ts).
import { isValidEin } from './business';
import { isCountryCode } from './countries';
import { readSsn } from './personDetails';

export const TAX_FORM_KINDS = ['w9', 'w8ben', 'w8ben-e'] as const;
export type TaxFormKind = (typeof TAX_FORM_KINDS)[number];

/** What a payee's tax form is, as the label and the payee read it. */
export const TAX_FORM_STATUSES = ['valid', 'missing', 'expired'] as const;
export type TaxFormStatus = (typeof TAX_FORM_STATUSES)[number];

/**
 * The form a payee gives: a US person or business a W-9; an individual abroad a W-8BEN; an
 * entity abroad a W-8BEN-E.
 */
export function taxFormFor(payee: { business: boolean; usPerson: boolean }): TaxFormKind {
  if (payee.usPerson) return 'w9';
  return payee.business ? 'w8ben-e' : 'w8ben';
}

/** Whether a form of `kind` answers for a payee who is (or is not) paid as a business. */
export function formFitsPayee(kind: TaxFormKind, business: boolean): boolean {
  return kind === 'w9' || (kind === 'w8ben-e') === business;
}

/**
 * When a form stops being valid: a W-8 at the end of the third calendar year after the year it
 * was signed (IRS rule: signed on 2026-05-01, valid through 2029-12-31); a W-9 does not expire.
 * The instant returned is the first one it is no longer valid (UTC).
 */
export function taxFormExpiry(kind: TaxFormKind, signedAt: Date): Date | null {
  if (kind === 'w9') return null;
  return new Date(Date.UTC(signedAt.getUTCFullYear() + 4, 0, 1));
}

/** The status of a payee's current form at `now`, for a payee paid (or not) as a business. */
export function taxFormStatus(
  form: { kind: TaxFormKind; signedAt: Date } | null,
  business: boolean,
  now: Date,
): TaxFormStatus {
  if (!form || !formFitsPayee(form.kind, business)) return 'missing';
  const expiry = taxFormExpiry(form.kind, form.signedAt);
  return expiry !== null && now.getTime() >= expiry.getTime() ? 'expired' : 'valid';
}

/** The chapter 3 statuses of a W-8BEN-E (its line 4). */
export const CHAPTER3_STATUSES = [
  'corporation',
  'partnership',
  'disregarded-entity',
  'simple-trust',
  'grantor-trust',
  'complex-trust',
  'estate',
  'government',
  'central-bank',
  'tax-exempt-organization',
  'private-foundation',
  'international-organization',
] as const;
export type Chapter3Status = (typeof CHAPTER3_STATUSES)[number];

/** The version of the words signed; a new wording is a new version, and old forms keep theirs. */
export const TAX_FORM_TEXT_VERSION = 1;

export const TAX_FORM_TEXTS: Record<TaxFormKind, string> = {
  w9: 'Under penalties of perjury, I certify that: (1) the number shown on this form is my correct taxpayer identification number; (2) I am not subject to backup withholding because I am exempt from it, or I have not been notified by the Internal Revenue Service that I am subject to it as a result of a failure to report all interest or dividends, or the IRS has notified me that I am no longer subject to it; (3) I am a U.S. citizen or other U.S. person; and (4) the FATCA code(s) entered on this form, if any, indicating that I am exempt from FATCA reporting is correct.',
  w8ben:
    'Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete. I further certify under penalties of perjury that: I am the individual that is the beneficial owner of all the income to which this form relates; I am not a U.S. person; the income to which this form relates is not effectively connected with the conduct of a trade or business in the United States; and I am a resident of the treaty country listed, if any, within the meaning of the income tax treaty between the United States and that country.',
  'w8ben-e':
    'Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete. I further certify under penalties of perjury that: the entity identified on this form is the beneficial owner of all the income to which this form relates; the entity is not a U.S. person; the income to which this form relates is not effectively connected with the conduct of a trade or business in the United States; the entity is a resident of the treaty country listed, if any, and meets the limitation on benefits provision of that treaty; and I have the capacity to sign for the entity identified on this form.',
};

/** What a form's fields refuse, each said once, in English here and translated on screen. */
export const TAX_FORM_MESSAGES = {
  required: 'This field is required.',
  country: 'Choose a country from the list.',
  tin: 'A TIN is 9 digits: an SSN (123-45-6789) or an EIN (12-3456789).',
  tinMissing: 'Enter your SSN or EIN: none is on file for you yet.',
  foreignAddress: 'A W-8 form gives an address outside the United States.',
  chapter3: 'Choose the entity’s status from the list.',
  treatyRate: 'A treaty rate is a percentage from 0 to 30, e.g. 10 or 12.5.',
  treatyArticle: 'Give the treaty article claimed, e.g. 12.',
  certify: 'Tick the certification to sign the form.',
  signer: 'Type your full name to sign.',
  kind: 'This form is not the one for you: a US person gives a W-9, an individual abroad a W-8BEN and an entity abroad a W-8BEN-E.',
} as const;
export type TaxFormMessage = keyof typeof TAX_FORM_MESSAGES;

/** The refusal a signer reads when they are emulated: a form is signed by the payee themself. */
export const TAX_FORM_SIGNER_ONLY = 'A tax form is signed by the payee themself.';

/** A treaty rate as typed: a percentage from 0 to 30 with at most 2 decimals. */
export function isTreatyRate(value: string): boolean {
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(value.trim())) return false;
  return Number(value) <= 30;
}

/**
 * The TIN as typed: an SSN (123-45-6789) or an EIN (12-3456789); 9 digits without dashes are an
 * EIN for a business and an SSN for a person. Null when it is neither a valid SSN nor EIN.
 */
export function readTin(
  value: string,
  business: boolean,
): { kind: 'ssn' | 'ein'; digits: string } | null {
  const typed = value.trim();
  const kind = /^\d{3}-\d{2}-\d{4}$/.test(typed)
    ? 'ssn'
    : /^\d{2}-\d{7}$/.test(typed)
      ? 'ein'
      : /^\d{9}$/.test(typed)
        ? business
          ? 'ein'
          : 'ssn'
        : null;
  if (kind === 'ein') return isValidEin(typed) ? { kind, digits: typed.replace(/-/g, '') } : null;
  if (kind === 'ssn') {
    const reading = readSsn(typed);
    return 'digits' in reading && reading.kind === 'full' ? { kind, digits: reading.digits } : null;
  }
  return null;
}

/** A TIN as the payee's copy prints it: its last 4 digits only. */
export const maskedTin = (last4: string) => `***-**-${last4}`;

export interface TreatyClaimFields {
  country: string;
  article: string;
  rate: string;
}

export interface TaxFormFields {
  kind: TaxFormKind;
  name: string;
  address: { street: string; city: string; country: string };
  /** W-8BEN: country of citizenship. W-8BEN-E: country of organization. */
  country: string;
  chapter3Status: string;
  treaty: TreatyClaimFields | null;
  signerName: string;
  certify: boolean;
}

/** What is wrong with a form, field by field (paths as the API names them). */
export function taxFormProblems(form: TaxFormFields): Record<string, TaxFormMessage> {
  const problems: Record<string, TaxFormMessage> = {};
  if (!form.name.trim()) problems.name = 'required';
  for (const field of ['street', 'city'] as const)
    if (!form.address[field].trim()) problems[`address/${field}`] = 'required';
  const country = form.address.country.trim().toUpperCase();
  if (!isCountryCode(country)) problems['address/country'] = 'country';
  else if (form.kind !== 'w9' && country === 'US') problems['address/country'] = 'foreignAddress';
  if (form.kind !== 'w9') {
    if (!isCountryCode(form.country.trim().toUpperCase())) problems.country = 'country';
    if (form.treaty) {
      if (!isCountryCode(form.treaty.country.trim().toUpperCase()))
        problems['treaty/country'] = 'country';
      if (!form.treaty.article.trim()) problems['treaty/article'] = 'treatyArticle';
      if (!isTreatyRate(form.treaty.rate)) problems['treaty/rate'] = 'treatyRate';
    }
  }
  if (
    form.kind === 'w8ben-e' &&
    !(CHAPTER3_STATUSES as readonly string[]).includes(form.chapter3Status)
  )
    problems.chapter3Status = 'chapter3';
  if (!form.signerName.trim()) problems.signerName = 'signer';
  if (!form.certify) problems.certify = 'certify';
  return problems;
}
