import type { CodeKind } from '../types';
import { fail, looksLikeFormula, ok, quote, type Normalised } from './result';

export const CUSTOM_CODE_MAX = 32;
const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;
const SCIENTIFIC = /^\d+(?:[.,]\d+)?E\+?\d+$/i;

/**
 * A product code as stored: ISRC upper-case without hyphens or spaces; UPC/EAN as 12 or 13
 * digits, a lost leading zero put back on 11 digits (a spreadsheet dropped it), and leading zeros
 * that pad a 12-digit UPC-A to EAN-13 or GTIN-14 taken off, so one product has one stored code; a custom code trimmed, at most 32 characters.
 */
export function parseCode(raw: string, kind: CodeKind): Normalised<string> {
  const text = raw.trim();
  if (looksLikeFormula(text)) {
    return fail(`Code ${quote(raw)} looks like a formula, not ${label(kind)}`);
  }
  switch (kind) {
    case 'isrc': {
      const isrc = text.replace(/[-\s]/g, '').toUpperCase();
      if (isrc.length !== 12) return fail(`ISRC must be 12 characters (${quote(raw)})`);
      if (!ISRC.test(isrc)) return fail(`ISRC ${quote(raw)} is not a valid ISRC`);
      return ok(isrc);
    }
    case 'upc': {
      if (SCIENTIFIC.test(text)) {
        return fail(
          `UPC/EAN ${quote(raw)} was turned into a number by a spreadsheet program and lost digits`,
        );
      }
      let upc = text.replace(/[-\s]/g, '').replace(/\.0+$/, '');
      if (!/^\d+$/.test(upc)) return fail(`UPC/EAN must be 12 or 13 digits (${quote(raw)})`);
      // One GTIN, one stored form: zeros padding past 12 digits are dropped, a lost one restored.
      if (upc.length === 11) upc = `0${upc}`;
      while (upc.length > 12 && upc.startsWith('0')) upc = upc.slice(1);
      if (upc.length !== 12 && upc.length !== 13) {
        return fail(`UPC/EAN must be 12 or 13 digits (${quote(raw)})`);
      }
      return ok(upc);
    }
    case 'custom':
      if (text.length > CUSTOM_CODE_MAX) {
        return fail(`A custom code is limited to ${CUSTOM_CODE_MAX} characters (${quote(raw)})`);
      }
      return ok(text);
  }
}

function label(kind: CodeKind): string {
  return kind === 'isrc' ? 'an ISRC' : kind === 'upc' ? 'a UPC/EAN' : 'a code';
}
