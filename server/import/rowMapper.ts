import type { HeaderMatch } from './header';
import { multiplyAmount, parseAmount } from './normalise/amount';
import { parseCode } from './normalise/code';
import { parseCurrency } from './normalise/currency';
import { parseDate } from './normalise/date';
import { compileFormatKind } from './normalise/format';
import { memoize } from './normalise/memo';
import type { NumberFormat } from './normalise/number';
import type { Normalised } from './normalise/result';
import { parseTerritory } from './normalise/territory';
import { parseText } from './normalise/text';
import { sumAmounts, sumUnits, type SumTerm } from './normalise/sum';
import { parseUnits } from './normalise/units';
import {
  DEFAULT_TOTAL_PREFIXES,
  type AmountSource,
  type FieldSource,
  type SumSource,
} from '../../rules/templateSchema';
import type { RecordCodeKind, RecordField, RowError, StatementRecord } from './types';

export type MappedRow =
  | { kind: 'record'; record: StatementRecord; roundedAmount: boolean }
  | { kind: 'errors'; errors: RowError[] }
  | { kind: 'blank' }
  | { kind: 'total' }
  | { kind: 'nonSales' };

type Reader = (cells: readonly string[]) => string;

export interface RowMapperOptions {
  /** Cells come from a spreadsheet: a bare number in a date column is an Excel serial. */
  spreadsheet: boolean;
  /** The file's decimal separator when the layout does not declare it (decided per file). */
  numberFormat?: NumberFormat;
}

/**
 * The revenue cells of a row as written, each with the name of the column it is read from: one
 * for a revenue read from a column, one per column of a sum.
 */
export function revenueCellReaders(header: HeaderMatch): {
  column: string;
  read: (cells: readonly string[]) => string;
}[] {
  const source = header.version.fields.revenue;
  if ('constant' in source) return [{ column: '', read: () => source.constant }];
  if (isSum(source)) {
    return sumTerms(source, header).map(({ column, index }) => ({
      column,
      read: (cells) => cells[index] ?? '',
    }));
  }
  const indexes = source.columns.map(header.indexOf).filter((index) => index !== -1);
  const column = source.columns.find((name) => header.indexOf(name) !== -1) ?? '';
  return [
    {
      column,
      read: (cells) => {
        for (const index of indexes) {
          const value = cells[index];
          if (value !== undefined && value.trim() !== '') return value;
        }
        return source.default ?? '';
      },
    },
  ];
}

const isSum = (source: AmountSource): source is SumSource => 'add' in source;

/** A sum's columns found in the header (validation makes them all identifying headers). */
function sumTerms(source: SumSource, header: HeaderMatch): SumTerm[] {
  return [
    ...source.add.map((column) => ({ column, subtract: false })),
    ...(source.subtract ?? []).map((column) => ({ column, subtract: true })),
  ]
    .map((term) => ({ ...term, index: header.indexOf(term.column) }))
    .filter((term) => term.index !== -1);
}

/** Compiles a layout version against one file's header into a fast row → record function. */
export function compileRowMapper(
  header: HeaderMatch,
  headerWidth: number,
  options: RowMapperOptions,
): (cells: readonly string[], row: number) => MappedRow {
  const { version } = header;
  const fields = version.fields;
  const numberFormat = options.numberFormat ?? { decimalComma: version.decimalComma ?? false };
  const dateOptions = {
    dateOrder: version.dateOrder ?? 'mdy',
    excelSerial: options.spreadsheet,
  } as const;
  const totalPrefixes = (version.totalRows?.startsWith ?? DEFAULT_TOTAL_PREFIXES).map((p) =>
    p.toLowerCase(),
  );
  const used = new Set<number>();
  const columnsOf = (names: readonly string[]): number[] => {
    const found = names.map(header.indexOf).filter((index) => index !== -1);
    found.forEach((index) => used.add(index));
    return found;
  };
  const reader = (source: FieldSource | undefined): Reader => {
    if (!source) return () => '';
    if ('constant' in source) return () => source.constant;
    const indexes = columnsOf(source.columns);
    const fallback = source.default ?? '';
    return (cells) => {
      for (const index of indexes) {
        const value = cells[index];
        if (value !== undefined && value.trim() !== '') return value;
      }
      return fallback;
    };
  };
  const codeColumns = fields.codes
    .map((code) => ({ kind: code.kind, index: header.indexOf(code.column) }))
    .filter((code) => code.index !== -1);
  codeColumns.forEach((code) => used.add(code.index));
  const title = reader(fields.title);
  const artist = reader(fields.artist);
  const service = reader(fields.service);
  const format = reader(fields.format);
  const formatKindOf = compileFormatKind(fields.formatKind, columnsOf);
  const territory = reader(fields.territory);
  const date = reader(fields.date);
  // Units and revenue: one column's cell parsed, or a sum of columns.
  const numberReader = <T>(
    source: AmountSource,
    sum: (terms: readonly SumTerm[], cells: readonly string[]) => Normalised<T>,
    parse: (raw: string) => Normalised<T>,
  ): ((cells: readonly string[]) => Normalised<T>) => {
    if (!isSum(source)) {
      const read = reader(source);
      return (cells) => parse(read(cells));
    }
    const terms = sumTerms(source, header);
    terms.forEach((term) => used.add(term.index));
    return (cells) => sum(terms, cells);
  };
  const unitsOf = numberReader(
    fields.units,
    (terms, cells) => sumUnits(cells, terms, numberFormat),
    (raw) => parseUnits(raw, numberFormat),
  );
  const amountOf = numberReader(
    fields.revenue,
    (terms, cells) => sumAmounts(cells, terms, numberFormat),
    (raw) => parseAmount(raw, numberFormat),
  );
  const signReader = fields.sign ? reader({ columns: fields.sign.columns }) : null;
  const negativeValues = new Set(fields.sign?.negativeWhen.map((v) => v.trim().toLowerCase()));
  const kindSource = fields.kind;
  const kindReader =
    kindSource && 'columns' in kindSource ? reader({ columns: kindSource.columns }) : null;
  const mechanicalValues = new Set(
    kindSource && 'mechanicalWhen' in kindSource
      ? kindSource.mechanicalWhen.map((v) => v.trim().toLowerCase())
      : [],
  );
  const constantKind = kindSource && 'constant' in kindSource ? kindSource.constant : 'sale';
  const currencySource = fields.currency;
  const currencyFromHeader =
    currencySource && 'fromHeader' in currencySource ? header.currency : null;
  const currency =
    currencySource && !('fromHeader' in currencySource)
      ? reader(currencySource)
      : () => currencyFromHeader ?? '';
  const nonSales = version.nonSales;
  const nonSalesReader = nonSales ? reader({ columns: nonSales.columns }) : null;
  const nonSalesValues = new Set(nonSales?.values.map((v) => v.trim().toLowerCase()) ?? []);
  const lastUsedColumn = Math.max(-1, ...used);
  const territoryOf = memoize(parseTerritory);
  const dateOf = memoize((raw) => parseDate(raw, dateOptions));
  const currencyOf = memoize(parseCurrency);

  return (cells, row) => {
    if (cells.every((cell) => cell.trim() === '')) return { kind: 'blank' };
    const errors: RowError[] = [];
    const codeCell = firstCode(cells, codeColumns);
    // A summary line split by its own commas ('Period: Jun 1, 2025 to Jun 30, 2025') may put
    // text where a code is read; too short to be a sale, it is still a total.
    const tooShort = cells.length <= lastUsedColumn;
    if ((!codeCell || tooShort) && isTotalRow(cells, totalPrefixes)) return { kind: 'total' };
    // A payout is money moved, not a sale: never a record, never revenue, never an error.
    if (nonSalesReader && nonSalesValues.has(nonSalesReader(cells).trim().toLowerCase())) {
      return { kind: 'nonSales' };
    }
    if (cells.length > headerWidth && cells.slice(headerWidth).some((cell) => cell.trim() !== '')) {
      errors.push({
        row,
        field: 'row',
        message: `The row has ${cells.length} cells but the header has ${headerWidth}; a cell may hold an unquoted delimiter`,
      });
    } else if (cells.length <= lastUsedColumn) {
      errors.push({
        row,
        field: 'row',
        message: `The row has ${cells.length} cells but the header has ${headerWidth}`,
      });
    }
    if (errors.length > 0) return { kind: 'errors', errors };
    let code = '';
    let codeKind: RecordCodeKind = 'custom';
    if (!codeCell)
      errors.push({ row, field: 'code', message: 'At least one code must be provided' });
    else {
      code = take(errors, row, 'code', parseCode(codeCell.value, codeCell.kind), '');
      codeKind = codeCell.kind;
    }
    const negative =
      signReader !== null && negativeValues.has(signReader(cells).trim().toLowerCase());
    const written = take(errors, row, 'units', unitsOf(cells), 0);
    const unitCount = negative && written !== 0 ? -Math.abs(written) : written;
    const amount = take(errors, row, 'revenue', amountOf(cells), {
      value: '0',
      rounded: false,
    });
    const revenue = fields.revenuePerUnit ? multiplyAmount(amount.value, unitCount) : amount.value;
    const formatText = take(errors, row, 'format', parseText(format(cells), 'Format'), '');
    const record: StatementRecord = {
      code,
      codeKind,
      title: take(errors, row, 'title', parseText(title(cells), 'Title'), ''),
      artist: take(errors, row, 'artist', parseText(artist(cells), 'Artist'), ''),
      service: take(errors, row, 'service', parseText(service(cells), 'Service'), ''),
      format: formatText,
      formatKind: formatKindOf(cells, formatText),
      territory: take(errors, row, 'territory', territoryOf(territory(cells)), null),
      units: unitCount,
      revenue: negative ? negated(revenue) : revenue,
      date: take(errors, row, 'date', dateOf(date(cells)), null),
      kind: kindReader
        ? mechanicalValues.has(kindReader(cells).trim().toLowerCase())
          ? 'mechanical'
          : 'sale'
        : constantKind,
      currency: take(errors, row, 'currency', currencyOf(currency(cells)), null),
      row,
    };
    if (errors.length > 0) return { kind: 'errors', errors };
    return { kind: 'record', record, roundedAmount: amount.rounded };
  };
}

/** An amount made negative whatever sign it was written with; zero stays '0'. */
function negated(amount: string): string {
  const magnitude = amount.startsWith('-') ? amount.slice(1) : amount;
  return magnitude === '0' ? magnitude : `-${magnitude}`;
}

/** A normaliser's value, or the fallback with the row's error noted. */
function take<T>(
  errors: RowError[],
  row: number,
  field: RecordField,
  result: Normalised<T>,
  fallback: T,
): T {
  if (result.ok) return result.value;
  errors.push({ row, field, message: result.message });
  return fallback;
}

function firstCode(
  cells: readonly string[],
  columns: readonly { kind: RecordCodeKind; index: number }[],
): { kind: RecordCodeKind; value: string } | null {
  for (const column of columns) {
    const value = cells[column.index];
    if (value !== undefined && value.trim() !== '') return { kind: column.kind, value };
  }
  return null;
}

function isTotalRow(cells: readonly string[], prefixes: readonly string[]): boolean {
  const first = cells.find((cell) => cell.trim() !== '');
  if (first === undefined) return false;
  const text = first.trim().toLowerCase();
  // 'Total', 'Total:', 'Total USD' but not 'Totally Enormous Extinct Dinosaurs'.
  return prefixes.some(
    (prefix) => text.startsWith(prefix) && !/\p{L}/u.test(text.charAt(prefix.length)),
  );
}
