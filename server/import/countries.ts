import isoCountries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

// ISO 3166-1 countries: alpha-2, alpha-3, English names and their variants, from the maintained
// i18n-iso-countries data (MIT), which includes XK (Kosovo): user-assigned, but used by every DSP.

export interface Country {
  alpha2: string;
  alpha3: string;
  name: string;
  aliases: readonly string[];
}

isoCountries.registerLocale(en);

/** Every country the library knows, its English names as the library gives them (first = main). */
export const COUNTRIES: readonly Country[] = Object.entries(
  isoCountries.getNames('en', { select: 'all' }),
).map(([alpha2, names]) => {
  const [name = alpha2, ...aliases] = names;
  return { alpha2, alpha3: isoCountries.alpha2ToAlpha3(alpha2) ?? alpha2, name, aliases };
});

/**
 * ISO 3166-1 short names (older and current) that the library does not list, as distributors
 * write them: the official "name, qualifier" form and names ISO has since changed.
 */
export const ISO_SHORT_NAMES: Readonly<Record<string, string>> = {
  Congo: 'CG',
  'Congo, The Democratic Republic of the': 'CD',
  'Congo, Democratic Republic of the': 'CD',
  'Viet Nam': 'VN',
  'Iran, Islamic Republic of': 'IR',
  'Bolivia, Plurinational State of': 'BO',
  'Venezuela, Bolivarian Republic of': 'VE',
  'Tanzania, United Republic of': 'TZ',
  'Palestinian Territory, Occupied': 'PS',
  'Palestine, State of': 'PS',
  'Macedonia, the Former Yugoslav Republic of': 'MK',
  "Korea, Democratic People's Republic of": 'KP',
  'Libyan Arab Jamahiriya': 'LY',
  Swaziland: 'SZ',
  'Cabo Verde': 'CV',
  'Saint Helena, Ascension and Tristan da Cunha': 'SH',
  'Holy See': 'VA',
  'Micronesia (Federated States of)': 'FM',
};
