/** One set of display formats (SPEC section 9), used by every page. */
import { minorUnitsOf } from '../../rules/currencies';

export type NumericInput = number | string;

const DECIMAL = /^-?(\d+)(\.\d+)?$/;

/** Decimal strings stay strings (money is never a float); numbers are written out in full. */
function toDecimalString(value: NumericInput): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  }
  const trimmed = value.trim();
  return DECIMAL.test(trimmed) ? trimmed : null;
}

function splitSign(value: NumericInput): { negative: boolean; magnitude: string } | null {
  const decimal = toDecimalString(value);
  if (decimal === null) return null;
  const negative = decimal.startsWith('-') && /[1-9]/.test(decimal);
  return { negative, magnitude: decimal.replace(/^-/, '') };
}

const parenthesise = (text: string, negative: boolean) => (negative ? `(${text})` : text);

export interface CurrencyOptions {
  currency?: string;
  locale?: string;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** Currency with 2 to 5 decimals; negative amounts in parentheses: `($1,234.50)`. */
export function formatCurrency(value: NumericInput, options: CurrencyOptions = {}): string {
  const parts = splitSign(value);
  if (!parts) return '';
  const format = new Intl.NumberFormat(options.locale ?? 'en-US', {
    style: 'currency',
    currency: options.currency ?? 'USD',
    minimumFractionDigits: options.minimumFractionDigits ?? 2,
    maximumFractionDigits: options.maximumFractionDigits ?? 5,
  });
  return parenthesise(format.format(parts.magnitude as Intl.StringNumericLiteral), parts.negative);
}

/**
 * A decimal cut to `digits` decimals toward zero (`0.0095` to 2 is `0.00`): what whole minor units
 * of a balance a payment can move. Not a decimal: returned as given.
 */
export function roundDown(value: NumericInput, digits: number): NumericInput {
  const decimal = toDecimalString(value);
  if (decimal === null) return value;
  const [whole = '0', fraction = ''] = decimal.split('.');
  return digits === 0 ? whole : `${whole}.${fraction.slice(0, digits).padEnd(digits, '0')}`;
}

/**
 * Money as people read it: the currency's minor units (cents for USD, none for JPY) in the
 * reader's locale (`4,61 $US` in French); the exact value is `formatCurrency` with 12 decimals.
 * A balance is rounded down (`$0.0095` is `$0.00`): what is less than a minor unit stays in it.
 */
export function formatMoney(
  value: NumericInput,
  currency: string,
  locale?: string,
  options: { balance?: boolean } = {},
): string {
  const minorUnits = minorUnitsOf(currency);
  return formatCurrency(options.balance ? roundDown(value, minorUnits) : value, {
    currency,
    locale,
    minimumFractionDigits: minorUnits,
    maximumFractionDigits: minorUnits,
  });
}

/** A percentage given in percent units, 2 decimals, negatives in parentheses: `(12.50%)`. */
export function formatPercent(value: NumericInput, decimals = 2): string {
  const parts = splitSign(value);
  if (!parts) return '';
  const format = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return parenthesise(
    `${format.format(parts.magnitude as Intl.StringNumericLiteral)}%`,
    parts.negative,
  );
}

const ABBREVIATIONS = ['', 'K', 'M', 'B', 'T', 'P', 'E'] as const;

/** Large numbers with K, M, B, T, P or E: 1234 is `1.2K`, 2500000 is `2.5M`. */
export function abbreviateNumber(value: number, decimals = 1): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  let magnitude = Math.abs(value);
  let step = 0;
  while (magnitude >= 1000 && step < ABBREVIATIONS.length - 1) {
    magnitude /= 1000;
    step++;
  }
  // Rounding can carry to the next unit: 999,960 is 1.0M, not 1000.0K.
  if (Number(magnitude.toFixed(decimals)) >= 1000 && step < ABBREVIATIONS.length - 1) {
    magnitude /= 1000;
    step++;
  }
  const digits =
    step === 0 ? String(Math.round(magnitude * 100) / 100) : magnitude.toFixed(decimals);
  const trimmed = digits.includes('.') ? digits.replace(/\.?0+$/, '') : digits;
  return `${sign}${trimmed}${ABBREVIATIONS[step]}`;
}

const two = (value: number) => String(value).padStart(2, '0');

/** SPEC section 9's display preferences of the person signed in: time zone, clock and language. */
export interface DisplayPreferences {
  /** An IANA time zone, or `auto` for the browser's. */
  timezone: string;
  clock: string;
  /** The language the person reads the portal in (`en`, `fr`…); dates are written its way. */
  language?: string;
}

let display: Required<DisplayPreferences> = { timezone: 'auto', clock: '12hour', language: 'en' };

/** Set from the session, so every date and time on screen follows the person's choice. */
export function setDisplayPreferences(preferences: DisplayPreferences): void {
  display = { language: 'en', ...preferences };
}

function zoneOptions(timeZone: string | undefined): { timeZone?: string } {
  const zone = timeZone ?? (display.timezone === 'auto' ? undefined : display.timezone);
  return zone ? { timeZone: zone } : {};
}

/** The locale a language's dates are written in: English is the portal's US English. */
const dateLocale = (language: string) => (language === 'en' ? 'en-US' : language);

/**
 * A day as the reader's language writes it in figures, from epoch seconds, in the given time zone
 * (default: the person's, or the browser's): `11/28/2026` in English, `28/11/2026` in French,
 * `2026/11/28` in Japanese. Short enough for a list's date column; SPEC section 1's MM-DD-YYYY is
 * kept for the texts the server writes, which have no reader's language to follow.
 */
export function formatDate(epochSeconds: number, timeZone?: string): string {
  if (!Number.isFinite(epochSeconds)) return '';
  return new Intl.DateTimeFormat(dateLocale(display.language), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...zoneOptions(timeZone),
  }).format(new Date(epochSeconds * 1000));
}

/** The 12-hour clock of SPEC section 9 (`03:07 PM`), or the 24-hour one (`15:07`) when chosen. */
export function formatTime(epochSeconds: number, timeZone?: string): string {
  if (!Number.isFinite(epochSeconds)) return '';
  const hour12 = display.clock !== '24hour';
  const parts = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    ...(hour12 ? { hour12: true } : { hourCycle: 'h23' as const }),
    ...zoneOptions(timeZone),
  }).formatToParts(new Date(epochSeconds * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  const clock = `${two(Number(part('hour')))}:${part('minute')}`;
  return hour12 ? `${clock} ${part('dayPeriod').toUpperCase()}` : clock;
}

export function formatDateTime(epochSeconds: number, timeZone?: string): string {
  if (!Number.isFinite(epochSeconds)) return '';
  return `${formatDate(epochSeconds, timeZone)} ${formatTime(epochSeconds, timeZone)}`;
}
