// The app's translations: English is in the first download (every other language falls back to
// it); each other language is its own file, fetched when it is first chosen. i18next switches
// language only once that file is in, so nobody sees keys or a half-translated page meanwhile.
import i18next, { type BackendModule, type i18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { LANGUAGES, type Language } from '../../rules/languages';
import { FALLBACK_LANGUAGE, toLanguage } from './languages';

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: ResourceKey }>> = {
  fr: () => import('../../locales/fr.json'),
  es: () => import('../../locales/es.json'),
  pt: () => import('../../locales/pt.json'),
  zh: () => import('../../locales/zh.json'),
  ja: () => import('../../locales/ja.json'),
};

const languageFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, done) => {
    if (language === FALLBACK_LANGUAGE) {
      done(null, en);
      return;
    }
    const load = (LOADERS as Record<string, (() => Promise<{ default: ResourceKey }>) | undefined>)[
      language
    ];
    if (!load) {
      done(null, {});
      return;
    }
    load().then(
      (file) => done(null, file.default),
      (error: unknown) => done(error instanceof Error ? error.message : String(error), false),
    );
  },
};

/** The app's i18next, and when the starting language's texts are in (wait for it before showing). */
export function createLazyI18n(language: string | null | undefined): {
  i18n: i18n;
  ready: Promise<unknown>;
} {
  const instance = i18next.createInstance();
  const ready = instance
    .use(languageFiles)
    .use(initReactI18next)
    .init({
      resources: { [FALLBACK_LANGUAGE]: { translation: en } },
      partialBundledLanguages: true,
      lng: toLanguage(language),
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    // A language file that cannot be fetched leaves English, the fallback, on screen.
    .catch(() => undefined);
  return { i18n: instance, ready };
}
