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

/** A controlling person's share: as an owner's, or 0 for one who runs the business owning none. */
export const isControllerOwnershipPct = (value: string) =>
  /^\d{1,3}(\.\d{1,2})?$/.test(value.trim()) && Number(value) <= 100;

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
export const CONTROLLER_MISSING =
  'Name one controlling person, such as the CEO or a managing member, with their birthdate, address and SSN last 4.';
export const CONTROL_TITLE_REQUIRED =
  "Give the controlling person's title, such as CEO or managing member.";
export const CONTROLLER_OWNERSHIP_INVALID =
  "A controlling person's ownership share is from 0% to 100%.";
export const STATEMENT_CONTRADICTED =
  'An owner of 25% or more is listed: leave the statement that nobody owns 25% or more unchecked.';

/**
 * The signer's statement, for a business no person owns 25% or more of: it stands in for the
 * beneficial owners SPEC section 5 asks for, and is certified with the rest.
 */
export const NO_OWNER_STATEMENT =
  'No person owns, directly or indirectly, 25% or more of the business.';

/**
 * What the signer certifies, word for word as the log keeps it (the screen shows it in the
 * reader's language). A new wording gets a new version.
 */
export const CERTIFICATION_TEXT_VERSION = 2;
export const CERTIFICATION_TEXT =
  'I certify, to the best of my knowledge, that the business details given are complete and correct, that every person who owns, directly or indirectly, 25% or more of the business is listed as a beneficial owner with correct details, and that the controlling person named has significant responsibility to control, manage or direct the business.';
/** The words of version 1, which certifications signed before the controlling person still show. */
export const CERTIFICATION_TEXT_V1 =
  'I certify, to the best of my knowledge, that the business details given are complete and correct, and that every person who owns, directly or indirectly, 25% or more of the business is listed as a beneficial owner with correct details.';

/** The words signed: the certification, and the signer's statement when they made it. */
export const certifiedText = (noOwnerAtThreshold: boolean) =>
  noOwnerAtThreshold ? `${CERTIFICATION_TEXT} ${NO_OWNER_STATEMENT}` : CERTIFICATION_TEXT;

/** What certification needs of each listed person. */
export interface OwnerShare {
  ownershipPct: string;
  complete: boolean;
  /** The controlling person: they run the business, whatever share they own. */
  controlling: boolean;
}

const atThreshold = (owner: OwnerShare) =>
  pctHundredths(owner.ownershipPct) >= BENEFICIAL_OWNER_THRESHOLD_PCT * 100;

/** Whether a person owning 25% or more is listed. */
export const listsBeneficialOwner = (owners: readonly OwnerShare[]) => owners.some(atThreshold);

/**
 * Why the business cannot certify now, or null: the details first; no more than 100% listed;
 * every owner at or above the threshold complete; the owners, or the signer's statement that
 * nobody owns that much (never both); and one complete controlling person.
 */
export function certificationRefusal(
  hasDetails: boolean,
  owners: readonly OwnerShare[],
  noOwnerAtThreshold: boolean,
) {
  if (!hasDetails) return DETAILS_FIRST;
  const total = owners.reduce((sum, owner) => sum + pctHundredths(owner.ownershipPct), 0);
  if (total > 100 * 100) return OWNERSHIP_OVER_100;
  if (owners.some((owner) => atThreshold(owner) && !owner.complete)) return OWNERS_MISSING;
  const listed = listsBeneficialOwner(owners);
  if (listed && noOwnerAtThreshold) return STATEMENT_CONTRADICTED;
  if (!listed && !noOwnerAtThreshold) return OWNERS_MISSING;
  if (!owners.some((owner) => owner.controlling && owner.complete)) return CONTROLLER_MISSING;
  return null;
}

/**
 * Why the business is not verified (SPEC section 4), or null: what certification needs but the
 * statement, which the signer makes when signing.
 */
export const verificationRefusal = (hasDetails: boolean, owners: readonly OwnerShare[]) =>
  certificationRefusal(hasDetails, owners, !listsBeneficialOwner(owners));
