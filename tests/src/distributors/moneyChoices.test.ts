// The money fields a proposal leaves to the label: each candidate with what it would total over
// the sample, marked to confirm until one is picked.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { FieldChoice } from '../../../api/layouts';
import { createI18n } from '../../../src/i18n';
import { MoneyChoices } from '../../../src/distributors/MoneyChoices';

const REVENUE: FieldChoice = {
  field: 'revenue',
  candidates: [
    {
      column: 'Revenue',
      header: 'Revenue',
      currencyFromHeader: false,
      totals: [
        { currency: 'EUR', total: '2' },
        { currency: 'USD', total: '2.1' },
      ],
    },
    {
      column: 'Amount {currency}',
      header: 'Amount GBP',
      currencyFromHeader: true,
      totals: [{ currency: 'GBP', total: '29.63' }],
    },
  ],
};

const render = (language: string, picked: Partial<Record<'revenue' | 'units', string>>) =>
  renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n(language) },
      createElement(MoneyChoices, { choices: [REVENUE], picked, onPick: () => undefined }),
    ),
  );

describe('the money columns a label confirms', () => {
  it('shows each candidate with its totals per currency, marked to confirm', () => {
    const html = render('en', {});
    expect(html).toContain('Which column holds the revenue the label is owed?');
    expect(html).toContain('To confirm');
    expect(html).toContain('Revenue: €2.00, $2.10');
    expect(html).toContain('Amount GBP: £29.63');
    expect(html).not.toContain('checked');
  });

  it('reads as confirmed once a column is picked, in the reader’s language', () => {
    const html = render('fr', { revenue: 'Amount {currency}' });
    expect(html).toContain('Confirmé');
    expect(html).not.toContain('À confirmer');
    expect(html).toMatch(/checked=""[^>]*\/> Amount GBP : 29,63\s£GB/u);
  });
});
