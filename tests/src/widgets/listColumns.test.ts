import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  cellAlign,
  cellLink,
  columnPriority,
  columnTrack,
  fitColumns,
  formatCell,
  isActionDisabled,
  isCellShown,
  valueAt,
  visibleColumns,
  visibleRange,
  type ListColumn,
} from '../../../src/widgets/list/columns';

interface Row {
  id: number;
  title: string;
  artist: { name: string | null; id: string };
  note: string | null;
  share: number;
  paid: boolean;
}

const rows: Row[] = [
  { id: 1, title: 'One', artist: { name: 'Aria', id: 'a-1' }, note: null, share: 12.5, paid: true },
  { id: 2, title: 'Two', artist: { name: null, id: 'a 2' }, note: '', share: -3, paid: false },
];

describe('list column definition (SPEC section 3)', () => {
  it('reads dotted keys', () => {
    expect(valueAt(rows[0], 'artist.name')).toBe('Aria');
    expect(valueAt(rows[1], 'artist.name')).toBeNull();
    expect(valueAt(rows[0], 'artist.name.first')).toBeUndefined();
    expect(valueAt(rows[0], 'missing.deep')).toBeUndefined();
  });

  it('drops hidden columns, and hide-null columns when no row has a value', () => {
    const columns: ListColumn<Row>[] = [
      { label: 'Title', key: 'title' },
      { label: 'Secret', key: 'id', hidden: true },
      { label: 'Note', key: 'note', show: 'hide-null' },
      { label: 'Artist', key: 'artist.name', show: 'hide-null' },
    ];
    expect(visibleColumns(columns, rows).map((column) => column.label)).toEqual([
      'Title',
      'Artist',
    ]);
    expect(visibleColumns(columns, []).map((column) => column.label)).toEqual(['Title']);
  });

  it('formats percentages with 2 decimals and negatives in parentheses, and currency', () => {
    expect(formatCell(12.5, 'percent')).toBe('12.50%');
    expect(formatCell(-3, 'percent')).toBe('(3.00%)');
    expect(formatCell('-1234.5', 'currency')).toBe('($1,234.50)');
    expect(formatCell(1234567, 'abbreviated')).toBe('1.2M');
    expect(formatCell(1234567, 'number')).toBe('1,234,567');
    expect(formatCell(null, 'currency')).toBe('');
    expect(formatCell('text')).toBe('text');
    expect(formatCell(0, 'date')).toMatch(/^\d{2}\/\d{2}\/19(69|70)$/);
  });

  it('builds link columns from linkKey and linkPath', () => {
    const byId: ListColumn<Row> = { label: 'Title', key: 'title', linkPath: '/products/:id' };
    const byArtist: ListColumn<Row> = {
      label: 'Artist',
      key: 'artist.name',
      linkPath: '/artists/:id',
      linkKey: 'artist.id',
    };
    expect(cellLink(byId, rows[0] as Row)).toBe('/products/1');
    expect(cellLink(byArtist, rows[1] as Row)).toBe('/artists/a%202');
    expect(cellLink({ label: 'Title', key: 'title' }, rows[0] as Row)).toBeNull();
  });

  it('shows cells by showKey and disables actions for every row or per row', () => {
    const action = vi.fn();
    const pay: ListColumn<Row> = {
      label: 'Pay',
      key: 'pay',
      action,
      btnLabel: 'Pay',
      showKey: 'paid',
      disabled: (row) => row.share < 0,
    };
    expect(isCellShown(pay, rows[0] as Row)).toBe(true);
    expect(isCellShown(pay, rows[1] as Row)).toBe(false);
    expect(isActionDisabled(pay, rows[0] as Row)).toBe(false);
    expect(isActionDisabled(pay, rows[1] as Row)).toBe(true);
    expect(isActionDisabled({ ...pay, disabled: true }, rows[0] as Row)).toBe(true);
  });

  it('writes counts as the reader groups them, exactly, strings and numbers alike', () => {
    expect(formatCell('2100', 'number')).toBe('2,100');
    expect(formatCell(2700, 'number')).toBe('2,700');
    expect(formatCell('2100', 'number', 'USD', 'fr')).toBe(formatCell(2100, 'number', 'USD', 'fr'));
    expect(formatCell('2100', 'number', 'USD', 'fr')).toMatch(/^2\s100$/);
    expect(formatCell('12345678901234567890', 'number')).toBe('12,345,678,901,234,567,890');
    expect(formatCell('n/a', 'number')).toBe('n/a');
  });

  it('sizes a column from its content, sharing the spare width; numbers aligned right', () => {
    expect(columnTrack<Row>({ label: 'Title', key: 'title' }, 87.2, 200)).toBe(
      'minmax(88px, 200fr)',
    );
    expect(columnTrack<Row>({ label: 'Title', key: 'title', flexGrow: 2 }, 80, 100)).toBe(
      'minmax(80px, 200fr)',
    );
    expect(columnTrack<Row>({ label: 'Share', key: 'share', flexGrow: 0 }, 80, 80)).toBe('80px');
    expect(cellAlign<Row>({ label: 'Title', key: 'title' })).toBe('left');
    expect(cellAlign<Row>({ label: 'Share', key: 'share', format: 'percent' })).toBe('right');
    expect(
      cellAlign<Row>({ label: 'Share', key: 'share', format: 'percent', textAlign: 'center' }),
    ).toBe('center');
  });

  it('gives up dates first, then the amount and the status last; the title never', () => {
    const title = columnPriority<Row>({ label: 'Title', key: 'title' }, 0);
    const date = columnPriority<Row>({ label: 'Received', key: 'at', format: 'date' }, 3);
    const other = columnPriority<Row>({ label: 'Note', key: 'note' }, 2);
    const amount = columnPriority<Row>({ label: 'Revenue', key: 'revenue', format: 'currency' }, 4);
    const status = columnPriority<Row>({ label: 'Status', key: 'status' }, 1);
    expect(title).toBe(Number.POSITIVE_INFINITY);
    expect(date).toBeLessThan(other);
    expect(other).toBeLessThan(amount);
    expect(status).toBeGreaterThan(amount);
    // Title, status, note, date, revenue at 360 px of card: the date and the note go.
    expect(fitColumns([120, 90, 100, 90, 90], [title, status, other, date, amount], 310)).toEqual([
      0, 1, 4,
    ]);
  });

  it('keeps the columns that fit, and only drops lower priorities than any kept', () => {
    const column = fc.record({
      width: fc.integer({ min: 20, max: 300 }),
      priority: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(
        fc.array(column, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 2000 }),
        (columns, available) => {
          const widths = columns.map((item) => item.width);
          const priorities = columns.map((item, index) => (index === 0 ? Infinity : item.priority));
          const kept = fitColumns(widths, priorities, available);
          expect(kept[0]).toBe(0);
          expect([...kept].sort((a, b) => a - b)).toEqual(kept);
          const total = kept.reduce((sum, index) => sum + (widths[index] ?? 0), 0);
          if (kept.length > 1) expect(total).toBeLessThanOrEqual(available);
          const lowestKept = Math.min(...kept.map((index) => priorities[index] ?? 0));
          for (let index = 0; index < widths.length; index++) {
            if (!kept.includes(index))
              expect(priorities[index] ?? 0).toBeLessThanOrEqual(lowestKept);
          }
          if (widths.reduce((sum, width) => sum + width, 0) <= available)
            expect(kept).toHaveLength(widths.length);
        },
      ),
      { seed: 20261129, numRuns: 300 },
    );
  });
});

describe('virtualisation', () => {
  it('renders only the rows in view, at any depth of 100,000 rows', () => {
    const base = { viewportHeight: 400, rowHeight: 40, rowCount: 100_000, overscan: 5 };
    expect(visibleRange({ ...base, scrollTop: 0 })).toEqual({ start: 0, end: 16 });
    const middle = visibleRange({ ...base, scrollTop: 2_000_000 });
    expect(middle).toEqual({ start: 49_995, end: 50_016 });
    const bottom = visibleRange({ ...base, scrollTop: 100_000 * 40 - 400 });
    expect(bottom.end).toBe(100_000);
    expect(bottom.end - bottom.start).toBeLessThan(30);
  });

  it('handles an empty list', () => {
    expect(visibleRange({ scrollTop: 0, viewportHeight: 400, rowHeight: 40, rowCount: 0 })).toEqual(
      { start: 0, end: 0 },
    );
  });
});
