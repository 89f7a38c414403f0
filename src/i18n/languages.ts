import { LANGUAGES, type Language } from '../../rules/languages';

export const FALLBACK_LANGUAGE: Language = 'en';

/** `fr-CA` and `FR` both mean French; anything unknown falls back to English. */
export function toLanguage(value: string | null | undefined): Language {
  const base = (value ?? '').toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '')
    ? (base as Language)
    : FALLBACK_LANGUAGE;
}
