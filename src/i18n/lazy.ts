// The app's translations. The first download holds only the English texts shown before any part
// of the app loaded on demand: the login page, the shell, the not-found page, route titles and the
// messages of the server and the API client. The signed-in frame and the dashboard come with their
// sections (`loadSignedInEnglish`), every other part loaded on demand with all of English
// (`loadAllEnglish`), each awaited by the shell's lazy components, so every language keeps its
// English fallback wherever it is needed (tests/src/i18n/firstTexts.test.ts checks the parts). Each other
// language is its own file, fetched when it is first chosen; i18next switches language only once
// that file is in, so nobody sees keys or a half-translated page meanwhile.
import i18next, { type BackendModule, type i18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
// The plugin's module id must be written out: FIRST_PARTS, in the same order.
import firstEnglish from 'locale-sections:en/api,app,frame,language,login,nav,pages,routes,server.login,server.request,shell';
import { LANGUAGES, type Language } from '../../rules/languages';
import { FALLBACK_LANGUAGE, toLanguage } from './languages';

/**
 * The parts of the English texts in the first download: top-level sections of locales/en.json or,
 * dotted, parts of one. Of the server's answers, only the login page's and any request's: a known
 * server answer whose text is not in yet shows as the server wrote it (serverText.ts), in English.
 */
export const FIRST_PARTS = [
  'api',
  'app',
  'frame',
  'language',
  'login',
  'nav',
  'pages',
  'routes',
  'server.login',
  'server.request',
  'shell',
] as const;

/** The English texts of FIRST_PARTS, nested as in the file. */
export const FIRST_ENGLISH = firstEnglish as ResourceKey;

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: ResourceKey }>> = {
  fr: () => import('../../locales/fr.json'),
  es: () => import('../../locales/es.json'),
  pt: () => import('../../locales/pt.json'),
  zh: () => import('../../locales/zh.json'),
  ja: () => import('../../locales/ja.json'),
};

/**
 * The parts a signed-in first visit shows: the frame's and the dashboard's (sections, or dotted
 * parts of one, as FIRST_PARTS). Of payments and transactions, only the labels the dashboard uses.
 */
export const SIGNED_IN_PARTS = [
  'dashboard',
  'emulation',
  'filters',
  'live',
  'look',
  'payments.hold',
  'payments.ledger',
  'payments.origin',
  'payments.status',
  'payments.transfer-kind',
  'roles',
  'transactions.status',
  'wallet',
  'widgets',
] as const;

/** A part of the English texts: fetched once, when first asked for; every instance adds it. */
function englishPart(fetchTexts: () => Promise<ResourceKey>) {
  let ask: () => void = () => undefined;
  const texts = new Promise<void>((resolve) => {
    ask = resolve;
  }).then(fetchTexts);
  /** Settles once every i18next instance has the part (each added its handler at creation). */
  const load = (): Promise<void> => {
    ask();
    return texts.then(() => undefined);
  };
  return { texts, load };
}

const signedInEnglish = englishPart(() =>
  // The plugin's module id must be written out: SIGNED_IN_PARTS, in the same order.
  import('locale-sections:en/dashboard,emulation,filters,live,look,payments.hold,payments.ledger,payments.origin,payments.status,payments.transfer-kind,roles,transactions.status,wallet,widgets').then(
    (file) => file.default as ResourceKey,
  ),
);
// The whole file as text, a module of its own; with it, the keys of the server's answers that
// pages show, which name its texts (serverTextKeys.ts adds them as it loads).
const allEnglish = englishPart(() =>
  Promise.all([import('../../locales/en.json?raw'), import('./serverTextKeys')]).then(
    ([file]) => JSON.parse(file.default) as ResourceKey,
  ),
);
const ENGLISH_PARTS = [signedInEnglish, allEnglish];

/** Fetches the English of the signed-in frame and the dashboard (see `SIGNED_IN_PARTS`). */
export const loadSignedInEnglish = signedInEnglish.load;
/** Fetches all English texts, for every other part loaded on demand. */
export const loadAllEnglish = allEnglish.load;

const languageFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, done) => {
    if (language === FALLBACK_LANGUAGE) {
      done(null, structuredClone(FIRST_ENGLISH));
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
  for (const part of ENGLISH_PARTS)
    part.texts.then(
      (texts) => instance.addResourceBundle(FALLBACK_LANGUAGE, 'translation', texts, true, true),
      // The part that asked shows its own failure (see widgets/lazyComponent).
      () => undefined,
    );
  const ready = instance
    .use(languageFiles)
    .use(initReactI18next)
    .init({
      // A copy: i18next merges the parts loaded later into the bundle it was given, and the
      // first texts are one module's object every instance starts from.
      resources: { [FALLBACK_LANGUAGE]: { translation: structuredClone(FIRST_ENGLISH) } },
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
