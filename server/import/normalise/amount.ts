import { MAX_MONEY_INTEGER_DIGITS } from '../../../rules/money';
import { readDecimal, type NumberFormat } from './number';
import { fail, ok, quote, type Normalised } from './result';

/** Places kept in a stored amount. */
export const AMOUNT_SCALE = 12;
/**
 * Integer digits allowed before an amount is taken to be garbage: the portal's limit on amounts
 * (rules/money.ts), so a row the import takes never makes the calculation fail.
 */
export const MAX_INTEGER_DIGITS = MAX_MONEY_INTEGER_DIGITS;
const MAX_DIGITS = 80;

export interface Amount {
  /** Canonical decimal text: '-12.5', '0.000123456789', '0'. */
  value: string;
  /** True when digits past the 12th place were rounded off (half to even). */
  rounded: boolean;
}

/**
 * An amount as an exact decimal string. More than 12 decimals are rounded half to even at the
 * 12th place (banker's rounding: no bias when millions of rows are summed); the caller counts
 * such cells so the rounding is visible. The canonical text has no exponent, no leading zeros,
 * no trailing fraction zeros and no '-0'.
 */
export function parseAmount(raw: string, format: NumberFormat): Normalised<Amount> {
  const parts = readDecimal(raw, format, 'Amount', true);
  if (!parts.ok) return parts;
  const { negative } = parts.value;
  let { digits, scale } = parts.value;
  if (digits.length > MAX_DIGITS) return fail(`Amount ${quote(raw)} has too many digits`);
  let rounded = false;
  if (scale > AMOUNT_SCALE) {
    const keep = digits.length - (scale - AMOUNT_SCALE);
    const dropped = digits.slice(keep);
    const kept = digits.slice(0, keep) || '0';
    rounded = /[1-9]/.test(dropped);
    const first = dropped.charCodeAt(0) - 48;
    const beyondHalf = first > 5 || (first === 5 && /[1-9]/.test(dropped.slice(1)));
    const exactlyHalf = first === 5 && !beyondHalf;
    const lastKeptOdd = (kept.charCodeAt(kept.length - 1) - 48) % 2 === 1;
    digits = beyondHalf || (exactlyHalf && lastKeptOdd) ? (BigInt(kept) + 1n).toString() : kept;
    scale = AMOUNT_SCALE;
  }
  const value = formatDecimal(negative, digits, scale);
  const sign = value.startsWith('-') ? 1 : 0;
  const point = value.indexOf('.');
  const integerDigits = (point === -1 ? value.length : point) - sign;
  if (integerDigits > MAX_INTEGER_DIGITS) return fail(`Amount ${quote(raw)} is too large`);
  return ok({ value, rounded });
}

/** Canonical text of ±digits × 10^-scale. */
export function formatDecimal(negative: boolean, digits: string, scale: number): string {
  const padded = digits.padStart(scale + 1, '0');
  let integer = padded.slice(0, padded.length - scale);
  let fraction = padded.slice(padded.length - scale);
  // The replaces only when they have something to take: most amounts have nothing.
  if (integer.length > 1 && integer.startsWith('0')) integer = integer.replace(/^0+(?=\d)/, '');
  if (fraction.endsWith('0')) fraction = fraction.replace(/0+$/, '');
  const text = fraction ? `${integer}.${fraction}` : integer;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** An amount as an integer count of 10^-12, for exact sums. */
export function toScaled(amount: string): bigint {
  const negative = amount.startsWith('-');
  const unsigned = negative ? amount.slice(1) : amount;
  // Cut where split('.') would, without the array: called once per record.
  const point = unsigned.indexOf('.');
  const integer = point === -1 ? unsigned : unsigned.slice(0, point);
  const end = point === -1 ? -1 : unsigned.indexOf('.', point + 1);
  const fraction =
    point === -1 ? '' : unsigned.slice(point + 1, end === -1 ? unsigned.length : end);
  const scaled = BigInt(integer + fraction.padEnd(AMOUNT_SCALE, '0'));
  return negative ? -scaled : scaled;
}

export function fromScaled(scaled: bigint): string {
  const negative = scaled < 0n;
  return formatDecimal(negative, (negative ? -scaled : scaled).toString(), AMOUNT_SCALE);
}

/** units × a per-unit amount, exact (Apple reports a price per unit, not a line total). */
export function multiplyAmount(amount: string, units: number): string {
  return fromScaled(toScaled(amount) * BigInt(units));
}
