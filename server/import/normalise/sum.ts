import {
  AMOUNT_SCALE,
  fromScaled,
  MAX_INTEGER_DIGITS,
  parseAmount,
  toScaled,
  type Amount,
} from './amount';
import type { NumberFormat } from './number';
import { fail, ok, quote, type Normalised } from './result';
import { parseUnits } from './units';

/** One column of a sum: where it is in the row, and whether it is subtracted. */
export interface SumTerm {
  column: string;
  index: number;
  subtract: boolean;
}

/**
 * The row's terms added and subtracted, exactly (amounts as integers of 10^-12, never floats).
 * A blank cell counts as 0 while another added cell of the row holds a value: a share split over
 * two columns may leave one empty, a fee column is empty when nothing was deducted. When every
 * added cell is blank the amount is missing, as a blank single column is. A cell that is no
 * amount is the row's error, naming its column.
 */
export function sumAmounts(
  cells: readonly string[],
  terms: readonly SumTerm[],
  format: NumberFormat,
): Normalised<Amount> {
  const missing = missingIn(cells, terms, 'Amount');
  if (missing) return fail(missing);
  let scaled = 0n;
  let rounded = false;
  for (const term of terms) {
    const raw = cells[term.index] ?? '';
    if (raw.trim() === '') continue;
    const amount = parseAmount(raw, format);
    if (!amount.ok) return fail(`Column ${quote(term.column)}: ${amount.message}`);
    rounded ||= amount.value.rounded;
    scaled += term.subtract ? -toScaled(amount.value.value) : toScaled(amount.value.value);
  }
  const value = fromScaled(scaled);
  const magnitude = scaled < 0n ? -scaled : scaled;
  if (magnitude >= 10n ** BigInt(MAX_INTEGER_DIGITS + AMOUNT_SCALE)) {
    return fail(`Amount ${quote(value)}, the sum of ${columnList(terms)}, is too large`);
  }
  return ok({ value, rounded });
}

/** Whole units added and subtracted; blank and unreadable cells as in `sumAmounts`. */
export function sumUnits(
  cells: readonly string[],
  terms: readonly SumTerm[],
  format: NumberFormat,
): Normalised<number> {
  const missing = missingIn(cells, terms, 'Units');
  if (missing) return fail(missing);
  let total = 0n;
  for (const term of terms) {
    const raw = cells[term.index] ?? '';
    if (raw.trim() === '') continue;
    const units = parseUnits(raw, format);
    if (!units.ok) return fail(`Column ${quote(term.column)}: ${units.message}`);
    total += BigInt(term.subtract ? -units.value : units.value);
  }
  const units = Number(total);
  if (!Number.isSafeInteger(units)) {
    return fail(`Units, the sum of ${columnList(terms)}, are too many`);
  }
  return ok(units);
}

/** What is missing when every added cell of the row is blank, else null. */
function missingIn(
  cells: readonly string[],
  terms: readonly SumTerm[],
  what: string,
): string | null {
  const added = terms.filter((term) => !term.subtract);
  if (added.some((term) => (cells[term.index] ?? '').trim() !== '')) return null;
  return added.length === 1
    ? `${what} is missing: column ${columnList(added)} is empty`
    : `${what} is missing: columns ${columnList(added)} are empty`;
}

const columnList = (terms: readonly SumTerm[]) =>
  terms.map((term) => quote(term.column)).join(', ');
