import { COUNTRIES } from '../countries';
import { fail, ok, quote, type Normalised } from './result';

/**
 * Values that name no single country. They are stored as null (no territory): the revenue is
 * kept, only its country is unknown. Worldwide, unknown and multi-country regions all land here.
 * 'NA' is Namibia, not "not available": only 'N/A' means that.
 */
const NO_SINGLE_COUNTRY = [
  'ww',
  'world',
  'worldwide',
  'world wide',
  'global',
  'row',
  'rest of world',
  'rest of the world',
  'xw',
  'zz',
  'xx',
  'int',
  'international',
  'multiple',
  'various',
  'all',
  'unknown',
  'other',
  'eu',
  'europe',
  'european union',
  '-',
  '--',
  'n/a',
];

const EXTRA_NAMES: Record<string, string> = {
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  britain: 'GB',
  'u k': 'GB',
  'united states of america': 'US',
  america: 'US',
  'us of america': 'US',
  'the netherlands': 'NL',
  holland: 'NL',
  korea: 'KR',
  'korea south': 'KR',
  turkiye: 'TR',
  czechia: 'CZ',
  russia: 'RU',
  vietnam: 'VN',
  'hong kong sar': 'HK',
  macau: 'MO',
  'macao sar': 'MO',
  taiwan: 'TW',
  'ivory coast': 'CI',
  'cape verde': 'CV',
  swaziland: 'SZ',
  burma: 'MM',
  macedonia: 'MK',
  laos: 'LA',
  iran: 'IR',
  syria: 'SY',
  bolivia: 'BO',
  venezuela: 'VE',
  tanzania: 'TZ',
  moldova: 'MD',
  palestine: 'PS',
  vatican: 'VA',
  'vatican city': 'VA',
  brunei: 'BN',
  uae: 'AE',
  micronesia: 'FM',
  kosovo: 'XK',
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
for (const country of COUNTRIES) {
  for (const name of [country.alpha2, country.alpha3, country.name, ...country.aliases]) {
    byKey.set(territoryKey(name), country.alpha2);
  }
}
for (const [name, alpha2] of Object.entries(EXTRA_NAMES)) byKey.set(territoryKey(name), alpha2);
const noCountry = new Set(NO_SINGLE_COUNTRY.map(territoryKey));

/** ISO alpha-2 from alpha-2, alpha-3 or an English name; null for blank or worldwide values. */
export function parseTerritory(raw: string): Normalised<string | null> {
  const key = territoryKey(raw);
  if (key === '' || noCountry.has(key) || noCountry.has(raw.trim())) return ok(null);
  const alpha2 = byKey.get(key);
  return alpha2 ? ok(alpha2) : fail(`Territory ${quote(raw)} is not a known country`);
}
