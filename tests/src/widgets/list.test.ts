import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { List, listHeight, type ListProps } from '../../../src/widgets/list/List';
import type { ListColumn } from '../../../src/widgets/list/columns';

interface Row {
  id: string;
  title: string;
}

const columns: ListColumn<Row>[] = [{ label: 'Title', key: 'title' }];

const render = (props: Partial<ListProps<Row>> & { rows: Row[] }) =>
  renderToStaticMarkup(createElement(List<Row>, { label: 'Songs', columns, ...props }));

/** The elements with `role`, with their text (the markup is flat enough for one pattern). */
const byRole = (html: string, role: string) =>
  [...html.matchAll(new RegExp(`role="${role}"[^>]*>([^<]*)`, 'g'))].map((match) => match[1]);

const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: `r${index}`, title: `Song ${index}` }));

describe('the shared list (SPEC section 3)', () => {
  it('shows a header row and one row per item, named by its label', () => {
    const html = render({ rows: rows(3) });
    expect(html).toContain('role="table" aria-label="Songs"');
    expect(byRole(html, 'columnheader')).toEqual(['Title']);
    expect(byRole(html, 'cell')).toEqual(['Song 0', 'Song 1', 'Song 2']);
    expect(byRole(html, 'row')).toHaveLength(4);
  });

  it('shows the loading text in the table’s place while the rows are on their way', () => {
    const html = render({ rows: [], loading: true, loadingText: 'Loading songs…' });
    expect(byRole(html, 'table')).toEqual([]);
    expect(html).toContain('Loading songs…');
  });

  it('shows the empty text when there are no rows', () => {
    const html = render({ rows: [], emptyText: 'No songs yet.' });
    expect(byRole(html, 'columnheader')).toEqual(['Title']);
    // A table's row group holds rows only: the text is one cell across every column.
    expect(byRole(html, 'cell')).toEqual(['No songs yet.']);
    expect(html).toContain('aria-colspan="1"');
  });

  it('grows with its rows between the fewest and the most rows shown', () => {
    expect(listHeight(0)).toBe(40);
    // No empty filler row under the last one.
    expect(listHeight(1)).toBe(40);
    expect(listHeight(5)).toBe(200);
    expect(listHeight(100)).toBe(480);
    expect(listHeight(0, { minRows: 1, maxRows: 8 })).toBe(40);
    expect(listHeight(100, { minRows: 1, maxRows: 8 })).toBe(320);
    expect(listHeight(3, { minRows: 10, maxRows: 10 })).toBe(400);
    expect(render({ rows: rows(5), maxRows: 14 })).toContain('height:200px');
  });
});

describe('money in the shared list', () => {
  interface Payout {
    id: string;
    payout: string;
  }
  it('shows a currency cell in whole minor units with the exact value on hover', () => {
    // An English reader's page: the language is this render's, whatever ran before in the process.
    const html = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: createI18n('en') },
        createElement(List<Payout>, {
          label: 'Payouts',
          columns: [{ label: 'Payout', key: 'payout', format: 'currency', currency: 'USD' }],
          rows: [
            { id: 'a', payout: '27.601' },
            { id: 'b', payout: '-4.1472' },
          ],
        }),
      ),
    );
    expect(html).toContain('title="$27.601"');
    expect(html).toContain('>$27.60</span>');
    expect(html).toContain('title="($4.1472)"');
    expect(html).toContain('>($4.15)</span>');
  });
});
