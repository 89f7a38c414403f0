// Decimal text <-> integer counts, the one place that parses and prints numbers.
// Plain string and bigint arithmetic: exact at any size, and fast enough for the inner loop.
import { MAX_MONEY_INTEGER_DIGITS } from '../rules/money';
import { percentCount, WHOLE_PERCENT } from '../rules/percent';

/** Money inside the engine: an integer count of 10^-12 currency units. */
export const MONEY_SCALE = 12;
/** Percent inside the engine: an integer count of 10^-4 percent; 100% = 1,000,000. */
export const PERCENT_SCALE = 4;
export { WHOLE_PERCENT };
/**
 * Most digits a money string may have before the point, leading zeros not counted
 * (engine-rs/README.md, "Further choices (Rust side)" 1): |amount| < 10^15 keeps every sum,
 * counter and product inside the Rust engine's i128 with room to spare. The portal's one limit
 * (rules/money.ts): the API and the forms take no larger amount.
 */
export { MAX_MONEY_INTEGER_DIGITS };
/**
 * Most integer digits of a value in `state` (ENGINE.md): counters and balances sum statement
 * after statement, and 26 digits plus 12 decimals still fit the Rust engine's i128.
 */
export const MAX_STATE_INTEGER_DIGITS = 26;

const moneyPattern = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;
const integerTextPattern = /^-?[0-9]+$/;
const ZEROS = '0'.repeat(MONEY_SCALE);

/** Money text to a count of 10^-12, rounded half-even; null when the text is not money. */
export function parseMoney(
  text: unknown,
  maxIntegerDigits: number = MAX_MONEY_INTEGER_DIGITS,
): bigint | null {
  if (typeof text !== 'string') return null;
  const match = moneyPattern.exec(text);
  if (match === null) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  const significant = whole.replace(/^0+/, '');
  if (significant.length > maxIntegerDigits) return null;
  const kept = (fraction.slice(0, MONEY_SCALE) + ZEROS).slice(0, MONEY_SCALE);
  let count = BigInt(significant + kept);
  const dropped = fraction.slice(MONEY_SCALE);
  if (dropped !== '') {
    // Half-even on the dropped digits: above half rounds up, exactly half rounds to even.
    const first = dropped.charCodeAt(0) - 48;
    const restNonZero = /[1-9]/.test(dropped.slice(1));
    if (first > 5 || (first === 5 && (restNonZero || count % 2n === 1n))) count += 1n;
  }
  return sign === '-' ? -count : count;
}

/** Percent text (0..100, at most 4 decimals) to a count of 10^-4 percent; null otherwise. */
export const parsePercent = percentCount;

/** A money value of `state` (a counter, a remaining, a deferred balance): up to 26 integer digits. */
export function parseStateMoney(text: unknown): bigint | null {
  return parseMoney(text, MAX_STATE_INTEGER_DIGITS);
}

/** A units or plays counter of `state` (`-?digits`, up to 26 significant digits); null otherwise. */
export function parseIntegerText(text: unknown): bigint | null {
  if (typeof text !== 'string' || !integerTextPattern.test(text)) return null;
  if (text.replace(/^-?0*/, '').length > MAX_STATE_INTEGER_DIGITS) return null;
  return BigInt(text);
}

function fromCount(count: bigint, scale: number): string {
  const negative = count < 0n;
  const digits = (negative ? -count : count).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** Normalised money text: no exponent, no trailing zeros, "-" for negatives, "0" for zero. */
export function formatMoney(count: bigint): string {
  return fromCount(count, MONEY_SCALE);
}

export function formatPercent(count: bigint): string {
  return fromCount(count, PERCENT_SCALE);
}

/** trunc(amount * pct / 100%), toward zero. */
export function percentOf(amount: bigint, pct: bigint): bigint {
  return (amount * pct) / WHOLE_PERCENT;
}

/** Compares by Unicode code point, which is UTF-8 byte order (what Rust's str ordering uses). */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left === right) continue;
    // The first difference: compare whole code points there (a surrogate pair is one code point,
    // above every BMP character, which plain UTF-16 order would get wrong for U+E000..U+FFFF).
    return (a.codePointAt(index) ?? left) - (b.codePointAt(index) ?? right);
  }
  return a.length - b.length;
}

export function minOf(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((smallest, value) => (value < smallest ? value : smallest), first);
}

export function maxOf(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((largest, value) => (value > largest ? value : largest), first);
}
