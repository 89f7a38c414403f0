// The Account page's own login and preferences (SPEC sections 3 "Application store", "Name value",
// 5 "Accounts and passwords", 9 "Display and interface"): checked alike by the form and the server.
import { LANGUAGES } from './languages';
import { PASSWORD_MESSAGES } from './passwords';

/** SPEC section 9: 12hour is the default clock. */
export const CLOCKS = ['12hour', '24hour'] as const;
export type Clock = (typeof CLOCKS)[number];

/** SPEC section 9: the time zone follows the browser ("auto") until one is chosen. */
export const AUTO_TIMEZONE = 'auto';
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_CLOCK: Clock = '12hour';

export const NAME_MAX_LENGTH = 100;

/** The English texts the server answers with; the form shows each in the reader's language. */
export const PROFILE_MESSAGES = {
  firstNameRequired: 'A first name is needed.',
  lastNameRequired: 'A last name is needed.',
  nameTooLong: `A name is at most ${NAME_MAX_LENGTH} characters.`,
  middleInitial: 'A middle initial is one letter.',
  /** SPEC section 5, "Accounts and passwords". */
  email: 'Not a valid email',
  /** SPEC section 5: a value outside the list offered (language, time zone, clock, currency). */
  value: 'Not a valid value',
  ...PASSWORD_MESSAGES,
  currentPassword: 'The current password is not correct.',
  samePassword: 'The new password must differ from the current one.',
  /** SPEC section 8: said whoever holds the address, so nobody learns who has an account. */
  usernameTaken: 'This email address is already associated with an existing account.',
  sameUsername: 'This is already your username.',
  usernameLinkInvalid: 'This confirmation link is not valid or was already used.',
  usernameLinkExpired: 'This confirmation link has expired. Ask for a new one from Account.',
  readOnlyWhileEmulating: 'While emulating, this person’s account can be seen but not changed.',
} as const;

export type ProfileMessage = keyof typeof PROFILE_MESSAGES;

export interface NameFields {
  firstName: string;
  middleInitial: string;
  lastName: string;
  displayName: string;
}

/** SPEC "Name value": the initial is shown with a period when present. */
export function formatNameValue(name: Omit<NameFields, 'displayName'>): string {
  const initial = name.middleInitial.trim();
  return [name.firstName.trim(), initial ? `${initial.toUpperCase()}.` : '', name.lastName.trim()]
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * What the rest of the portal shows (avatar, lists, e-mails): the display name when the person
 * gave one, else the name value.
 */
export function fullnameOf(name: NameFields): string {
  return name.displayName.trim() || formatNameValue(name);
}

export type FieldProblems<Field extends string> = Partial<Record<Field, ProfileMessage>>;

export function nameProblems(name: NameFields): FieldProblems<keyof NameFields> {
  const problems: FieldProblems<keyof NameFields> = {};
  const tooLong = (value: string) => value.trim().length > NAME_MAX_LENGTH;
  if (name.firstName.trim() === '') problems.firstName = 'firstNameRequired';
  else if (tooLong(name.firstName)) problems.firstName = 'nameTooLong';
  if (name.lastName.trim() === '') problems.lastName = 'lastNameRequired';
  else if (tooLong(name.lastName)) problems.lastName = 'nameTooLong';
  if (!/^(\p{L})?$/u.test(name.middleInitial.trim().replace(/\.$/, '')))
    problems.middleInitial = 'middleInitial';
  if (tooLong(name.displayName)) problems.displayName = 'nameTooLong';
  return problems;
}

/** The initial as kept: one capital letter, without the period the screen adds. */
export function cleanInitial(value: string): string {
  return value.trim().replace(/\.$/, '').toUpperCase();
}

export interface Preferences {
  language: string;
  timezone: string;
  clock: string;
  currency: string;
}

export function isTimeZone(value: string): boolean {
  if (value === AUTO_TIMEZONE) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** SPEC section 3: the list of available currencies is every ISO 4217 code Intl knows. */
export function availableCurrencies(): string[] {
  return Intl.supportedValuesOf('currency');
}

export function preferenceProblems(preferences: Preferences): FieldProblems<keyof Preferences> {
  const problems: FieldProblems<keyof Preferences> = {};
  if (!(LANGUAGES as readonly string[]).includes(preferences.language)) problems.language = 'value';
  if (!isTimeZone(preferences.timezone)) problems.timezone = 'value';
  if (!(CLOCKS as readonly string[]).includes(preferences.clock)) problems.clock = 'value';
  if (!availableCurrencies().includes(preferences.currency)) problems.currency = 'value';
  return problems;
}

/** One address, no spaces, a dot in the domain: what a mail server can take. */
export function isEmail(value: string): boolean {
  return value.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
