import { fail, looksLikeFormula, ok, quote, type Normalised } from './result';

export interface NumberFormat {
  /** '1.234,56': the comma separates decimals and the dot groups thousands. */
  decimalComma: boolean;
}

/** A number read from text as digits, never through a float. */
export interface DecimalParts {
  negative: boolean;
  /** All significant digits, integer part then fraction, without a decimal point. */
  digits: string;
  /** How many of `digits` are after the decimal point (never negative). */
  scale: number;
}

// Spaces of every kind and the Swiss apostrophe group thousands in either format.
const SPACE_GROUP = /[ \u00a0\u202f\u2009']/g;
const CURRENCY_PREFIX = /^(?:[A-Z]{0,3}[$€£¥₩₹₽]|[A-Z]{3}\s)\s*/;
const CURRENCY_SUFFIX = /\s*(?:[$€£¥₩₹₽]|\s[A-Z]{3})$/;
const EXPONENT = /[eE]([-+]?\d{1,3})$/;
const MAX_EXPONENT = 40;
// What nearly every cell holds: the general reading below gives exactly these parts for it.
const PLAIN_POINT = /^(-?)(\d+)(?:\.(\d+))?$/;
const PLAIN_COMMA = /^(-?)(\d+)(?:,(\d+))?$/;
const DIGITS = /^\d*$/;
const GROUP_SEPARATORS = { '.': /[ .]/, ',': /[ ,]/ } as const;

/**
 * Reads '1,234.56', '1.234,56' (decimal comma), '(12.34)', '-12.34', '12.34-', '$12.34',
 * '12,34 €', '1.5E-05'. A group separator must be followed by exactly three digits, so a
 * number written in the other convention ('12,34' where a decimal point is expected) is an
 * error instead of being read a hundred times too large.
 */
export function readDecimal(
  raw: string,
  format: NumberFormat,
  what: string,
  allowCurrency: boolean,
): Normalised<DecimalParts> {
  let text = raw.trim();
  const plain = (format.decimalComma ? PLAIN_COMMA : PLAIN_POINT).exec(text);
  if (plain) {
    const [, sign = '', integer = '', fraction = ''] = plain;
    return ok({ negative: sign === '-', digits: integer + fraction, scale: fraction.length });
  }
  if (text === '') return fail(`${what} is missing`);
  if (looksLikeFormula(text))
    return fail(`${what} ${quote(raw)} looks like a formula, not a number`);
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  for (let pass = 0; pass < 2; pass++) {
    const sign = text.charAt(0);
    if (sign === '-' || sign === '−' || sign === '+') {
      if (negative && sign !== '+') return fail(`${what} ${quote(raw)} has two minus signs`);
      negative = sign !== '+';
      text = text.slice(1).trimStart();
    }
    if (allowCurrency) text = text.replace(CURRENCY_PREFIX, '');
  }
  if (allowCurrency) text = text.replace(CURRENCY_SUFFIX, '');
  if (text.endsWith('-')) {
    if (negative) return fail(`${what} ${quote(raw)} has two minus signs`);
    negative = true;
    text = text.slice(0, -1).trimEnd();
  }
  let exponent = 0;
  const exponentMatch = EXPONENT.exec(text);
  if (exponentMatch) {
    exponent = Number(exponentMatch[1]);
    if (Math.abs(exponent) > MAX_EXPONENT) return fail(`${what} ${quote(raw)} is out of range`);
    text = text.slice(0, exponentMatch.index);
  }
  const decimalMark = format.decimalComma ? ',' : '.';
  const groupMark = format.decimalComma ? '.' : ',';
  const pointAt = text.indexOf(decimalMark);
  if (pointAt !== -1 && text.indexOf(decimalMark, pointAt + 1) !== -1) {
    return fail(
      `${what} ${quote(raw)} has more than one decimal ${format.decimalComma ? 'comma' : 'point'}`,
    );
  }
  const integerText = pointAt === -1 ? text : text.slice(0, pointAt);
  const fraction = pointAt === -1 ? '' : text.slice(pointAt + 1);
  if (!/^\d*$/.test(fraction)) return fail(`${what} ${quote(raw)} is not a number`);
  const integer = readGroupedInteger(integerText.replace(SPACE_GROUP, ' '), groupMark);
  if (integer === null) {
    const other = format.decimalComma ? 'a decimal point' : 'a decimal comma';
    const hint = /^[\d ]*[.,]\d{1,2}$/.test(integerText)
      ? ` (it looks like ${other}, which this layout does not use)`
      : '';
    return fail(`${what} ${quote(raw)} is not a number${hint}`);
  }
  if (integer === '' && fraction === '') return fail(`${what} ${quote(raw)} is not a number`);
  let digits = integer + fraction;
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return ok({ negative, digits, scale });
}

/** '1,234,567' → '1234567'; null when the grouping is not thousands. */
function readGroupedInteger(text: string, groupMark: '.' | ','): string | null {
  if (DIGITS.test(text)) return text;
  const groups = text.split(GROUP_SEPARATORS[groupMark]);
  if (groups.length === 1) return null;
  const [first, ...rest] = groups;
  // A leading zero never starts a thousands group: '0,016' is not sixteen.
  if (!first || !/^[1-9]\d{0,2}$/.test(first)) return null;
  for (const group of rest) if (!/^\d{3}$/.test(group)) return null;
  return groups.join('');
}
