// A business account's details, beneficial owners and certification (SPEC sections 3, 4, 5, 9):
// the checks the browser shows as one types and the server applies before anything is kept.

/** SPEC section 9: every person owning this share or more is a beneficial owner. */
export const BENEFICIAL_OWNER_THRESHOLD_PCT = 25;

export const businessTypes = ['sole-proprietorship', 'llc', 'corporation', 'partnership'] as const;
export type BusinessType = (typeof businessTypes)[number];

/** The industry the business is in, as payment partners ask it. */
export const businessClassifications = [
  'record-label',
  'music-publishing',
  'artist-management',
  'music-production',
  'other-entertainment',
] as const;
export type BusinessClassification = (typeof businessClassifications)[number];

/**
 * The first two digits of an EIN the IRS assigns ("How EINs are assigned and valid EIN
 * prefixes", irs.gov/businesses/small-businesses-self-employed/how-eins-are-assigned-and-valid-ein-prefixes).
 */
const EIN_PREFIX_RANGES: readonly [number, number][] = [
  [1, 6],
  [10, 16],
  [20, 27],
  [30, 48],
  [50, 68],
  [71, 77],
  [80, 88],
  [90, 95],
  [98, 99],
];

/** An EIN's 9 digits, from NN-NNNNNNN or 9 digits written together; null when not so written. */
export function einDigits(value: string): string | null {
  const match = /^(\d{2})-?(\d{7})$/.exec(value.trim());
  return match ? `${match[1]}${match[2]}` : null;
}

/** 9 digits whose prefix is one the IRS assigns. */
export function isValidEin(value: string): boolean {
  const digits = einDigits(value);
  if (!digits) return false;
  const prefix = Number(digits.slice(0, 2));
  return EIN_PREFIX_RANGES.some(([from, to]) => prefix >= from && prefix <= to);
}

/** How an EIN shows once kept: its last 4 digits only. */
export const maskedEin = (last4: string) => `XX-XXX${last4}`;

/** SPEC section 5: the last 4 digits of an SSN are exactly 4 digits. */
export const isSsnLast4 = (value: string) => /^\d{4}$/.test(value.trim());

/** An ownership share: more than 0, at most 100, at most 2 decimals, as text. */
export const isOwnershipPct = (value: string) =>
  /^\d{1,3}(\.\d{1,2})?$/.test(value.trim()) && Number(value) > 0 && Number(value) <= 100;

/** A date written YYYY-MM-DD that exists, in the past. */
export function isPastDate(value: string, today: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    date.getTime() < today.getTime() &&
    date.getUTCFullYear() >= 1900
  );
}

/**
 * Listed shares, in hundredths of a percent so no float adds them: 30 + 20.5 is 5050.
 */
export const pctHundredths = (value: string) => {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

/** The texts the server answers with; the browser shows them in the reader's language. */
export const EIN_INVALID = 'An EIN is 9 digits, written NN-NNNNNNN, with a prefix the IRS assigns.';
export const SSN_LAST4_INVALID = 'The SSN last digits need exactly 4 digits.';
export const OWNERS_MISSING = 'Beneficial owners with 25% or more ownership must be given.';
export const OWNERSHIP_OVER_100 = 'The listed ownership adds up to more than 100%.';
export const OWNERSHIP_INVALID = 'An ownership share is more than 0% and at most 100%.';
export const BIRTHDATE_INVALID = 'Not a valid date: give a birthdate in the past.';
export const COUNTRY_INVALID = 'Choose a country from the list.';
export const AGREEMENT_REQUIRED = "Check 'I accept the agreement' to sign the certification.";
export const DETAILS_FIRST = 'Give the business details before certifying.';
export const SIGNER_REQUIRED = 'The certification is signed with your name and title.';
export const NOT_A_BUSINESS = 'This account is not paid as a business.';

/**
 * What the signer certifies, word for word as the log keeps it (the screen shows it in the
 * reader's language). A new wording gets a new version.
 */
export const CERTIFICATION_TEXT_VERSION = 1;
export const CERTIFICATION_TEXT =
  'I certify, to the best of my knowledge, that the business details given are complete and correct, and that every person who owns, directly or indirectly, 25% or more of the business is listed as a beneficial owner with correct details.';

/** What certification needs of each listed owner. */
export interface OwnerShare {
  ownershipPct: string;
  complete: boolean;
}

/**
 * Why the business cannot certify now, or null: the details first, then every owner at or above
 * the threshold complete, and no more than 100% listed.
 */
export function certificationRefusal(hasDetails: boolean, owners: readonly OwnerShare[]) {
  if (!hasDetails) return DETAILS_FIRST;
  const total = owners.reduce((sum, owner) => sum + pctHundredths(owner.ownershipPct), 0);
  if (total > 100 * 100) return OWNERSHIP_OVER_100;
  const incomplete = owners.some(
    (owner) =>
      pctHundredths(owner.ownershipPct) >= BENEFICIAL_OWNER_THRESHOLD_PCT * 100 && !owner.complete,
  );
  return incomplete ? OWNERS_MISSING : null;
}
