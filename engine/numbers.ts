// Decimal text <-> integer counts, the one place that parses and prints numbers.
import Decimal from 'decimal.js';

/** Money inside the engine: an integer count of 10^-12 currency units. */
export const MONEY_SCALE = 12;
/** Percent inside the engine: an integer count of 10^-4 percent; 100% = 1,000,000. */
export const PERCENT_SCALE = 4;
export const WHOLE_PERCENT = 1_000_000n;

const Exact = Decimal.clone({ precision: 1000, toExpNeg: -9e15, toExpPos: 9e15 });

const moneyPattern = /^-?[0-9]+(\.[0-9]+)?$/;
const percentPattern = /^[0-9]+(\.[0-9]{1,4})?$/;
const integerTextPattern = /^-?[0-9]+$/;

function toCount(text: string, scale: number, rounding: Decimal.Rounding): bigint {
  const fixed = new Exact(text).toFixed(scale, rounding);
  return BigInt(fixed.replace('.', ''));
}

function fromCount(count: bigint, scale: number): string {
  return new Exact(count.toString()).dividedBy(new Exact(10).pow(scale)).toFixed();
}

/** Money text to a count of 10^-12, rounded half-even; null when the text is not money. */
export function parseMoney(text: unknown): bigint | null {
  if (typeof text !== 'string' || !moneyPattern.test(text)) return null;
  return toCount(text, MONEY_SCALE, Exact.ROUND_HALF_EVEN);
}

/** Percent text (0..100, at most 4 decimals) to a count of 10^-4 percent; null otherwise. */
export function parsePercent(text: unknown): bigint | null {
  if (typeof text !== 'string' || !percentPattern.test(text)) return null;
  const count = toCount(text, PERCENT_SCALE, Exact.ROUND_DOWN);
  return count > WHOLE_PERCENT ? null : count;
}

/** An integer written as text (`-?digits`); null otherwise. */
export function parseIntegerText(text: unknown): bigint | null {
  if (typeof text !== 'string' || !integerTextPattern.test(text)) return null;
  return BigInt(text);
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
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const l = left.next();
    const r = right.next();
    if (l.done === true) return r.done === true ? 0 : -1;
    if (r.done === true) return 1;
    const difference = (l.value.codePointAt(0) ?? 0) - (r.value.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
}

export function minOf(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((smallest, value) => (value < smallest ? value : smallest), first);
}

export function maxOf(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((largest, value) => (value > largest ? value : largest), first);
}
