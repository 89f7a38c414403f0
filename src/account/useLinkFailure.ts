import { ApiError } from '../api/client';
import { SUPPORT_EMAIL } from './supportEmail';
import { useServerText } from '../i18n/serverText';
import { useTranslation } from 'react-i18next';

/** A failed link call as the text a form shows: the server's message in the user's language. */
export function useLinkFailure(): (error: unknown) => string {
  const { t } = useTranslation();
  const serverText = useServerText({ email: SUPPORT_EMAIL });
  return (error) =>
    error instanceof ApiError && error.status !== 0
      ? serverText(error.message)
      : t('api.errors.server-not-reachable');
}
