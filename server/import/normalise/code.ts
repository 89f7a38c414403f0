import type { RecordCodeKind } from '../types';
import { CUSTOM_CODE_MAX, ISRC_LENGTH, normaliseCode } from '../../../rules/productRules';
import { MAX_TEXT_CHARS } from './text';
import { fail, looksLikeFormula, ok, quote, type Normalised } from './result';

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;
const SCIENTIFIC = /^\d+(?:[.,]\d+)?E\+?\d+$/i;

/**
 * A product code as the catalog stores it (rules/codes.ts, the one normalisation): ISRC
 * upper-case without hyphens or spaces; UPC/EAN as 12 or 13 digits, a lost leading zero put back
 * on 11 digits (a spreadsheet dropped it), and leading zeros that pad a 12-digit UPC-A to EAN-13
 * or GTIN-14 taken off, so a row finds its product however either spells the barcode;
 * a custom code upper-case without spaces, at most 32 characters, as a product's custom code is
 * stored (server/catalog/codes.ts), so `sg 01 lp` in a file finds the product coded `SG01LP`;
 * a title (a layout without codes) trimmed, its inner spaces one space, kept as written.
 */
export function parseCode(raw: string, kind: RecordCodeKind): Normalised<string> {
  const text = raw.trim();
  // A title is text like any other title: kept verbatim, a formula-looking one too.
  if (kind !== 'title' && looksLikeFormula(text)) {
    return fail(`Code ${quote(raw)} looks like a formula, not ${label(kind)}`);
  }
  switch (kind) {
    case 'isrc': {
      const isrc = normaliseCode(text, 'isrc');
      if (isrc.length !== ISRC_LENGTH) {
        return fail(`ISRC must be ${ISRC_LENGTH} characters (${quote(raw)})`);
      }
      if (!ISRC.test(isrc)) return fail(`ISRC ${quote(raw)} is not a valid ISRC`);
      return ok(isrc);
    }
    case 'upc': {
      if (SCIENTIFIC.test(text)) {
        return fail(
          `UPC/EAN ${quote(raw)} was turned into a number by a spreadsheet program and lost digits`,
        );
      }
      let digits = text.replace(/[-\s]/g, '').replace(/\.0+$/, '');
      if (!/^\d+$/.test(digits)) return fail(`UPC/EAN must be 12 or 13 digits (${quote(raw)})`);
      // A leading zero a spreadsheet dropped is put back; then the catalog's one spelling.
      if (digits.length === 11) digits = `0${digits}`;
      const upc = normaliseCode(digits, 'upc');
      if (upc.length !== 12 && upc.length !== 13) {
        return fail(`UPC/EAN must be 12 or 13 digits (${quote(raw)})`);
      }
      return ok(upc);
    }
    case 'custom': {
      const custom = normaliseCode(text, 'custom');
      if (custom.length > CUSTOM_CODE_MAX) {
        return fail(`A custom code is limited to ${CUSTOM_CODE_MAX} characters (${quote(raw)})`);
      }
      return ok(custom);
    }
    case 'title': {
      const title = text.replace(/\s+/g, ' ');
      if (title.length > MAX_TEXT_CHARS) {
        return fail(`Title is longer than ${MAX_TEXT_CHARS} characters`);
      }
      return ok(title);
    }
  }
}

function label(kind: RecordCodeKind): string {
  return kind === 'isrc'
    ? 'an ISRC'
    : kind === 'upc'
      ? 'a UPC/EAN'
      : kind === 'title'
        ? 'a title'
        : 'a code';
}
