import { describe, expect, it, vi } from 'vitest';
import {
  cellLink,
  columnStyle,
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

  it('sizes columns with flex and width, numbers aligned right by default', () => {
    expect(columnStyle<Row>({ label: 'Title', key: 'title' })).toEqual({
      flexGrow: 1,
      flexShrink: 1,
      flexBasis: '120px',
      textAlign: 'left',
    });
    expect(
      columnStyle<Row>({ label: 'Share', key: 'share', format: 'percent', flexGrow: 0, width: 80 }),
    ).toEqual({ flexGrow: 0, flexShrink: 1, flexBasis: '80px', textAlign: 'right' });
    expect(
      columnStyle<Row>({ label: 'Share', key: 'share', format: 'percent', textAlign: 'center' })
        .textAlign,
    ).toBe('center');
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
