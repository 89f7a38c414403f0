import { useTranslation } from 'react-i18next';
import { PASSWORD_KEYS } from '../account/passwordRules';
import { ApiError } from '../api/client';
import { knownServerText } from '../i18n/serverText';
import { PERSON_MESSAGES, type PersonMessage } from '../../rules/personDetails';
import { PROFILE_MESSAGES, type ProfileMessage } from '../../rules/profile';

/** Each message of the page's rules in the reader's language; the server sends the English. */
const MESSAGE_KEYS: Record<ProfileMessage | PersonMessage, string> = {
  firstNameRequired: 'settings.errors.first-name-required',
  lastNameRequired: 'settings.errors.last-name-required',
  nameTooLong: 'settings.errors.name-too-long',
  middleInitial: 'settings.errors.middle-initial',
  email: 'settings.errors.email',
  value: 'settings.errors.value',
  passwordsMustMatch: PASSWORD_KEYS.passwordsMustMatch,
  passwordRule: PASSWORD_KEYS.passwordRule,
  currentPassword: 'settings.errors.current-password',
  samePassword: 'settings.errors.same-password',
  usernameTaken: 'settings.errors.username-taken',
  sameUsername: 'settings.errors.same-username',
  usernameLinkInvalid: 'settings.errors.username-link-invalid',
  usernameLinkExpired: 'settings.errors.username-link-expired',
  readOnlyWhileEmulating: 'settings.errors.read-only',
  phone: 'settings.errors.phone',
  ssnLast4: 'settings.errors.ssn-last4',
  ssnFull: 'settings.errors.ssn-full',
  date: 'settings.errors.date',
  postalCode: 'settings.errors.postal-code',
  adult: 'settings.errors.adult',
  country: 'settings.errors.country',
  tooLong: 'settings.errors.too-long',
  documentType: 'settings.errors.document-type',
  documentSize: 'settings.errors.document-size',
  documentEmpty: 'settings.errors.document-empty',
  documentKind: 'settings.errors.document-kind',
  documentMissing: 'settings.errors.document-missing',
};

const KEY_BY_ENGLISH = new Map<string, string>(
  [...Object.entries(PROFILE_MESSAGES), ...Object.entries(PERSON_MESSAGES)].map(([id, text]) => [
    text,
    MESSAGE_KEYS[id as ProfileMessage | PersonMessage],
  ]),
);

export interface MessageText {
  /** A rule's message by its name. */
  rule: (problem: ProfileMessage | PersonMessage | undefined) => string | null;
  /** The server's English text in the reader's language; an unknown one as it came. */
  server: (text: string) => string;
  /** What a failed save says: its message, and each field's. */
  failure: (error: unknown) => { message: string; fields: Record<string, string> };
}

export function useMessageText(): MessageText {
  const { t } = useTranslation();
  const server = (text: string) => {
    const key = KEY_BY_ENGLISH.get(text);
    // Texts every page shares (a field too long, a request refused) are the portal's own.
    return key ? t(key) : knownServerText(t, text);
  };
  return {
    rule: (problem) => (problem ? t(MESSAGE_KEYS[problem]) : null),
    server,
    failure: (error) => {
      if (!(error instanceof ApiError)) return { message: t('settings.page.failed'), fields: {} };
      const fields = Object.fromEntries(
        error.fieldErrors.map((field) => [field.path, server(field.message)]),
      );
      return { message: server(error.message), fields };
    },
  };
}
