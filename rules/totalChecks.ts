// Whether what a statement's files read to is plausible enough to count without the label's
// confirmation: the figures the server holds a statement on, and the bounds it uses. Pure: the
// server gathers the figures (server/statements/totalChecks.ts), the browser names them.
import { minorUnitsOf } from './currencies';

/** Exact decimal arithmetic on amounts of up to 12 decimals, as bigints of 10^-12. */
const SCALE = 12;
const ONE = 10n ** BigInt(SCALE);

function scaled(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [integer = '0', fraction = ''] = (
    negative || amount.startsWith('+') ? amount.slice(1) : amount
  ).split('.');
  const value =
    BigInt(integer || '0') * ONE + BigInt((fraction + '0'.repeat(SCALE)).slice(0, SCALE) || '0');
  return negative ? -value : value;
}

function unscaled(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(SCALE + 1, '0');
  const integer = digits.slice(0, -SCALE);
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
}

const abs = (value: bigint) => (value < 0n ? -value : value);

/** The expected total may differ from what was read by one cent per file read, no more. */
export const EXPECTED_TOLERANCE_PER_FILE = '0.01';

/** A statement whose total is more than this many times the distributor's largest month is held. */
export const HISTORY_FACTOR = 10n;

/**
 * Totals under this many minor units of the currency (10,000 cents: 100.00 USD, EUR or GBP;
 * 10,000 JPY) are never held for being out of line with the history: a label's first cents from
 * a distributor growing to a few euros is a new release, not a misread file, and a misread that
 * small cannot hurt anyone.
 */
export const HISTORY_FLOOR_MINOR_UNITS = 10_000n;

/**
 * The most a stream or a video view may earn, in minor units of the statement's currency
 * (100,000 cents: 1,000.00 USD, EUR or GBP; 100,000 JPY). Streaming services pay fractions of a
 * cent per stream; a column that is not money (an id, a count, a date) read as revenue gives
 * figures far past this, while no real statement comes near it. A tighter bound would need each
 * store's rates per currency, which the portal does not keep.
 */
export const MAX_MINOR_UNITS_PER_STREAM = 100_000n;

/** The figures of a read statement the checks look at (exact decimal strings). */
export interface ReadTotals {
  currency: string | null;
  /** The sum of every record's revenue. */
  revenue: string;
  /** Revenue and units of the records that are streams or video views. */
  streamRevenue: string;
  streamUnits: string;
  /** Files read. */
  files: number;
}

/** Why a statement is held for the label's confirmation, with the figures it is held on. */
export type TotalHold =
  | {
      check: 'expected';
      currency: string | null;
      read: string;
      expected: string;
    }
  | {
      check: 'history';
      currency: string | null;
      read: string;
      /** The largest month of the label's statements from this distributor in this currency. */
      largestMonth: string;
      month: string;
      /** read / largestMonth, whole times, rounded down. */
      times: string;
    }
  | {
      check: 'perUnit';
      currency: string | null;
      read: string;
      /** Revenue per stream or view, rounded down to the currency's minor unit. */
      perUnit: string;
      units: string;
      bound: string;
    };

/** The largest month of the label's past statements from this distributor, in this currency. */
export interface LargestMonth {
  month: string;
  revenue: string;
}

/**
 * Whether a read statement is held, and on which figure. With an expected total, only that is
 * compared: a difference beyond a cent per file holds it. Without one, a total of 100.00 or more
 * (in minor units) that is more than ten times the largest month of the label's history with the
 * distributor (none: no check), or
 * streams earning more than the bound each, hold it. A figure the label confirmed is not held
 * again when the same total is read again.
 */
export function totalHold(
  read: ReadTotals,
  context: { expected: string | null; largestMonth: LargestMonth | null; confirmed: string | null },
): TotalHold | null {
  const total = scaled(read.revenue);
  if (context.confirmed !== null && scaled(context.confirmed) === total) return null;
  const base = { currency: read.currency, read: unscaled(total) };
  if (context.expected !== null) {
    const tolerance = scaled(EXPECTED_TOLERANCE_PER_FILE) * BigInt(Math.max(1, read.files));
    return abs(total - scaled(context.expected)) > tolerance
      ? { check: 'expected', ...base, expected: unscaled(scaled(context.expected)) }
      : null;
  }
  const minor = 10n ** BigInt(minorUnitsOf(read.currency ?? 'USD'));
  const largest = context.largestMonth ? abs(scaled(context.largestMonth.revenue)) : 0n;
  const material = abs(total) * minor >= HISTORY_FLOOR_MINOR_UNITS * ONE;
  if (context.largestMonth && largest > 0n && material && abs(total) > largest * HISTORY_FACTOR) {
    return {
      check: 'history',
      ...base,
      largestMonth: unscaled(scaled(context.largestMonth.revenue)),
      month: context.largestMonth.month,
      times: (abs(total) / largest).toString(),
    };
  }
  const units = scaled(read.streamUnits);
  if (units > 0n) {
    const streamRevenue = scaled(read.streamRevenue);
    // revenue / units > bound / minor, without dividing.
    if (streamRevenue * minor > MAX_MINOR_UNITS_PER_STREAM * units) {
      const perUnitMinor = (streamRevenue * minor) / units;
      return {
        check: 'perUnit',
        ...base,
        perUnit: unscaled((perUnitMinor * ONE) / minor),
        units: unscaled(units),
        bound: unscaled((MAX_MINOR_UNITS_PER_STREAM * ONE) / minor),
      };
    }
  }
  return null;
}
