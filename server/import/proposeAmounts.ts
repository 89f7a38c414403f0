import type { ColumnMapping } from '../../api/layouts';
import type { LayoutVersion } from '../../rules/templateSchema';
import { columnWords } from './columnSynonyms';
import { parseAmount } from './normalise/amount';

// What a sample's columns say of amounts a single column does not hold: a gross amount less a
// fee when no column holds what the label is owed, and a column whose value makes a row negative.

/** Words of a column holding the whole amount before anything is taken off. */
const GROSS = ['gross'];
/** Words of a column holding what the distributor takes off the gross amount. */
const DEDUCTION = ['fee', 'fees', 'commission', 'deduction', 'deductions'];
/** Words of a column holding what the label is owed: with one, nothing is derived. */
const OWED = ['net', 'payable', 'royalty', 'royalties', 'earnings', 'share', 'payout', 'proceeds'];
/** Words of a rate or a count, never an amount ('Fee Rate', 'Gross Units'). */
const NOT_AN_AMOUNT = ['rate', 'percent', 'percentage', 'pct', 'units', 'quantity', 'currency'];

/** Values of a row's type that make it negative, and those that leave it as written. */
const NEGATIVE = [
  'refund',
  'refunded',
  'void',
  'voided',
  'debit',
  'return',
  'returned',
  'chargeback',
  'reversal',
  'reversed',
  'cancelled',
  'canceled',
];
const POSITIVE = ['sale', 'sales', 'sold', 'purchase', 'credit', 'order'];

/** A proposal's layout and column mappings. */
export interface ProposedMapping {
  layout: LayoutVersion;
  columns: ColumnMapping[];
  missing: string[];
}

/**
 * The proposal with revenue = gross − fees where the sample has a gross column and fee columns,
 * both holding amounts, and no column of what the label is owed; and with the sign read from a
 * column whose values are sales and refunds, voids or debits. `rows` are the sample's rows below
 * its `header`; `headerName` gives a column's name
 * as the layout writes it (a currency in the name becomes '{currency}').
 */
export function withAmountsFromSample(
  proposal: ProposedMapping,
  header: readonly string[],
  rows: readonly string[][],
  headerName: (column: string) => string,
): ProposedMapping {
  const at = (column: string) => header.indexOf(column);
  let { layout, columns, missing } = proposal;
  const net = netOfFees(proposal.columns, rows, at);
  if (net) {
    layout = {
      ...layout,
      fields: {
        ...layout.fields,
        revenue: { add: [headerName(net.gross)], subtract: net.fees.map(headerName) },
      },
    };
    columns = columns.map((column) =>
      column.column === net.gross
        ? { column: column.column, field: 'revenue' }
        : net.fees.includes(column.column)
          ? { column: column.column, field: 'revenue', subtract: true }
          : column,
    );
    missing = missing.filter((field) => field !== 'revenue');
  }
  const sign = signColumn(columns, rows, at);
  if (sign) {
    const { format, ...fields } = layout.fields;
    const formatColumns =
      format && 'columns' in format ? format.columns.filter((c) => c !== sign.column) : [];
    layout = {
      ...layout,
      fields: {
        ...fields,
        ...(format && !('columns' in format) ? { format } : {}),
        ...(formatColumns.length > 0 ? { format: { ...format, columns: formatColumns } } : {}),
        sign: { columns: [sign.column], negativeWhen: sign.negativeWhen },
      },
    };
    columns = columns.map((column) =>
      column.column === sign.column ? { column: column.column, field: 'sign' } : column,
    );
  }
  return { layout, columns, missing };
}

/** The gross column and the fee columns, when the sample shows revenue as their difference. */
function netOfFees(
  columns: readonly ColumnMapping[],
  rows: readonly string[][],
  at: (column: string) => number,
): { gross: string; fees: string[] } | null {
  const named = (words: readonly string[]) =>
    columns
      .map((mapping) => mapping.column)
      .filter((column) => {
        const own = columnWords(column);
        return own.some((w) => words.includes(w)) && !own.some((w) => NOT_AN_AMOUNT.includes(w));
      });
  const gross = named(GROSS);
  const fees = named(DEDUCTION).filter((column) => !gross.includes(column));
  const owed = named(OWED).filter((column) => !gross.includes(column) && !fees.includes(column));
  const otherRevenue = columns.filter(
    (mapping) => mapping.field === 'revenue' && !gross.includes(mapping.column),
  );
  const [grossColumn] = gross;
  if (gross.length !== 1 || !grossColumn || fees.length === 0) return null;
  if (owed.length > 0 || otherRevenue.length > 0) return null;
  const amounts = (column: string) => holdsAmounts(rows, at(column));
  return amounts(grossColumn) && fees.every(amounts) ? { gross: grossColumn, fees } : null;
}

/** Every non-blank cell of the column reads as an amount, and at least one is written. */
function holdsAmounts(rows: readonly string[][], index: number): boolean {
  const cells = rows.map((cells) => cells[index]?.trim() ?? '').filter((cell) => cell !== '');
  const amount = (cell: string) =>
    parseAmount(cell, { decimalComma: false }).ok || parseAmount(cell, { decimalComma: true }).ok;
  return cells.length > 0 && cells.every(amount);
}

/**
 * A column that says whether a row is a sale or a refund, a void or a debit: every value of the
 * sample one of those words, and a negative one among them or in the column's name ('Sale or
 * Void'). The negative values as the sample or the name writes them.
 */
function signColumn(
  columns: readonly ColumnMapping[],
  rows: readonly string[][],
  at: (column: string) => number,
): { column: string; negativeWhen: string[] } | null {
  for (const mapping of columns) {
    if (mapping.field === 'code' || mapping.field === 'revenue' || mapping.field === 'units')
      continue;
    const written = new Map<string, string>();
    for (const cells of rows) {
      const value = cells[at(mapping.column)]?.trim() ?? '';
      if (value !== '' && !written.has(value.toLowerCase()))
        written.set(value.toLowerCase(), value);
    }
    const values = [...written.keys()];
    if (values.length === 0 || !values.every((v) => NEGATIVE.includes(v) || POSITIVE.includes(v)))
      continue;
    const fromSample = values.filter((v) => NEGATIVE.includes(v)).map((v) => written.get(v) ?? v);
    const fromName = columnWords(mapping.column)
      .filter((word) => NEGATIVE.includes(word))
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
    const negativeWhen = [
      ...fromSample,
      ...fromName.filter((word) => !values.includes(word.toLowerCase())),
    ];
    if (negativeWhen.length > 0) return { column: mapping.column, negativeWhen };
  }
  return null;
}
