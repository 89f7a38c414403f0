import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { toLanguage } from '../i18n/languages';

/** After a change the session carries (names, preferences, username), the frame shows it at once. */
export function useSessionRefresh(): (language?: string) => Promise<void> {
  const { i18n } = useTranslation();
  const { api, session } = useServices();
  return async (language) => {
    if (language && toLanguage(language) !== i18n.language)
      await i18n.changeLanguage(toLanguage(language));
    const updated = await api.readSession();
    if (updated) session.send({ type: 'session.update', session: updated });
  };
}
