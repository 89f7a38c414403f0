// The app's translations. The first download holds only the English texts shown before any part
// of the app loaded on demand: the login page, the shell, the not-found page, route titles and the
// messages of the server and the API client (tests/src/i18n/firstTexts.test.ts checks it). All of
// English comes with the first part loaded on demand (`loadAllEnglish`, awaited by the shell's lazy
// components), so every language keeps a whole English fallback wherever it is needed. Each other
// language is its own file, fetched when it is first chosen; i18next switches language only once
// that file is in, so nobody sees keys or a half-translated page meanwhile.
import i18next, { type BackendModule, type i18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  api,
  app,
  frame,
  language,
  login,
  nav,
  pages,
  routes,
  server,
  shell,
} from '../../locales/en.json';
import { LANGUAGES, type Language } from '../../rules/languages';
import { FALLBACK_LANGUAGE, toLanguage } from './languages';

/** The English sections in the first download (named imports: the bundle keeps only these). */
export const FIRST_ENGLISH = {
  api,
  app,
  frame,
  language,
  login,
  nav,
  pages,
  routes,
  server,
  shell,
};

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: ResourceKey }>> = {
  fr: () => import('../../locales/fr.json'),
  es: () => import('../../locales/es.json'),
  pt: () => import('../../locales/pt.json'),
  zh: () => import('../../locales/zh.json'),
  ja: () => import('../../locales/ja.json'),
};

// The whole file as text: a module of its own, so the named imports above stay small.
let allEnglishAsked: () => void = () => undefined;
const allEnglish: Promise<ResourceKey> = new Promise<void>((resolve) => {
  allEnglishAsked = resolve;
})
  .then(() => import('../../locales/en.json?raw'))
  .then((file) => JSON.parse(file.default) as ResourceKey);

/**
 * Fetches all English texts, once, and settles after every i18next instance made by
 * `createLazyI18n` has them (each added its handler before anyone could ask).
 */
export function loadAllEnglish(): Promise<void> {
  allEnglishAsked();
  return allEnglish.then(() => undefined);
}

const languageFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, done) => {
    if (language === FALLBACK_LANGUAGE) {
      done(null, FIRST_ENGLISH);
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
  allEnglish.then(
    (texts) => instance.addResourceBundle(FALLBACK_LANGUAGE, 'translation', texts, true, true),
    // The part that asked shows its own failure (see shell/lazyPage).
    () => undefined,
  );
  const ready = instance
    .use(languageFiles)
    .use(initReactI18next)
    .init({
      resources: { [FALLBACK_LANGUAGE]: { translation: FIRST_ENGLISH } },
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
