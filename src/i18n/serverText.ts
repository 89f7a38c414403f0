import { useTranslation } from 'react-i18next';

/**
 * The server answers in English with the texts of SPEC section 8. A known text is shown in the
 * user's language; anything else is shown as the server wrote it. Here, the answers of the login
 * page and of any request, whose texts are in the first download (FIRST_PARTS).
 */
const FIRST_SERVER_TEXT_KEYS: Readonly<Record<string, string>> = {
  'The username or password you entered is not recognized.': 'server.login.not-recognized',
  'Invalid Login Credentials': 'server.login.invalid-credentials',
  'Account Locked for 60 Minutes': 'server.login.locked-title',
  'You have had more then 10 incorrect login attempts, your account is now temporarily locked. Please try again later.':
    'server.login.locked-message',
  'Too many requests. Please try again later.': 'server.request.too-many',
  'An unexpected error occurred. Please try again later.': 'server.request.unexpected',
  'The requested resource was not found.': 'api.errors.resource-not-found',
  // A request its schema refuses, on any page (server/validationTexts.ts).
  'Fill in every required field.': 'server.request.field-required',
  'A text is longer than its field takes: shorten it and try again.':
    'server.request.text-too-long',
  'A text holds a character that cannot be saved: remove it and try again.':
    'server.request.unstorable-text',
  'A number is larger or smaller than its field takes.': 'server.request.number-range',
  'Enter a date that exists.': 'server.request.not-a-date',
  'The portal could not read what this page sent. Reload the page and try again.':
    'server.request.not-readable',
  'The search or filters of this page are not valid. Change them and try again.':
    'server.request.invalid-filters',
};

const serverTextKeys = new Map(Object.entries(FIRST_SERVER_TEXT_KEYS));

/**
 * Adds the keys of the server's other answers (serverTextKeys.ts): they come with all of English,
 * which every page but the dashboard loads before it shows (i18n/lazy.ts).
 */
export function addServerTextKeys(keys: Readonly<Record<string, string>>): void {
  for (const [text, key] of Object.entries(keys)) serverTextKeys.set(text, key);
}

/**
 * `text` as `translate` gives its key, or as the server wrote it: when it is not a known answer,
 * or its translation is not in yet (the first download has only the login page's).
 */
function translatedAnswer(text: string, translate: (key: string) => string): string {
  const key = serverTextKeys.get(text);
  if (!key) return text;
  const translated = translate(key);
  return translated === key ? text : translated;
}

/**
 * A known server text in the language of `t`, for the toasts the API client shows; texts that
 * name the support contact are left to the pages that know its address.
 */
export function knownServerText(t: (key: string) => string, text: string): string {
  const translated = translatedAnswer(text, t);
  return translated.includes('{{') ? text : translated;
}

/** Some texts name the support contact (SPEC section 8, {email}): the caller gives its address. */
export function useServerText(values: { email: string }): (text: string) => string {
  const { t } = useTranslation();
  return (text) => translatedAnswer(text, (key) => t(key, values));
}
