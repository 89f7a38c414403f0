import { fromScaled, parseAmount, toScaled } from './normalise/amount';
import { parseDate } from './normalise/date';

/**
 * What a sample column's values look like, whatever its name says: amounts (decimals or signs),
 * counts (whole numbers), ids (whole numbers that rise row by row, or all of one long length),
 * codes (barcodes, ISRCs), dates, rates (percentages), other text, or nothing at all.
 */
export type ValueShape =
  'amounts' | 'counts' | 'ids' | 'codes' | 'dates' | 'rates' | 'text' | 'blank';

/** Share of a column's non-blank cells that must agree for it to have a shape. */
const AGREEING = 0.8;
/** A whole number this long is a barcode or a reference, never a sale's amount or units. */
const CODE_DIGITS = 8;
/** Ids of one length: at least this many digits. */
const ID_DIGITS = 5;
const COMPACT_DATE = /^(19[89]\d|20\d\d)(0[1-9]|1[0-2])((0[1-9]|[12]\d|3[01]))?$/;
const CODE_LIKE = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9-]{6,}$/;

/** A cell read as an amount in the sample's convention, or null when it is none. */
export function amountOf(cell: string, decimalComma: boolean): string | null {
  const read = parseAmount(cell, { decimalComma });
  return read.ok ? read.value.value : null;
}

const isDate = (cell: string) => {
  // A number with one decimal mark is no date (`12.03` is an amount); `12.03.2026` is.
  if (/^[-+(]?\d+([.,]\d+)?\)?$/.test(cell)) return false;
  const read = parseDate(cell);
  return read.ok && read.value !== null;
};

/** The shape of a column's values (see ValueShape), the sample's rows in order. */
export function shapeOf(cells: readonly string[], decimalComma: boolean): ValueShape {
  const values = cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
  const n = values.length;
  if (n === 0) return 'blank';
  const most = (test: (cell: string) => boolean) =>
    values.filter(test).length >= Math.ceil(n * AGREEING);
  if (most((cell) => cell.includes('%'))) return 'rates';
  if (most((cell) => COMPACT_DATE.test(cell)) || most(isDate)) return 'dates';
  const amounts = values.flatMap((cell) => {
    const amount = amountOf(cell, decimalComma);
    return amount === null ? [] : [amount];
  });
  if (amounts.length < Math.ceil(n * AGREEING))
    return most((cell) => CODE_LIKE.test(cell)) ? 'codes' : 'text';
  // `2.00` is written as an amount though it reads as a whole number.
  const mark = decimalComma ? ',' : '.';
  const whole = values.every((cell) => !cell.includes(mark));
  if (!whole) return 'amounts';
  const digits = (amount: string) => amount.replace('-', '').length;
  if (amounts.some((amount) => digits(amount) >= CODE_DIGITS)) return 'codes';
  if (amounts.some((amount) => amount.startsWith('-'))) return 'counts';
  const numbers = amounts.map((amount) => BigInt(amount));
  const distinct = new Set(amounts).size === amounts.length;
  if (distinct && amounts.length >= 3) {
    const rising = numbers.every((value, at) => at === 0 || value > (numbers[at - 1] ?? 0n));
    const steps = new Set(numbers.slice(1).map((value, at) => value - (numbers[at] ?? 0n)));
    const smallest = numbers.reduce((a, b) => (b < a ? b : a));
    // Row numbers and references rise evenly or from far up; sales sorted by size seldom do.
    if (rising && (steps.size === 1 || smallest >= 1000n)) return 'ids';
    const length = digits(amounts[0] ?? '');
    if (length >= ID_DIGITS && amounts.every((amount) => digits(amount) === length)) return 'ids';
  }
  // Integer values written with cell text like `0012`: references kept with their zeros.
  if (values.some((cell) => /^0\d/.test(cell))) return 'ids';
  return 'counts';
}

/** The total of a column's amounts over the sample per currency (null: the sample does not say). */
export function totalsOf(
  cells: readonly string[],
  currencies: readonly (string | null)[],
  decimalComma: boolean,
): Array<{ currency: string | null; total: string }> {
  const sums = new Map<string | null, bigint>();
  cells.forEach((cell, at) => {
    if (cell.trim() === '') return;
    const amount = amountOf(cell, decimalComma);
    if (amount === null) return;
    const currency = currencies[at] ?? null;
    sums.set(currency, (sums.get(currency) ?? 0n) + toScaled(amount));
  });
  return [...sums]
    .map(([currency, sum]) => ({ currency, total: fromScaled(sum) }))
    .sort((a, b) => (a.currency ?? '').localeCompare(b.currency ?? ''));
}
