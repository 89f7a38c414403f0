// Postal codes per country, as each postal service writes them; the browser and the server check
// alike (business and personal addresses). A country without its own rule gets a loose generic one.

const RULES: Readonly<Record<string, RegExp>> = {
  // ZIP or ZIP+4.
  US: /^\d{5}(-?\d{4})?$/,
  // Canada Post: A1A 1A1, never D F I O Q U, and W Z not first.
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  // Royal Mail: outward code (A9, A99, AA9, AA99, A9A, AA9A) and inward code 9AA.
  GB: /^(GIR ?0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]) ?\d[ABD-HJLNP-UW-Z]{2})$/i,
  FR: /^\d{5}$/,
  DE: /^\d{5}$/,
  // 〒123-4567.
  JP: /^\d{3}-?\d{4}$/,
  CN: /^\d{6}$/,
  // CEP: 12345-678.
  BR: /^\d{5}-?\d{3}$/,
  // The first two digits are the province, 01 to 52.
  ES: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  // CTT: 1234-567.
  PT: /^\d{4}-\d{3}$/,
};

/** The countries whose postal codes follow an exact pattern. */
export const POSTAL_CODE_COUNTRIES: readonly string[] = Object.keys(RULES);

/** Any other country: 2 to 10 letters and digits, spaces and dashes between. */
const GENERIC = /^[A-Z0-9](?:[A-Z0-9 -]{0,8}[A-Z0-9])$/i;

/** Whether `postalCode` is written as `country` (ISO alpha-2) writes its postal codes. */
export function isValidPostalCode(country: string, postalCode: string): boolean {
  const code = postalCode.trim();
  return (RULES[country.toUpperCase()] ?? GENERIC).test(code);
}

/** SPEC section 5: a postal code has its own invalid message. */
export const POSTAL_CODE_INVALID = 'Not a valid postal code';
