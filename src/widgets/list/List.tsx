import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Money } from '../Money';
import {
  cellLink,
  columnStyle,
  formatCell,
  isActionDisabled,
  isEmptyValue,
  isCellShown,
  valueAt,
  visibleColumns,
  visibleRange,
  type ListColumn,
  type ListRow,
} from './columns';
import './list.css';

export interface ListProps<Row extends ListRow> {
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  /** The table's accessible name. */
  label: string;
  /** Shown instead of rows when there are none. */
  emptyText?: string;
  /** The rows are still on their way: `loadingText` is shown in the table's place. */
  loading?: boolean;
  loadingText?: string;
  /** Height of every row in pixels: rows are virtualised, so all rows share one height. */
  rowHeight?: number;
  /** The body is as tall as its rows, but never less than `minRows` (default 2) rows... */
  minRows?: number;
  /** ...nor more than `maxRows` (default 12): beyond that it scrolls. Equal values fix it. */
  maxRows?: number;
}

export const LIST_ROW_HEIGHT = 40;

/** The scrolling body's height in pixels for `rowCount` rows. */
export function listHeight(
  rowCount: number,
  { rowHeight = LIST_ROW_HEIGHT, minRows = 2, maxRows = 12 } = {},
): number {
  return rowHeight * Math.min(maxRows, Math.max(minRows, rowCount));
}

function Cell<Row extends ListRow>({ column, row }: { column: ListColumn<Row>; row: Row }) {
  if (!isCellShown(column, row)) return null;
  const value = valueAt(row, column.key);
  if (column.component) {
    const Component = column.component;
    return <Component row={row} value={value} />;
  }
  if (column.action) {
    const action = column.action;
    return (
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={isActionDisabled(column, row)}
        onClick={() => action(row)}
      >
        {column.btnLabel ?? formatCell(value, column.format, column.currency)}
      </button>
    );
  }
  const link = cellLink(column, row);
  // Money in minor units and the reader's locale, with the exact value on hover.
  if (column.format === 'currency' && !link && !isEmptyValue(value)) {
    return <Money amount={String(value)} currency={column.currency ?? 'USD'} />;
  }
  const text = formatCell(value, column.format, column.currency);
  return link ? <Link to={link}>{text}</Link> : <>{text}</>;
}

/** SPEC section 3's shared list: typed columns, rows virtualised so 100,000 scroll smoothly. */
export function List<Row extends ListRow>({
  columns,
  rows,
  label,
  emptyText,
  loading = false,
  loadingText,
  rowHeight = LIST_ROW_HEIGHT,
  minRows,
  maxRows,
}: ListProps<Row>) {
  const [scrollTop, setScrollTop] = useState(0);
  if (loading) return <p className="page-note">{loadingText}</p>;
  const height = listHeight(rows.length, { rowHeight, minRows, maxRows });
  const shown = visibleColumns(columns, rows);
  // Columns keep their width on a narrow screen: the table scrolls sideways instead of clipping.
  const minWidth = shown.reduce((total, column) => total + (column.width ?? 120), 0);
  const { start, end } = visibleRange({
    scrollTop,
    viewportHeight: height,
    rowHeight,
    rowCount: rows.length,
  });
  const rendered: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    const row = rows[index];
    if (!row) continue;
    rendered.push(
      <div
        key={row.id}
        role="row"
        aria-rowindex={index + 2}
        className="list-row"
        style={{ top: index * rowHeight, height: rowHeight }}
      >
        {shown.map((column, columnIndex) => (
          <div
            key={`${columnIndex}-${column.key}`}
            role="cell"
            className="list-cell"
            style={columnStyle(column)}
          >
            <Cell column={column} row={row} />
          </div>
        ))}
      </div>,
    );
  }
  return (
    <div
      className="list"
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={shown.length}
      // Wider than the screen, the table scrolls sideways: keyboard users reach it too.
      tabIndex={0}
    >
      <div role="rowgroup" className="list-head">
        <div role="row" aria-rowindex={1} className="list-row list-head-row" style={{ minWidth }}>
          {shown.map((column, columnIndex) => (
            <div
              key={`${columnIndex}-${column.key}`}
              role="columnheader"
              className="list-cell"
              style={columnStyle(column)}
            >
              {column.label}
            </div>
          ))}
        </div>
      </div>
      <div
        role="rowgroup"
        className="list-body"
        style={{ height: rows.length === 0 ? 'auto' : height, minWidth }}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        data-testid="list-body"
      >
        {rows.length === 0 ? (
          // A table's row group holds rows only: the empty text is a row of one wide cell.
          emptyText && (
            <div role="row" className="list-empty-row">
              <p role="cell" className="list-empty" aria-colspan={shown.length}>
                {emptyText}
              </p>
            </div>
          )
        ) : (
          <div className="list-spacer" style={{ height: rows.length * rowHeight }}>
            {rendered}
          </div>
        )}
      </div>
    </div>
  );
}
