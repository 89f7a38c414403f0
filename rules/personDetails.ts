// A person's details on the Account page (SPEC section 3 "Account": Address and Person; section 5
// "Numbers"): phone, birthdate, SSN, address and ID documents, checked alike by form and server.
// A CommonJS module: its functions hang off the default export when Node loads it as ESM.
import countryCodes from 'i18n-iso-countries';
import { isValidPostalCode, POSTAL_CODE_COUNTRIES, POSTAL_CODE_INVALID } from './postalCodes';
import {
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

export const PERSON_MESSAGES = {
  /** SPEC section 5, "Numbers". */
  phone: 'A phone number must be valid.',
  /** SPEC section 5, "Numbers". */
  ssnLast4: 'The SSN last digits need exactly 4 digits.',
  ssnFull: 'A full SSN is 9 digits with a valid area, group and serial number.',
  /** SPEC section 5: the named invalid messages for a date and a postal code. */
  date: 'Not a valid date',
  postalCode: POSTAL_CODE_INVALID,
  adult: 'You must be at least 18 years old.',
  country: 'Choose a country from the list.',
  tooLong: 'This is at most 200 characters.',
  documentType: 'An ID document must be a PDF, PNG or JPG file.',
  documentSize: 'An ID document must be at most 10 MB.',
  documentEmpty: 'This file is empty.',
  documentKind: 'Choose the kind of ID document.',
  documentMissing: 'Choose a file to upload.',
} as const;

export type PersonMessage = keyof typeof PERSON_MESSAGES;

export const TEXT_MAX_LENGTH = 200;
export const ADULT_AGE = 18;
const OLDEST_AGE = 130;

/** The countries whose postal codes follow an exact pattern, so one must be given. */
export const COUNTRIES_WITH_POSTAL_PATTERN = POSTAL_CODE_COUNTRIES;

export function isCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countryCodes.isValid(code);
}

/** A personal address's postal code: as its country writes them, or none where none is needed. */
export function isPostalCode(code: string, country: string): boolean {
  const value = code.trim();
  if (value === '' && !POSTAL_CODE_COUNTRIES.includes(country)) return true;
  return isValidPostalCode(country, value);
}

/** A number as typed (`(201) 555-0123`), read in the address's country when it has no +code. */
export function isPhone(value: string, country: string): boolean {
  const region = (isCountry(country) ? country : 'US') as CountryCode;
  try {
    return isValidPhoneNumber(value, region);
  } catch {
    return false;
  }
}

/** The number as kept and shown: international format, `+1 201 555 0123`. */
export function normalisePhone(value: string, country: string): string {
  const region = (isCountry(country) ? country : 'US') as CountryCode;
  return parsePhoneNumberFromString(value, region)?.formatInternational() ?? value.trim();
}

export type SsnReading =
  | { kind: 'last4'; digits: string }
  | { kind: 'full'; digits: string }
  | { problem: 'ssnLast4' | 'ssnFull' };

/**
 * The last 4 digits, or all 9 (`123-45-6789`): an area of 000, 666 or 900 to 999, a group of 00
 * or a serial of 0000 is never issued.
 */
export function readSsn(value: string): SsnReading {
  const trimmed = value.trim();
  if (/^\d{4}$/.test(trimmed)) return { kind: 'last4', digits: trimmed };
  const full = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(trimmed);
  if (!full) return { problem: trimmed.replace(/\D/g, '').length <= 4 ? 'ssnLast4' : 'ssnFull' };
  const [, area = '', group = '', serial = ''] = full;
  if (
    area === '000' ||
    area === '666' ||
    area.startsWith('9') ||
    group === '00' ||
    serial === '0000'
  )
    return { problem: 'ssnFull' };
  return { kind: 'full', digits: `${area}${group}${serial}` };
}

/** A real calendar day (`2026-02-30` is not), in the past, of a person 18 to 130 years old. */
export function birthdateProblem(value: string, today: Date): PersonMessage | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'date';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return 'date';
  const age = ageOn(year, month, day, today);
  if (date.getTime() > today.getTime() || age > OLDEST_AGE) return 'date';
  return age < ADULT_AGE ? 'adult' : null;
}

function ageOn(year: number, month: number, day: number, today: Date): number {
  const birthdayPassed =
    today.getUTCMonth() + 1 > month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  return today.getUTCFullYear() - year - (birthdayPassed ? 0 : 1);
}

export interface AddressFields {
  street: string;
  suite: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface PersonFields {
  phone: string;
  birthdate: string;
  address: AddressFields;
}

export type PersonField = 'phone' | 'birthdate' | 'ssn' | `address.${keyof AddressFields}`;

/**
 * What is wrong, field by field. Every field may be left empty (the details are filled in over
 * time), but a postal code needs its country to be checked against.
 */
export function personProblems(
  person: PersonFields,
  ssn: string,
  today: Date,
): Partial<Record<PersonField, PersonMessage>> {
  const problems: Partial<Record<PersonField, PersonMessage>> = {};
  const { address } = person;
  if (person.phone.trim() !== '' && !isPhone(person.phone, address.country))
    problems.phone = 'phone';
  if (person.birthdate !== '') {
    const problem = birthdateProblem(person.birthdate, today);
    if (problem) problems.birthdate = problem;
  }
  if (ssn.trim() !== '') {
    const reading = readSsn(ssn);
    if ('problem' in reading) problems.ssn = reading.problem;
  }
  for (const field of ['street', 'suite', 'city', 'state', 'postalCode'] as const) {
    if (address[field].length > TEXT_MAX_LENGTH) problems[`address.${field}`] = 'tooLong';
  }
  if (address.country !== '' && !isCountry(address.country))
    problems['address.country'] = 'country';
  else if (address.postalCode.trim() !== '') {
    if (address.country === '') problems['address.country'] = 'country';
    else if (!isPostalCode(address.postalCode, address.country))
      problems['address.postalCode'] = 'postalCode';
  }
  return problems;
}

/** SPEC section 3: the ID documents a person may give. */
export const DOCUMENT_KINDS = ['drivers-license', 'passport', 'id-card'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The media types an ID document is kept and answered in. */
export const DOCUMENT_MEDIA_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type DocumentMediaType = (typeof DOCUMENT_MEDIA_TYPES)[number];

/** The file types an ID document may be, by the name's ending. */
export const DOCUMENT_TYPES: Readonly<Record<string, DocumentMediaType>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

export function documentTypeOf(fileName: string): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return DOCUMENT_TYPES[extension] ?? null;
}
