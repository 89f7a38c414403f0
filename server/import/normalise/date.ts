import { fail, ok, quote, type Normalised } from './result';

export interface DateOptions {
  /** How to read '05/06/2023': month first (US, the default) or day first. */
  dateOrder?: 'mdy' | 'dmy';
  /** Spreadsheet cells may hold dates as Excel serial day numbers (1900 date system). */
  excelSerial?: boolean;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

const TIME = String.raw`(?:[T ]\s*\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp][Mm])?\s*(?:Z|[+-]\d{2}:?\d{2})?)?`;
const ISO_DAY = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const ISO_MONTH = /^(\d{4})[-/.](\d{1,2})$/;
const COMPACT_DAY = /^(\d{4})(\d{2})(\d{2})$/;
const COMPACT_MONTH = /^(\d{4})(\d{2})$/;
const STAT_MONTH = /^(\d{4})M(\d{1,2})$/i;
const NAMED_MONTH_YEAR = /^([A-Za-z]{3,9})\.?[-\s/,]+('?\d{2}|\d{4})$/;
const YEAR_NAMED_MONTH = /^(\d{4})[-\s/]([A-Za-z]{3,9})$/;
const DAY_NAMED_MONTH_YEAR = new RegExp(
  String.raw`^(\d{1,2})[-\s]([A-Za-z]{3,9})\.?[-\s,]+(\d{2}|\d{4})${TIME}$`,
);
const NAMED_MONTH_DAY_YEAR = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/;
const SLASHED = new RegExp(String.raw`^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})${TIME}$`);
const DOTTED = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})${TIME}$`);
const SERIAL = /^\d{1,7}(?:\.\d+)?$/;

/** Day 2958465 is 9999-12-31, the last date Excel shows. */
const MAX_SERIAL = 2958465;

/**
 * A sale date as 'YYYY-MM-DD'; a month alone is its first day. Two-digit years are 20YY
 * (statements are from this century). A time of day is dropped as written, without time zone
 * conversion. Blank is null: a statement row need not carry a date.
 */
export function parseDate(raw: string, options: DateOptions = {}): Normalised<string | null> {
  const text = raw.trim();
  if (text === '') return ok(null);
  let match: RegExpExecArray | null;
  if ((match = ISO_DAY.exec(text)) || (match = COMPACT_DAY.exec(text))) {
    return day(raw, match[1], match[2], match[3]);
  }
  if (
    (match = ISO_MONTH.exec(text)) ||
    (match = STAT_MONTH.exec(text)) ||
    (match = COMPACT_MONTH.exec(text))
  ) {
    return day(raw, match[1], match[2], '1');
  }
  if ((match = NAMED_MONTH_YEAR.exec(text)))
    return named(raw, match[1], match[2]?.replace("'", ''), '1');
  if ((match = YEAR_NAMED_MONTH.exec(text))) return named(raw, match[2], match[1], '1');
  if ((match = DAY_NAMED_MONTH_YEAR.exec(text))) return named(raw, match[2], match[3], match[1]);
  if ((match = NAMED_MONTH_DAY_YEAR.exec(text))) return named(raw, match[1], match[3], match[2]);
  if ((match = DOTTED.exec(text))) return day(raw, match[3], match[2], match[1]);
  if ((match = SLASHED.exec(text))) {
    return options.dateOrder === 'dmy'
      ? day(raw, match[3], match[2], match[1])
      : day(raw, match[3], match[1], match[2]);
  }
  if (options.excelSerial && SERIAL.test(text)) return fromExcelSerial(raw, Number(text));
  return fail(`Date ${quote(raw)} is not a date this layout can read`);
}

function named(raw: string, monthName = '', year = '', dayOfMonth = ''): Normalised<string | null> {
  const month = MONTHS[monthName.toLowerCase()];
  if (!month) return fail(`Date ${quote(raw)} has an unknown month name`);
  return day(raw, year, String(month), dayOfMonth);
}

function day(raw: string, yearText = '', monthText = '', dayText = ''): Normalised<string | null> {
  let year = Number(yearText);
  if (yearText.length === 2) year += 2000;
  const month = Number(monthText);
  const dayOfMonth = Number(dayText);
  if (year < 1900 || year > 2199 || month < 1 || month > 12) {
    return fail(`Date ${quote(raw)} is not a valid date`);
  }
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (dayOfMonth < 1 || dayOfMonth > daysInMonth)
    return fail(`Date ${quote(raw)} is not a valid date`);
  return ok(`${year}-${pad(month)}-${pad(dayOfMonth)}`);
}

/** Excel's 1900 system counts 1900-02-29, a day that never was, so serials from 61 on shift by one. */
function fromExcelSerial(raw: string, serial: number): Normalised<string | null> {
  const whole = Math.floor(serial);
  if (whole < 1 || whole > MAX_SERIAL || whole === 60) {
    return fail(`Date ${quote(raw)} is not a valid Excel date`);
  }
  const epoch = Date.UTC(1899, 11, whole < 60 ? 31 : 30);
  const date = new Date(epoch + whole * 86_400_000);
  return ok(`${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
