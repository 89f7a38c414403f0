// A payee's bank details by the country of the bank: a US routing and account number, a UK sort
// code and account number, or an IBAN (with its BIC outside the SEPA area). The browser and the
// server check alike; the server answers with the texts below, the browser shows them in the
// reader's language (the texts are in bankAccount.ts, which the page of texts loads without the
// IBAN checker).
import {
  electronicFormatIBAN,
  getCountrySpecifications,
  isSEPACountry,
  isValidBIC,
  isValidIBAN,
} from 'ibantools';
import {
  ACCOUNT_NUMBER_INVALID,
  BANK_COUNTRY_NOT_TAKEN,
  BIC_INVALID,
  BIC_REQUIRED,
  IBAN_INVALID,
  isValidAccountNumber,
  isValidRoutingNumber,
  ROUTING_NUMBER_INVALID,
  SORT_CODE_INVALID,
  UK_ACCOUNT_NUMBER_INVALID,
} from './bankAccount';
import type { BankDetails, BankScheme, PayeeAccountKind } from './paymentRails';

/** Where US routing (ABA) numbers reach: the states and the territories on the ACH network. */
const ABA_COUNTRIES: readonly string[] = ['US', 'PR', 'GU', 'VI', 'AS', 'MP'];
/** Where banks are known by sort code: the UK and the Crown Dependencies. */
const SORT_CODE_COUNTRIES: readonly string[] = ['GB', 'GG', 'JE', 'IM'];

/**
 * How accounts of banks in `country` (ISO 3166-1 alpha-2) are identified, or null when the portal
 * takes none there (no routing number, sort code or IBAN).
 */
export function bankSchemeOf(country: string): BankScheme | null {
  if (ABA_COUNTRIES.includes(country)) return 'aba';
  if (SORT_CODE_COUNTRIES.includes(country)) return 'sortcode';
  return getCountrySpecifications()[country]?.IBANRegistry ? 'iban' : null;
}

/** Whether SEPA credit transfers reach banks of `country`. */
export const isSepaCountry = (country: string): boolean => isSEPACountry(country);

/** A sort code as typed (12-34-56, 12 34 56 or 123456), as its 6 digits. */
export const normalSortCode = (value: string): string => value.replace(/[\s-]/g, '');

export const isValidSortCode = (value: string): boolean => /^\d{6}$/.test(normalSortCode(value));

/** A sort code as banks print it: 12-34-56. */
export const formatSortCode = (value: string): string =>
  normalSortCode(value).replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');

/** SPEC section 5's account number is the US one; a UK account number has 8 digits. */
export const isValidUkAccountNumber = (value: string): boolean => /^\d{8}$/.test(value.trim());

/** An IBAN as typed, printed (DE89 3704 0044 …) or electronic, in its electronic form. */
export const normalIban = (value: string): string => electronicFormatIBAN(value.trim()) ?? '';

export const isValidIban = (value: string): boolean => isValidIBAN(normalIban(value));

/** The country of an IBAN's bank: its first two letters (ISO 13616). */
export const ibanCountryOf = (iban: string): string => normalIban(iban).slice(0, 2);

export const normalBic = (value: string): string => value.replace(/\s/g, '').toUpperCase();

export const isValidBic = (value: string): boolean => isValidBIC(normalBic(value));

/** A SEPA bank is reached by its IBAN alone; a bank outside SEPA needs its BIC too. */
export const bicRequired = (ibanCountry: string): boolean => !isSepaCountry(ibanCountry);

/** The field of the form a problem is shown beside. */
export type BankDetailsField =
  'country' | 'routingNumber' | 'accountNumber' | 'sortCode' | 'iban' | 'bic';

/** Bank details in the form people type them: spaces, dashes, small letters. */
export type TypedBankDetails =
  | {
      scheme: 'aba';
      routingNumber: string;
      accountNumber: string;
      accountType: 'checking' | 'savings';
    }
  | { scheme: 'sortcode'; sortCode: string; accountNumber: string }
  | { scheme: 'iban'; iban: string; bic: string };

/** The details as they are kept: digits only, the IBAN electronic, no BIC when none was typed. */
export function normalBankDetails(typed: TypedBankDetails): BankDetails {
  switch (typed.scheme) {
    case 'aba':
      return {
        scheme: 'aba',
        routingNumber: typed.routingNumber.trim(),
        accountNumber: typed.accountNumber.trim(),
        accountType: typed.accountType,
      };
    case 'sortcode':
      return {
        scheme: 'sortcode',
        sortCode: normalSortCode(typed.sortCode),
        accountNumber: typed.accountNumber.trim(),
      };
    case 'iban':
      return {
        scheme: 'iban',
        iban: normalIban(typed.iban),
        bic: normalBic(typed.bic) || null,
      };
  }
}

/**
 * What is wrong with the details, field by field, in the order of the form (empty when they can
 * be kept). `country` is the bank's country the person chose; an IBAN names its own.
 */
export function bankDetailsProblems(
  country: string,
  details: BankDetails,
): Partial<Record<BankDetailsField, string>> {
  if (bankSchemeOf(country) !== details.scheme && details.scheme !== 'iban') {
    return { country: BANK_COUNTRY_NOT_TAKEN };
  }
  switch (details.scheme) {
    case 'aba':
      return {
        ...(isValidRoutingNumber(details.routingNumber)
          ? {}
          : { routingNumber: ROUTING_NUMBER_INVALID }),
        ...(isValidAccountNumber(details.accountNumber)
          ? {}
          : { accountNumber: ACCOUNT_NUMBER_INVALID }),
      };
    case 'sortcode':
      return {
        ...(isValidSortCode(details.sortCode) ? {} : { sortCode: SORT_CODE_INVALID }),
        ...(isValidUkAccountNumber(details.accountNumber)
          ? {}
          : { accountNumber: UK_ACCOUNT_NUMBER_INVALID }),
      };
    case 'iban': {
      if (!isValidIban(details.iban)) return { iban: IBAN_INVALID };
      if (details.bic === null) {
        return bicRequired(ibanCountryOf(details.iban)) ? { bic: BIC_REQUIRED } : {};
      }
      return isValidBic(details.bic) ? {} : { bic: BIC_INVALID };
    }
  }
}

/** The country of the account's bank: an IBAN's own, else the one chosen. */
export const bankCountryOf = (country: string, details: BankDetails): string =>
  details.scheme === 'iban' ? ibanCountryOf(details.iban) : country;

/** What decides how the account is paid (rules/paymentRails.ts payoutMethodFor). */
export const accountKindOf = (scheme: BankScheme, bankCountry: string): PayeeAccountKind => ({
  scheme,
  sepa: scheme === 'iban' && isSepaCountry(bankCountry),
});
