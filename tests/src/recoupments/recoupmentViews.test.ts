import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { BalanceChart } from '../../../src/recoupments/BalanceChart';
import { RecoupedProgress } from '../../../src/recoupments/RecoupmentCells';
import type { Recoupment } from '../../../api/recoupments';

const render = (view: ReactNode, language = 'en') =>
  renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(language) }, view));

describe('the recouped progress bar', () => {
  it('is a progressbar named after the recoupment, its value the recouped percent', () => {
    const recoupment = { title: 'Album advance', amount: '400', recouped: '100' } as Recoupment;
    const html = render(createElement(RecoupedProgress, { recoupment }));
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="25"');
    expect(html).toContain('aria-label="Recouped share of Album advance"');
    expect(html).toContain('width:25%');
  });
});

describe('the balance chart', () => {
  const points = [
    {
      statementId: 's1',
      statementTitle: 'March',
      period: '2026-03',
      repaid: '100',
      remaining: '300',
    },
    {
      statementId: 's2',
      statementTitle: 'April',
      period: '2026-04',
      repaid: '300',
      remaining: '0',
    },
  ];

  it('is an image with a name and a title that reads as the table of balances', () => {
    const html = render(createElement(BalanceChart, { start: '400', points, currency: 'USD' }));
    expect(html).toContain('role="img" aria-label="Balance after each statement"');
    expect(html).toContain('<title>Start: $400.00; 2026-03: $300.00; 2026-04: $0.00</title>');
    expect(html.match(/data-testid="balance-point"/g)).toHaveLength(3);
    expect(html).toContain('class="recoup-chart-line"');
  });

  it('writes the amounts in the reader’s language', () => {
    const html = render(
      createElement(BalanceChart, { start: '400', points, currency: 'USD' }),
      'fr',
    );
    expect(html).toContain('aria-label="Solde après chaque relevé"');
    expect(html).toMatch(/Départ : 400,00\s\$US|Départ: 400,00\s\$US/);
  });
});
