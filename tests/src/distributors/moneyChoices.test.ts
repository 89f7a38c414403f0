// The money fields a proposal leaves to the label: each candidate with what it would total over
// the sample, marked to confirm until one is picked.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { FieldChoice } from '../../../api/layouts';
import { createI18n } from '../../../src/i18n';
import { MoneyChoices } from '../../../src/distributors/MoneyChoices';
import {
  confirmedColumns,
  pickCandidate,
  unconfirmedFields,
} from '../../../src/distributors/moneyChoice';
import { layoutVersion, versionDraft } from '../../../src/distributors/templateDraft';

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

describe('a proposal with a money field to confirm', () => {
  // As proposed: the revenue left empty for the label to pick.
  const proposed = versionDraft({
    name: 'Partner',
    headers: ['ISRC', 'Units', 'Revenue', 'Amount {currency}'],
    fields: {
      codes: [{ column: 'ISRC', kind: 'isrc' }],
      units: { columns: ['Units'] },
      revenue: { columns: [] },
    },
  });

  it('is not saved before the label picks or writes the column', () => {
    expect(unconfirmedFields([REVENUE], proposed)).toEqual(['revenue']);
    const written = {
      ...proposed,
      sources: {
        ...proposed.sources,
        revenue: { ...proposed.sources.revenue, columns: 'Revenue' },
      },
    };
    expect(unconfirmedFields([REVENUE], written)).toEqual([]);
    expect(confirmedColumns([REVENUE], written)).toEqual({ revenue: 'Revenue' });
  });

  it('reads the picked column, with the currency its name carries', () => {
    const candidate = REVENUE.candidates[1];
    if (!candidate) throw new Error('the choice has two candidates');
    const picked = pickCandidate(proposed, 'revenue', candidate);
    expect(unconfirmedFields([REVENUE], picked)).toEqual([]);
    expect(layoutVersion(picked).fields).toMatchObject({
      revenue: { columns: ['Amount {currency}'] },
      currency: { fromHeader: true },
    });
    const plain = pickCandidate(proposed, 'revenue', REVENUE.candidates[0] ?? candidate);
    expect(layoutVersion(plain).fields.currency).toBeUndefined();
  });
});
