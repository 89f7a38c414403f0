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

  it.each(['', '  ', '-', 'N/A'])('stores %j as no territory given', (raw) => {
    expect(parseTerritory(raw)).toEqual({ ok: true, value: null });
  });

  it.each([
    ['OU', 'OU'],
    ['Outside US', 'OU'],
    ['WW', 'WW'],
    ['Worldwide', 'WW'],
    ['World', 'WW'],
    ['ROW', 'ROW'],
    ['Rest of World', 'ROW'],
    ['Rest of the World', 'ROW'],
    ['XX', 'XX'],
    ['ZZ', 'XX'],
    ['Unknown', 'XX'],
    ['EU', 'EU'],
    ['Europe', 'EU'],
  ])('keeps %j as the non-country territory %s', (raw, expected) => {
    expect(parseTerritory(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['Viet Nam', 'VN'],
    ['Iran, Islamic Republic of', 'IR'],
    ['Bolivia, Plurinational State of', 'BO'],
    ['Venezuela, Bolivarian Republic of', 'VE'],
    ['Tanzania, United Republic of', 'TZ'],
    ['Congo, The Democratic Republic of the', 'CD'],
    ['Congo', 'CG'],
    ['Palestinian Territory, Occupied', 'PS'],
    ['Macedonia, the Former Yugoslav Republic of', 'MK'],
    ["Korea, Democratic People's Republic of", 'KP'],
    ['Moldova, Republic of', 'MD'],
    ['Virgin Islands, U.S.', 'VI'],
    ['Holy See (Vatican City State)', 'VA'],
    ["Lao People's Democratic Republic", 'LA'],
    ['Russian Federation', 'RU'],
    ['Taiwan, Province of China', 'TW'],
    ['NA', 'NA'],
    ['Namibia', 'NA'],
  ])('reads the ISO official short name %j as %s', (raw, expected) => {
    expect(parseTerritory(raw)).toEqual({ ok: true, value: expected });
  });

  it('refuses what is no country or territory', () => {
    const result = parseTerritory('Atlantis');
    expect(result).toEqual({
      ok: false,
      message: "Territory 'Atlantis' is not a known country or territory",
    });
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
