// Static translation keys of the tax forms, so the locale check finds each, and the server's
// refusals in the reader's language.
import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import {
  TAX_FORM_MESSAGES,
  TAX_FORM_SIGNER_ONLY,
  type TaxFormKind,
  type TaxFormStatus,
} from '../../rules/taxForms';

export const KIND_KEYS: Record<TaxFormKind, string> = {
  w9: 'tax-forms.kind.w9',
  w8ben: 'tax-forms.kind.w8ben',
  'w8ben-e': 'tax-forms.kind.w8ben-e',
};

export const STATUS_KEYS: Record<TaxFormStatus, string> = {
  valid: 'tax-forms.status.valid',
  missing: 'tax-forms.status.missing',
  expired: 'tax-forms.status.expired',
};

export const TEXT_KEYS: Record<TaxFormKind, string> = {
  w9: 'tax-forms.text.w9',
  w8ben: 'tax-forms.text.w8ben',
  'w8ben-e': 'tax-forms.text.w8ben-e',
};

export const CHAPTER3_KEYS: Record<string, string> = {
  corporation: 'tax-forms.chapter3.corporation',
  partnership: 'tax-forms.chapter3.partnership',
  'disregarded-entity': 'tax-forms.chapter3.disregarded-entity',
  'simple-trust': 'tax-forms.chapter3.simple-trust',
  'grantor-trust': 'tax-forms.chapter3.grantor-trust',
  'complex-trust': 'tax-forms.chapter3.complex-trust',
  estate: 'tax-forms.chapter3.estate',
  government: 'tax-forms.chapter3.government',
  'central-bank': 'tax-forms.chapter3.central-bank',
  'tax-exempt-organization': 'tax-forms.chapter3.tax-exempt-organization',
  'private-foundation': 'tax-forms.chapter3.private-foundation',
  'international-organization': 'tax-forms.chapter3.international-organization',
};

const ERROR_KEYS: Readonly<Record<string, string>> = {
  [TAX_FORM_MESSAGES.required]: 'tax-forms.errors.required',
  [TAX_FORM_MESSAGES.country]: 'tax-forms.errors.country',
  [TAX_FORM_MESSAGES.tin]: 'tax-forms.errors.tin',
  [TAX_FORM_MESSAGES.tinMissing]: 'tax-forms.errors.tin-missing',
  [TAX_FORM_MESSAGES.foreignAddress]: 'tax-forms.errors.foreign-address',
  [TAX_FORM_MESSAGES.chapter3]: 'tax-forms.errors.chapter3',
  [TAX_FORM_MESSAGES.treatyRate]: 'tax-forms.errors.treaty-rate',
  [TAX_FORM_MESSAGES.treatyArticle]: 'tax-forms.errors.treaty-article',
  [TAX_FORM_MESSAGES.certify]: 'tax-forms.errors.certify',
  [TAX_FORM_MESSAGES.signer]: 'tax-forms.errors.signer',
  [TAX_FORM_MESSAGES.kind]: 'tax-forms.errors.kind',
  [TAX_FORM_SIGNER_ONLY]: 'tax-forms.errors.signer-only',
};

/** A refusal in the reader's language: a known server text translated, else as written. */
export function taxFormFailure(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('tax-forms.errors.unexpected');
  const key = ERROR_KEYS[error.message];
  return key ? t(key) : error.message;
}
