import { describe, expect, it } from 'vitest';
import { countryName, territoryName } from '../../../src/format/countries';
import { createI18n } from '../../../src/i18n';
import { NON_COUNTRY_TERRITORIES } from '../../../rules/territories';

const nameIn = (language: string, code: string) => {
  const i18n = createI18n(language);
  return territoryName(code, language, (key) => i18n.t(key));
};

describe('territory names in the reader’s language', () => {
  it('names a territory that is no country in words, never as its code', () => {
    expect(nameIn('en', 'OU')).toBe('Outside the United States');
    expect(nameIn('fr', 'OU')).toBe('Hors États-Unis');
    expect(nameIn('ja', 'WW')).toBe('全世界');
    expect(nameIn('es', 'ROW')).toBe('Resto del mundo');
    for (const language of ['en', 'fr', 'es', 'pt', 'zh', 'ja']) {
      const names = NON_COUNTRY_TERRITORIES.map((code) => nameIn(language, code));
      for (const [index, name] of names.entries()) {
        expect(name, `${language} ${NON_COUNTRY_TERRITORIES[index]}`).not.toMatch(
          /^[A-Z]{2,3}$|territories\./,
        );
      }
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('names a country as before', () => {
    expect(nameIn('en', 'VN')).toBe(countryName('VN', 'en'));
    expect(nameIn('de', 'NA')).toBe('Namibia');
  });
});
