// One spelling per code, shared by the catalog, the importer, the projection of product events,
// statement matching, search and the browser's product form (pure: no server imports).
//
// - UPC/EAN: a GTIN-12 (UPC-A), GTIN-13 (EAN-13) or GTIN-14 is one number right-aligned in 14
//   digits, its leading zeros padding. Spaces and hyphens are dropped and so are the leading
//   zeros past 12 digits: `0859700000023`, `00859700000023`, `0-85970-00002-3` and
//   `859700000023` are all stored, compared and searched as `859700000023` (12 digits for a
//   UPC-A, 13 for an EAN-13 not starting with 0, 14 only for a GTIN-14 whose indicator digit is
//   not 0). Removing padding zeros never changes the number, so it is done whether or not the
//   check digit is right; a code with a wrong check digit is kept otherwise as written (the
//   demo's own codes and many distributors' test codes have one) and is never "corrected" to,
//   nor matched with, any other number. The product form says so (catalog.codes.upc-check).
// - ISRC: upper-case without hyphens or spaces.
// - Custom code: trimmed, upper-case, without spaces, as products have always stored it.
import type { CodeKind } from './records';

/** The shortest GTIN: 12 digits. */
export const GTIN_MIN_DIGITS = 12;
/** The longest GTIN: 14 digits. */
export const GTIN_MAX_DIGITS = 14;

/** As a product's code is compared and stored (see above). */
export function normaliseCode(code: string, kind: CodeKind): string {
  const trimmed = code.trim().toUpperCase();
  if (kind === 'isrc') return trimmed.replace(/[-\s]/g, '');
  if (kind === 'upc') return normaliseGtin(trimmed.replace(/[-\s]/g, ''));
  return trimmed.replace(/\s/g, '');
}

/**
 * A barcode's digits without the zeros that pad it past 12 digits; anything that is not 12 to 14
 * digits is returned as given, for the caller to refuse.
 */
export function normaliseGtin(digits: string): string {
  if (!/^\d+$/.test(digits)) return digits;
  if (digits.length < GTIN_MIN_DIGITS || digits.length > GTIN_MAX_DIGITS) return digits;
  let number = digits;
  while (number.length > GTIN_MIN_DIGITS && number.startsWith('0')) number = number.slice(1);
  return number;
}

/** Whether a GTIN's last digit is the GS1 check digit of the others (weights 3 and 1 from the right). */
export function gtinCheckDigitValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const fromRight = body.length - 1 - index;
    sum += Number(body[index]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/**
 * The spellings a search for `text` may find a code under: as typed, and as the code would be
 * stored were it a barcode or an ISRC (`0859700000023` finds `859700000023`, `us-rc1` finds
 * `USRC1...`).
 */
export function codeSearchPrefixes(text: string): string[] {
  const typed = text.trim();
  const compact = typed.toUpperCase().replace(/[-\s]/g, '');
  return [...new Set([typed, compact, normaliseGtin(compact)])].filter((prefix) => prefix !== '');
}
