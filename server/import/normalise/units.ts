import { readDecimal, type NumberFormat } from './number';
import { fail, ok, quote, type Normalised } from './result';

/** Whole units, negative for returns; '1,234', '(3)', '12.0' are read, '1.5' is an error. */
export function parseUnits(raw: string, format: NumberFormat): Normalised<number> {
  const parts = readDecimal(raw, format, 'Units', false);
  if (!parts.ok) return parts;
  const { negative, digits, scale } = parts.value;
  const integer = digits.slice(0, digits.length - scale);
  if (/[1-9]/.test(digits.slice(digits.length - scale))) {
    return fail(`Units ${quote(raw)} must be a whole number`);
  }
  const units = Number(integer || '0');
  if (!Number.isSafeInteger(units)) return fail(`Units ${quote(raw)} is too large`);
  return ok(negative && units !== 0 ? -units : units);
}
