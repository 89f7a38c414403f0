import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../Money';
import {
  cellAlign,
  cellLink,
  columnPriority,
  columnTrack,
  fitColumns,
  keepsWhole,
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
  /** The body is as tall as its rows, but never less than `minRows` (default 1) rows... */
  minRows?: number;
  /** ...nor more than `maxRows` (default 12): beyond that it scrolls. Equal values fix it. */
  maxRows?: number;
}

export const LIST_ROW_HEIGHT = 40;

/** The scrolling body's height in pixels for `rowCount` rows. */
export function listHeight(
  rowCount: number,
  { rowHeight = LIST_ROW_HEIGHT, minRows = 1, maxRows = 12 } = {},
): number {
  return rowHeight * Math.min(maxRows, Math.max(minRows, rowCount));
}

function Cell<Row extends ListRow>({ column, row }: { column: ListColumn<Row>; row: Row }) {
  const { i18n } = useTranslation();
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
  const text = formatCell(value, column.format, column.currency, i18n.language);
  return link ? <Link to={link}>{text}</Link> : <>{text}</>;
}

/** Text (titles, names, e-mails) is cut with an ellipsis past this width; the rest never is. */
const TEXT_WIDTH_CAP = 240;
/** How narrow text may get before columns are dropped (its whole text stays in its title). */
const TEXT_WIDTH_LEAST = 64;
/** A cell with no width of its own (a bar) when its column names none. */
const BARE_CELL_WIDTH = 96;

/** Text (titles, names, who uploaded): may end in an ellipsis; amounts, dates, statuses never. */
const mayShrink = <Row extends ListRow>(column: ListColumn<Row>, index: number) =>
  index === 0 || (!keepsWhole(column) && columnPriority(column, index) < 85);

/** A cell's own text, without the dropped columns' values it carries for screen readers. */
const ownText = (cell: HTMLElement) =>
  [...cell.childNodes]
    .filter((node) => !(node instanceof HTMLElement && node.classList.contains('list-dropped')))
    .map((node) => node.textContent ?? '')
    .join('')
    .trim();

/** A column's widths: its content's (capped for plain text), and the least it may take. */
interface ColumnWidths {
  comfortable: number;
  least: number;
}

/** Each column's widths from what the measuring pass drew: header words and widest cell. */
function measureColumns<Row extends ListRow>(
  table: HTMLElement,
  columns: readonly ListColumn<Row>[],
): ColumnWidths[] {
  const headers = columns.map(() => 0);
  const cells = columns.map(() => 0);
  table.querySelectorAll<HTMLElement>('[data-column]').forEach((cell) => {
    const index = Number(cell.dataset.column);
    const widths = cell.getAttribute('role') === 'columnheader' ? headers : cells;
    widths[index] = Math.max(widths[index] ?? 0, Math.ceil(cell.getBoundingClientRect().width));
  });
  return columns.map((column, index) => {
    const header = headers[index] ?? 0;
    const content = cells[index] ?? 0;
    if (mayShrink(column, index)) {
      return {
        comfortable: Math.max(header, Math.min(content, TEXT_WIDTH_CAP)),
        least: Math.max(header, Math.min(content, TEXT_WIDTH_LEAST)),
      };
    }
    // A bar has no width of its own: it takes the column's named width.
    const own = content < 40 ? Math.max(content, column.width ?? BARE_CELL_WIDTH) : content;
    const width = Math.max(header, own);
    return { comfortable: width, least: width };
  });
}

/**
 * SPEC section 3's shared list: typed columns, rows virtualised so 100,000 scroll smoothly.
 * Every column is as wide as its widest header word and drawn cell (a date, an amount fit whole;
 * long plain text may shrink to an ellipsis), spare width shared out in proportion. Narrower than that, the list drops columns by priority (the amount
 * and status last, the row's title never), and a dropped column's value is read in the row's
 * title (on hover) and by screen readers in the row's first cell.
 */
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
  const { i18n } = useTranslation();
  const [scrollTop, setScrollTop] = useState(0);
  const tableRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number | null>(null);
  const [measured, setMeasured] = useState<{
    rows: readonly Row[];
    signature: string;
    widths: ColumnWidths[];
  } | null>(null);
  const shown = visibleColumns(columns, rows);
  const signature = `${i18n.language}\n${shown.map((column) => `${column.key}\t${column.label}`).join('\n')}`;
  const widths =
    measured && measured.rows === rows && measured.signature === signature ? measured.widths : null;
  // First drawn with every column at its content's width, measured, then laid out (before paint).
  const measuring = widths === null;

  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!measuring || !table) return;
    setMeasured({ rows, signature, widths: measureColumns(table, shown) });
  }, [measuring, rows, signature, shown]);

  // The width the columns share: the body's, without its scroll bar.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const read = () => setAvailable(body.clientWidth);
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(body);
    return () => observer.disconnect();
  }, [loading]);

  // A dropped column's value stays readable: in the row's title, on hover; text cut short by an
  // ellipsis is whole in its cell's title.
  useLayoutEffect(() => {
    tableRef.current?.querySelectorAll<HTMLElement>('.list-spacer [role=cell]').forEach((cell) => {
      if (cell.scrollWidth > cell.clientWidth) cell.title = ownText(cell);
      else cell.removeAttribute('title');
    });
    tableRef.current?.querySelectorAll<HTMLElement>('.list-spacer > .list-row').forEach((row) => {
      const dropped = [...row.querySelectorAll('.list-dropped')].map((item) =>
        (item.textContent ?? '').trim(),
      );
      if (dropped.length > 0) row.title = dropped.join('\n');
      else row.removeAttribute('title');
    });
  });

  if (loading) return <p className="page-note">{loadingText}</p>;
  const height = listHeight(rows.length, { rowHeight, minRows, maxRows });
  const scrolls = rows.length * rowHeight > height;
  const kept =
    widths && available
      ? fitColumns(
          widths.map((width) => width.least),
          shown.map((column, index) => columnPriority(column, index)),
          available,
        )
      : shown.map((_, index) => index);
  const dropped = shown
    .map((column, index) => ({ column, index }))
    .filter(({ index }) => !kept.includes(index));
  const template = widths
    ? kept
        .map((index) => {
          const width = widths[index] ?? { least: 0, comfortable: 0 };
          return columnTrack(shown[index] as ListColumn<Row>, width.least, width.comfortable);
        })
        .join(' ')
    : `repeat(${shown.length}, max-content)`;
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
        style={{ top: index * rowHeight, height: rowHeight, gridTemplateColumns: template }}
      >
        {kept.map((columnIndex, position) => {
          const column = shown[columnIndex] as ListColumn<Row>;
          return (
            <div
              key={`${columnIndex}-${column.key}`}
              role="cell"
              className="list-cell"
              style={{ textAlign: cellAlign(column) }}
              data-column={measuring ? columnIndex : undefined}
            >
              <Cell column={column} row={row} />
              {position === 0 &&
                dropped.map(({ column: other, index: otherIndex }) =>
                  other.action ? null : (
                    <span key={`${otherIndex}-${other.key}`} className="list-dropped">
                      {other.label ? `${other.label}: ` : ''}
                      <Cell column={other} row={row} />
                    </span>
                  ),
                )}
            </div>
          );
        })}
      </div>,
    );
  }
  return (
    <div
      ref={tableRef}
      className={measuring ? 'list list-measuring' : 'list'}
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={kept.length}
    >
      <div role="rowgroup" className="list-head">
        <div
          role="row"
          aria-rowindex={1}
          className="list-row list-head-row"
          style={{
            gridTemplateColumns: widths ? template : `repeat(${shown.length}, min-content)`,
            width: available ?? undefined,
          }}
        >
          {kept.map((columnIndex) => {
            const column = shown[columnIndex] as ListColumn<Row>;
            return (
              <div
                key={`${columnIndex}-${column.key}`}
                role="columnheader"
                className="list-cell"
                style={{ textAlign: cellAlign(column) }}
                data-column={measuring ? columnIndex : undefined}
              >
                {column.label}
              </div>
            );
          })}
        </div>
      </div>
      <div
        ref={bodyRef}
        role="rowgroup"
        className="list-body"
        style={{ height: rows.length === 0 ? 'auto' : height }}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        data-testid="list-body"
        // Taller than its rows' space, the body scrolls: keyboard users reach it and scroll it with
        // the arrow keys.
        tabIndex={scrolls ? 0 : undefined}
        aria-label={scrolls ? label : undefined}
      >
        {rows.length === 0 ? (
          // A table's row group holds rows only: the empty text is a row of one wide cell.
          emptyText && (
            <div role="row" className="list-empty-row">
              <p role="cell" className="list-empty" aria-colspan={kept.length}>
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
