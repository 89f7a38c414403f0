import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../../server/import/countries';
import { parseTerritory } from '../../../../server/import/normalise/territory';

describe('parseTerritory', () => {
  it.each([
    ['US', 'US'],
    ['us', 'US'],
    ['USA', 'US'],
    ['United States', 'US'],
    ['United States of America', 'US'],
    ['U.S.A.', 'US'],
    ['UK', 'GB'],
    ['GBR', 'GB'],
    ['United Kingdom', 'GB'],
    ['Korea, Republic of', 'KR'],
    ["Côte d'Ivoire", 'CI'],
    ['Cote D’Ivoire', 'CI'],
    ['Türkiye', 'TR'],
    ['Bosnia & Herzegovina', 'BA'],
    ['XK', 'XK'],
  ])('reads %s as %s', (raw, expected) => {
    expect(parseTerritory(raw)).toEqual({ ok: true, value: expected });
  });

  it.each(['', 'WW', 'Worldwide', 'World', 'ROW', 'Rest of World', 'ZZ', 'Europe'])(
    'stores %j as no single country',
    (raw) => {
      expect(parseTerritory(raw)).toEqual({ ok: true, value: null });
    },
  );

  it('refuses what is no country', () => {
    const result = parseTerritory('Atlantis');
    expect(result).toEqual({ ok: false, message: "Territory 'Atlantis' is not a known country" });
  });

  it('knows every ISO 3166-1 country by both codes and its name', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    for (const country of COUNTRIES) {
      for (const name of [country.alpha2, country.alpha3, country.name]) {
        expect(parseTerritory(name)).toEqual({ ok: true, value: country.alpha2 });
      }
    }
  });
});
