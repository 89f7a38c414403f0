/**
 * Text in a SEPA file. The EPC's implementation guidelines admit only the Latin character set
 * below in names and remittance; a name with other characters is transliterated the way banks
 * do it (é to e, ß to ss, & to +), and what has no Latin form is left out.
 */

const SEPA_CHARACTER = /[a-zA-Z0-9/\-?:().,'+ ]/;

/** Letters that Unicode does not decompose into a Latin letter and accents. */
const LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'TH',
  þ: 'th',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  Ŀ: 'L',
  ŀ: 'l',
  Ŋ: 'N',
  ŋ: 'n',
  ſ: 's',
  Ŧ: 'T',
  ŧ: 't',
};

/** Signs outside the set with a near one inside it. */
const SIGNS: Readonly<Record<string, string>> = {
  '&': '+',
  '"': "'",
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
  _: '-',
  ';': ',',
  '!': '.',
  '<': '(',
  '>': ')',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '\\': '/',
};

/** `text` in the SEPA character set, spaces collapsed, cut to `maxLength` characters. */
export function toSepaText(text: string, maxLength: number): string {
  let latin = '';
  for (const character of text.normalize('NFKD')) {
    if (/\p{M}/u.test(character)) continue;
    const replacement = LETTERS[character] ?? SIGNS[character] ?? character;
    latin += SEPA_CHARACTER.test(replacement) && replacement.length > 0 ? replacement : ' ';
  }
  return latin.replace(/\s+/g, ' ').trim().slice(0, maxLength).trimEnd();
}

/**
 * The characters of identifiers (message, payment block and end-to-end ids): the SEPA set
 * without spaces, neither starting nor ending with "/" and without "//".
 */
export const isSepaIdentifier = (id: string, maxLength = 35): boolean =>
  id.length >= 1 &&
  id.length <= maxLength &&
  /^[a-zA-Z0-9/\-?:().,'+]+$/.test(id) &&
  !id.startsWith('/') &&
  !id.endsWith('/') &&
  !id.includes('//');

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an XML element or attribute value. */
export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
