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
  /** Share of the spare width this column takes (CSS grid `fr`); default 1, 0 keeps it to its content. */
  flexGrow?: number;
  /**
   * Width in pixels for a cell with no width of its own (a progress bar); other columns are as
   * wide as their widest content.
   */
  width?: number;
  /**
   * Narrower than the columns need, the list drops the lowest priority first (the rightmost of
   * equals). Default: the first column (the row's title) is never dropped, the status goes last
   * (95), then amounts (90), actions just before them (85), dates first (40), the rest at 50.
   */
  priority?: number;
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
  locale = 'en-US',
): string {
  if (isEmptyValue(value)) return '';
  const numeric = typeof value === 'number' || typeof value === 'string' ? value : String(value);
  switch (format) {
    case 'currency':
      return formatCurrency(numeric, { currency });
    case 'percent':
      return formatPercent(numeric, 2);
    case 'number':
      return formatCount(value, locale);
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

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A count or quantity grouped as the reader's locale writes it (`2,700`, `2 700`), exactly. */
function formatCount(value: unknown, locale: string): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  if (typeof value === 'number') return Number.isFinite(value) ? format.format(value) : '';
  const text = String(value).trim();
  return DECIMAL.test(text) ? format.format(text as Intl.StringNumericLiteral) : String(value);
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

const NUMERIC_FORMATS: readonly ColumnFormat[] = ['currency', 'percent', 'number', 'abbreviated'];

/** Numbers align right by default, text left. */
export function cellAlign<Row extends ListRow>(
  column: ListColumn<Row>,
): 'left' | 'center' | 'right' {
  const numeric = !!column.format && NUMERIC_FORMATS.includes(column.format);
  return column.textAlign ?? (numeric ? 'right' : 'left');
}

const AMOUNT_KEY =
  /amount|total|revenue|gross|net|earn|payout|paid|balance|remaining|recouped|due/i;

/** Amounts, counts, dates, statuses and buttons are never cut short. */
export function keepsWhole<Row extends ListRow>(column: ListColumn<Row>): boolean {
  if (column.action) return true;
  if (column.format && column.format !== 'text') return true;
  return /(^|\.)status$/i.test(column.key) || (!!column.component && AMOUNT_KEY.test(column.key));
}

/** How long the column stays as the list narrows: see `ListColumn.priority`. */
export function columnPriority<Row extends ListRow>(
  column: ListColumn<Row>,
  index: number,
): number {
  if (index === 0) return Number.POSITIVE_INFINITY;
  if (column.priority !== undefined) return column.priority;
  if (column.format === 'date' || column.format === 'datetime') return 40;
  if (/(^|\.)status$/i.test(column.key)) return 95;
  if (column.format === 'currency') return 90;
  if (column.action) return 85;
  if (!column.format && AMOUNT_KEY.test(column.key)) return 90;
  return 50;
}

/**
 * The columns that fit `available` pixels, given each one's least width: the lowest priority
 * (rightmost of equals) is dropped until the rest fit; the first column always stays.
 */
export function fitColumns(
  widths: readonly number[],
  priorities: readonly number[],
  available: number,
): number[] {
  const kept = widths.map((_, index) => index);
  let total = widths.reduce((sum, width) => sum + width, 0);
  while (total > available && kept.length > 1) {
    let drop = -1;
    for (const index of kept) {
      const priority = priorities[index] ?? 0;
      if (priority === Number.POSITIVE_INFINITY) continue;
      if (drop < 0 || priority <= (priorities[drop] ?? 0)) drop = index;
    }
    if (drop < 0) break;
    kept.splice(kept.indexOf(drop), 1);
    total -= widths[drop] ?? 0;
  }
  return kept;
}

/**
 * The grid track of a column: never narrower than `least`, sharing the spare width in proportion
 * to its content's width (`comfortable`) times `flexGrow`; `flexGrow: 0` keeps it to its content.
 */
export function columnTrack<Row extends ListRow>(
  column: ListColumn<Row>,
  least: number,
  comfortable: number,
): string {
  const grow = column.flexGrow ?? 1;
  if (grow <= 0) return `${Math.ceil(comfortable)}px`;
  return `minmax(${Math.ceil(least)}px, ${Math.max(1, Math.ceil(comfortable * grow))}fr)`;
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
