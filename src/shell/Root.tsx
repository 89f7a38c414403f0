import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setDisplayPreferences } from '../format/formatters';
import { toLanguage } from '../i18n/languages';
import type { AppRoute } from '../routes/types';
import { useCurrentRoute } from '../routes/useCurrentRoute';
import { useSession } from '../session/useSession';
import { GlobalMessageBanner } from '../frame/GlobalMessageBanner';
import { ToastList } from '../frame/ToastList';
import { UploadDrawer } from '../import/LazyUploadDrawer';
import { UploadDrawerProvider } from '../import/UploadDrawerProvider';
import { LANGUAGE_CHOICE_KEY, readStored, writeStored } from '../app/preferences';
import { useServices } from '../app/ServicesContext';
import { LANGUAGE_STORAGE_KEY } from '../app/services';
import { preloadPage } from './pages';

/** Follows the session's language and keeps the document title and language attribute current. */
function useDocumentLanguageAndTitle(route: AppRoute | null) {
  const { t, i18n } = useTranslation();
  const { api, session: actor } = useServices();
  const { session } = useSession();
  const sessionLanguage = session?.settings.language;

  useEffect(() => {
    if (!sessionLanguage) return;
    const chosen = readStored(LANGUAGE_CHOICE_KEY);
    if (chosen) {
      // Picked on a logged-out page: it becomes the account's setting.
      writeStored(LANGUAGE_CHOICE_KEY, null);
      if (toLanguage(chosen) !== toLanguage(sessionLanguage)) {
        void i18n.changeLanguage(toLanguage(chosen));
        api.saveLanguage(toLanguage(chosen)).then(
          (updated) => actor.send({ type: 'session.update', session: updated }),
          () => undefined,
        );
        return;
      }
    }
    const language = toLanguage(sessionLanguage);
    if (language !== i18n.language) void i18n.changeLanguage(language);
  }, [sessionLanguage, i18n, api, actor]);

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

/** Dates and times on every page follow the time zone, clock and language the person chose. */
function useDisplayPreferences() {
  const { session } = useSession();
  const { i18n } = useTranslation();
  const timezone = session?.settings.timezone ?? 'auto';
  const clock = session?.settings.clock ?? '12hour';
  setDisplayPreferences({ timezone, clock, language: toLanguage(i18n.language) });
}

/**
 * The code of the page shown starts loading at once, beside the session's check and the frame's,
 * not after them: the login page's for a visitor, the page asked for by someone signed in. So
 * does what the page reads first, where pages.ts names it.
 */
function usePagePreload(route: AppRoute | null, params: Readonly<Record<string, string>>) {
  const services = useServices();
  useEffect(() => {
    if (route) return preloadPage(route.id, params, services);
  }, [route, params, services]);
}

export function Root() {
  const { route, params } = useCurrentRoute();
  useDocumentLanguageAndTitle(route);
  usePagePreload(route, params);
  useDisplayPreferences();
  // The upload drawer lives at the root, so uploads go on while the user changes pages.
  return (
    <UploadDrawerProvider>
      <GlobalMessageBanner />
      <Outlet />
      <ToastList />
      <UploadDrawer />
    </UploadDrawerProvider>
  );
}
