import Decimal from 'decimal.js';

/** The currencies of some rows, in the order they first appear. */
export const currenciesOf = (rows: readonly { currency: string | null }[]): string[] => [
  ...new Set(rows.flatMap((row) => (row.currency ? [row.currency] : []))),
];

/** The exact sum of one field of the rows of a currency, as decimal text. */
export function totalOf<Row extends { currency: string | null }>(
  rows: readonly Row[],
  currency: string,
  field: (row: Row) => string,
): string {
  return rows
    .filter((row) => row.currency === currency)
    .reduce((total, row) => total.plus(field(row)), new Decimal(0))
    .toFixed();
}
