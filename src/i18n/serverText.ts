import { useTranslation } from 'react-i18next';

/**
 * The server answers in English with the texts of SPEC section 8. A known text is shown in the
 * user's language; anything else is shown as the server wrote it.
 */
export const SERVER_TEXT_KEYS: Readonly<Record<string, string>> = {
  'The username or password you entered is not recognized.': 'server.login.not-recognized',
  'Invalid Login Credentials': 'server.login.invalid-credentials',
  'Account Locked for 60 Minutes': 'server.login.locked-title',
  'You have had more then 10 incorrect login attempts, your account is now temporarily locked. Please try again later.':
    'server.login.locked-message',
  'Too many requests. Please try again later.': 'server.request.too-many',
  'An unexpected error occurred. Please try again later.': 'server.request.unexpected',
  'The requested resource was not found.': 'api.errors.resource-not-found',
  'User not found': 'server.user.not-found',
};

export function useServerText(): (text: string) => string {
  const { t } = useTranslation();
  return (text) => {
    const key = SERVER_TEXT_KEYS[text];
    return key ? t(key) : text;
  };
}
