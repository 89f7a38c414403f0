import { COUNTRIES, ISO_SHORT_NAMES } from '../countries';
import type { NonCountryTerritory } from '../../../rules/territories';
import { fail, ok, quote, type Normalised } from './result';

/** Values that say nothing: stored as null (no territory given), the revenue kept. */
const NOT_GIVEN = ['-', '--', 'n/a', 'none'];

/**
 * What distributors write for a territory that is no single country, and the code it is kept
 * under (rules/territories.ts). 'NA' is Namibia, not "not available": only 'N/A' means that.
 */
const NON_COUNTRY: Record<NonCountryTerritory, readonly string[]> = {
  WW: ['ww', 'world', 'worldwide', 'world wide', 'global', 'xw', 'all', 'int', 'international'],
  ROW: ['row', 'rest of world', 'rest of the world', 'other', 'others', 'other countries'],
  OU: ['ou', 'outside us', 'outside the us', 'outside usa', 'outside the united states', 'ex-us'],
  EU: ['eu', 'europe', 'european union'],
  XX: ['xx', 'zz', 'unknown', 'multiple', 'various'],
};

const EXTRA_NAMES: Record<string, string> = {
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  britain: 'GB',
  'u k': 'GB',
  america: 'US',
  'us of america': 'US',
  'the netherlands': 'NL',
  holland: 'NL',
  korea: 'KR',
  'korea south': 'KR',
  'hong kong sar': 'HK',
  macau: 'MO',
  'macao sar': 'MO',
  burma: 'MM',
  macedonia: 'MK',
  laos: 'LA',
  syria: 'SY',
  moldova: 'MD',
  vatican: 'VA',
  'vatican city': 'VA',
  brunei: 'BN',
  uae: 'AE',
  micronesia: 'FM',
};

/** Lower case, no accents, '&' as 'and', punctuation as spaces: 'Côte d’Ivoire' → 'cote d ivoire'. */
export function territoryKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.,'’()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const byKey = new Map<string, string>();
// Aliases first, so a country's own codes and main name win where an alias is shared
// ('Congo' is an alias of both Congos; ISO's short name 'Congo' is CG's).
for (const country of COUNTRIES) {
  for (const alias of country.aliases)
    if (!byKey.has(territoryKey(alias))) byKey.set(territoryKey(alias), country.alpha2);
}
for (const country of COUNTRIES) {
  for (const name of [country.alpha2, country.alpha3, country.name]) {
    byKey.set(territoryKey(name), country.alpha2);
  }
}
for (const [name, alpha2] of Object.entries({ ...EXTRA_NAMES, ...ISO_SHORT_NAMES })) {
  byKey.set(territoryKey(name), alpha2);
}
const nonCountry = new Map<string, NonCountryTerritory>();
for (const [code, names] of Object.entries(NON_COUNTRY) as [NonCountryTerritory, string[]][]) {
  for (const name of names) nonCountry.set(territoryKey(name), code);
}
const notGiven = new Set(NOT_GIVEN.map(territoryKey));

/**
 * ISO writes a country's short name with its qualifier after a comma ('Iran, Islamic Republic
 * of'); the same name in reading order ('Islamic Republic of Iran') is the library's.
 */
function inverted(key: string, raw: string): string | undefined {
  const comma = raw.lastIndexOf(',');
  if (comma === -1) return undefined;
  const name = territoryKey(raw.slice(0, comma));
  const qualifier = territoryKey(raw.slice(comma + 1)).replace(/^the /, '');
  if (!name || !qualifier || key === '') return undefined;
  return byKey.get(`${qualifier} ${name}`);
}

/**
 * A record's territory: the ISO alpha-2 code of a country given by alpha-2, alpha-3 or an English
 * name in any of its forms; the code of a non-country territory (worldwide, rest of the world,
 * outside the US, Europe, unspecified); null when the cell gives nothing.
 */
export function parseTerritory(raw: string): Normalised<string | null> {
  const key = territoryKey(raw);
  if (key === '' || notGiven.has(key) || notGiven.has(raw.trim().toLowerCase())) return ok(null);
  const region = nonCountry.get(key);
  if (region) return ok(region);
  const alpha2 = byKey.get(key) ?? inverted(key, raw);
  return alpha2 ? ok(alpha2) : fail(`Territory ${quote(raw)} is not a known country or territory`);
}
