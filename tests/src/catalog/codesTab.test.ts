import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../api/products';
import { ServicesContext } from '../../../src/app/ServicesContext';
import type { Services } from '../../../src/app/services';
import { CodesTab } from '../../../src/catalog/ProductTagsCodes';
import { createI18n } from '../../../src/i18n';

const product = {
  id: 'p-1',
  accountId: 'a-1',
  title: 'Harbor Lights',
  type: 'single',
  artistId: null,
  visibility: 'full',
  revenueView: 'gross',
  codes: [
    { code: '859700000016', kind: 'upc', conflict: true },
    { code: 'QZDM12600009', kind: 'isrc' },
  ],
  altTitle: null,
  subtitle: null,
  genre: null,
  duration: null,
  copyright: null,
  territory: null,
  label: null,
  labelArtist: null,
  tags: [],
  version: 3,
  splitSets: [],
} satisfies Product;

/** Server-renders the codes tab: effects do not run, so no call is made. */
function render(language: string, editable: boolean, shown: Product = product): string {
  const i18n = createI18n(language);
  const services = { i18n, api: {} } as unknown as Services;
  return renderToStaticMarkup(
    createElement(
      ServicesContext.Provider,
      { value: services },
      createElement(
        I18nextProvider,
        { i18n },
        createElement(CodesTab, { product: shown, onChanged: () => undefined, editable }),
      ),
    ),
  );
}

describe("a product's codes tab", () => {
  it('tells the label a barcode is held by another of its products too, editing or reading', () => {
    for (const editable of [true, false]) {
      expect(render('en', editable)).toContain(
        'Another product of this label also holds 859700000016. Statements naming it wait in Needs Attention until you remove it from one of the two products.',
      );
    }
    expect(render('fr', false)).toContain('porte aussi le code 859700000016');
  });

  it('cautions about a barcode whose check digit does not match, and saves it all the same', () => {
    expect(render('en', true)).toContain(
      'This UPC/EAN&#x27;s check digit does not match its other digits',
    );
    const valid = { ...product, codes: [{ code: '012345678905', kind: 'upc' as const }] };
    const html = render('en', true, valid);
    expect(html).not.toContain('check digit');
    expect(html).not.toContain('also holds');
  });
});
