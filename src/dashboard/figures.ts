import { formatMoney, parseStateMoney } from '../../engine/numbers';

/** The currencies of some rows, in the order they first appear. */
export const currenciesOf = (rows: readonly { currency: string | null }[]): string[] => [
  ...new Set(rows.flatMap((row) => (row.currency ? [row.currency] : []))),
];

/**
 * The exact sum of one field of the rows of a currency, as decimal text: counts of 10^-12 added as
 * integers. An amount that is not money text stops the sum rather than counting as zero.
 */
export function totalOf<Row extends { currency: string | null }>(
  rows: readonly Row[],
  currency: string,
  field: (row: Row) => string,
): string {
  let total = 0n;
  for (const row of rows) {
    if (row.currency !== currency) continue;
    const text = field(row);
    const amount = parseStateMoney(text);
    if (amount === null) throw new Error(`not an amount: ${text}`);
    total += amount;
  }
  return formatMoney(total);
}
