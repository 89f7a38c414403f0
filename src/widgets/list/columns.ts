import type { ComponentType } from 'react';
import {
  abbreviateNumber,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatPercent,
} from '../../format/formatters';

/** Every row needs a stable id: it keys the rendered row. */
export interface ListRow {
  id: string | number;
}

export type ColumnFormat =
  'text' | 'currency' | 'percent' | 'number' | 'abbreviated' | 'date' | 'datetime';

export interface CellProps<Row> {
  row: Row;
  /** The value at the column's key. */
  value: unknown;
}

/** SPEC section 3's column definition of the shared list widget. */
export interface ListColumn<Row extends ListRow> {
  /** The header text, already translated. */
  label: string;
  /** Dotted path into the row (`artist.name`); also the column's React key. */
  key: string;
  /** Renders the cell in place of the formatted value. */
  component?: ComponentType<CellProps<Row>>;
  /** Share of the spare width this column takes (CSS flex-grow); default 1. */
  flexGrow?: number;
  /** How much the column gives up when space is short (CSS flex-shrink); default 1. */
  flexShrink?: number;
  /** Base width in pixels (CSS flex-basis); default 120. */
  width?: number;
  textAlign?: 'left' | 'center' | 'right';
  /** How the value is written; percentages show 2 decimals, negatives in parentheses. */
  format?: ColumnFormat;
  /** Currency code for `currency` cells; default USD. */
  currency?: string;
  /** Dotted path of the value put into `linkPath` in place of `:id`. */
  linkKey?: string;
  /** Makes the cell a link: `/products/:id`. */
  linkPath?: string;
  /** `hide-null`: the column is hidden when no row has a non-empty value at `key`. */
  show?: 'always' | 'hide-null';
  /** Makes the cell a button that calls this with its row. */
  action?: (row: Row) => void;
  /** The action button's text, already translated. */
  btnLabel?: string;
  /** The column is not shown. */
  hidden?: boolean;
  /** Disables the action button, for every row or per row. */
  disabled?: boolean | ((row: Row) => boolean);
  /** Dotted path: the cell shows only for rows whose value there is truthy. */
  showKey?: string;
}

/** The value at a dotted path such as artist.name; undefined when any step is missing. */
export function valueAt(row: unknown, path: string): unknown {
  let current: unknown = row;
  for (const part of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export const isEmptyValue = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The columns shown: hidden ones dropped, hide-null ones only when some row has a value. */
export function visibleColumns<Row extends ListRow>(
  columns: readonly ListColumn<Row>[],
  rows: readonly Row[],
): ListColumn<Row>[] {
  return columns.filter(
    (column) =>
      !column.hidden &&
      (column.show !== 'hide-null' || rows.some((row) => !isEmptyValue(valueAt(row, column.key)))),
  );
}

/** The cell's text in the column's format. */
export function formatCell(
  value: unknown,
  format: ColumnFormat = 'text',
  currency = 'USD',
): string {
  if (isEmptyValue(value)) return '';
  const numeric = typeof value === 'number' || typeof value === 'string' ? value : String(value);
  switch (format) {
    case 'currency':
      return formatCurrency(numeric, { currency });
    case 'percent':
      return formatPercent(numeric, 2);
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
    case 'abbreviated':
      return abbreviateNumber(Number(value));
    case 'date':
      return formatDate(Number(value));
    case 'datetime':
      return formatDateTime(Number(value));
    case 'text':
      return String(value);
  }
}

/** The link of a link column, or null when the row has no value to put in it. */
export function cellLink<Row extends ListRow>(column: ListColumn<Row>, row: Row): string | null {
  if (!column.linkPath) return null;
  const id = valueAt(row, column.linkKey ?? 'id');
  if (isEmptyValue(id)) return null;
  return column.linkPath.replace(':id', encodeURIComponent(String(id)));
}

export const isCellShown = <Row extends ListRow>(column: ListColumn<Row>, row: Row): boolean =>
  !column.showKey || !!valueAt(row, column.showKey);

export const isActionDisabled = <Row extends ListRow>(
  column: ListColumn<Row>,
  row: Row,
): boolean => (typeof column.disabled === 'function' ? column.disabled(row) : !!column.disabled);

export interface ColumnStyle {
  flexGrow: number;
  flexShrink: number;
  flexBasis: string;
  textAlign: 'left' | 'center' | 'right';
}

export function columnStyle<Row extends ListRow>(column: ListColumn<Row>): ColumnStyle {
  const numeric = column.format && !['text', 'date', 'datetime'].includes(column.format);
  return {
    flexGrow: column.flexGrow ?? 1,
    flexShrink: column.flexShrink ?? 1,
    flexBasis: `${column.width ?? 120}px`,
    textAlign: column.textAlign ?? (numeric ? 'right' : 'left'),
  };
}

/** The rows to render for a scroll position: only those in view, plus a few either side. */
export function visibleRange(options: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  rowCount: number;
  overscan?: number;
}): { start: number; end: number } {
  const { scrollTop, viewportHeight, rowHeight, rowCount, overscan = 6 } = options;
  if (rowCount === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const inView = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(rowCount - 1, first) - overscan);
  const end = Math.min(rowCount, first + inView + overscan);
  return { start, end };
}
