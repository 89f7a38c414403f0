// Every language at once, synchronously: for tests and tools. The app loads languages as chosen
// (lazy.ts), so that this file's six imports stay out of its first download.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import ja from '../../locales/ja.json';
import pt from '../../locales/pt.json';
import zh from '../../locales/zh.json';
import { LANGUAGES, type Language } from '../../rules/languages';
import { FALLBACK_LANGUAGE, toLanguage } from './languages';

export { LANGUAGES, type Language };
export { FALLBACK_LANGUAGE, toLanguage };
export const LOCALES: Record<Language, Record<string, unknown>> = { en, fr, es, pt, zh, ja };

export function createI18n(language: string | null | undefined): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(LANGUAGES.map((code) => [code, { translation: LOCALES[code] }])),
    lng: toLanguage(language),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
