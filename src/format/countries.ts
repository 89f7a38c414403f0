import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import ja from 'i18n-iso-countries/langs/ja.json';
import pt from 'i18n-iso-countries/langs/pt.json';
import zh from 'i18n-iso-countries/langs/zh.json';
import { toLanguage } from '../i18n/languages';
import { isNonCountryTerritory, type NonCountryTerritory } from '../../rules/territories';

for (const locale of [en, es, fr, ja, pt, zh]) countries.registerLocale(locale);

/** SPEC section 3's country reference list: ISO 3166-1 codes, named in the reader's language. */
export function countryOptions(language: string): { code: string; name: string }[] {
  const lang = toLanguage(language);
  const names = countries.getNames(lang, { select: 'official' });
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}

/** One country's name in the reader's language; the code itself when the list has no such code. */
export function countryName(code: string, language: string): string {
  return countries.getName(code, toLanguage(language)) ?? code;
}

/** The ISO 3166-1 alpha-2 code of a numeric code (as world maps number their countries). */
export function alpha2OfNumeric(numeric: string | number): string | null {
  return countries.numericToAlpha2(numeric) ?? null;
}

/** The text key naming each territory that is no single country (rules/territories.ts). */
const NON_COUNTRY_KEYS: Record<NonCountryTerritory, string> = {
  WW: 'analytics.territories.worldwide',
  ROW: 'analytics.territories.rest-of-world',
  OU: 'analytics.territories.outside-us',
  EU: 'analytics.territories.europe',
  XX: 'analytics.territories.unspecified',
};

/**
 * A record's territory in the reader's language: a country's name, or the name of a territory
 * that is no single country (worldwide, outside the United States, …), translated by `t`.
 */
export function territoryName(code: string, language: string, t: (key: string) => string): string {
  return isNonCountryTerritory(code) ? t(NON_COUNTRY_KEYS[code]) : countryName(code, language);
}
