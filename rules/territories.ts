// Territories a distributor reports that are no single country: kept as written (a record's
// territory), shown under their own name in the analytics, never refused and never a country.

/**
 * The stored code of each non-country territory. None is an ISO 3166-1 country code: `WW`, `OU`,
 * `XX` and `EU` are not assigned to a country, and `ROW` is no alpha-3 code.
 */
export const NON_COUNTRY_TERRITORIES = ['WW', 'ROW', 'OU', 'EU', 'XX'] as const;
export type NonCountryTerritory = (typeof NON_COUNTRY_TERRITORIES)[number];

export function isNonCountryTerritory(code: string): code is NonCountryTerritory {
  return (NON_COUNTRY_TERRITORIES as readonly string[]).includes(code);
}
