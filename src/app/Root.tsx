import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../i18n';
import { useCurrentRoute } from '../routes/useCurrentRoute';
import { useSession } from '../session/useSession';
import { GlobalMessageBanner } from '../frame/GlobalMessageBanner';
import { ToastList } from '../frame/ToastList';
import { LANGUAGE_CHOICE_KEY, readStored } from './preferences';
import { LANGUAGE_STORAGE_KEY } from './services';

/** Follows the session's language and keeps the document title and language attribute current. */
function useDocumentLanguageAndTitle() {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const { route } = useCurrentRoute();
  const sessionLanguage = session?.settings.language;

  useEffect(() => {
    // A language picked in this browser wins over the session's setting.
    if (!sessionLanguage || readStored(LANGUAGE_CHOICE_KEY)) return;
    const language = toLanguage(sessionLanguage);
    if (language !== i18n.language) void i18n.changeLanguage(language);
  }, [sessionLanguage, i18n]);

  useEffect(() => {
    const remember = (language: string) => {
      document.documentElement.lang = language;
      try {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      } catch {
        // Storage refused: the session's setting still applies after sign-in.
      }
    };
    remember(i18n.language);
    i18n.on('languageChanged', remember);
    return () => i18n.off('languageChanged', remember);
  }, [i18n]);

  const title = route ? t(route.titleKey) : t('pages.not-found.title');
  useEffect(() => {
    document.title = `${title} · ${t('app.brand.name')}`;
  }, [title, t]);
}

export function Root() {
  useDocumentLanguageAndTitle();
  return (
    <>
      <GlobalMessageBanner />
      <Outlet />
      <ToastList />
    </>
  );
}
