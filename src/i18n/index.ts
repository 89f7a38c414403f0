import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import ja from '../../locales/ja.json';
import pt from '../../locales/pt.json';
import zh from '../../locales/zh.json';
import { LANGUAGES, type Language } from '../../rules/languages';

export { LANGUAGES, type Language };
export const FALLBACK_LANGUAGE: Language = 'en';

export const LOCALES: Record<Language, Record<string, unknown>> = { en, fr, es, pt, zh, ja };

/** `fr-CA` and `FR` both mean French; anything unknown falls back to English. */
export function toLanguage(value: string | null | undefined): Language {
  const base = (value ?? '').toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '')
    ? (base as Language)
    : FALLBACK_LANGUAGE;
}

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
