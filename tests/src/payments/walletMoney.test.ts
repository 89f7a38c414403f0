// One balance, one text: the navigation's footer, the wallet's balance card and the payee
// dashboard's balance tile show the same amount for the same balance, rounded down to whole minor
// units (what a payment can move), with the exact value on hover; less than one minor unit is said
// to stay in the balance, never rounded away.
import { renderWithServices } from '../serverRender';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { PersonalDashboard } from '../../../api/dashboard';
import { minorUnitsOf } from '../../../rules/currencies';
import { LANGUAGES } from '../../../rules/languages';
import { PersonalDashboardView } from '../../../src/dashboard/PersonalDashboardView';
import { WalletBalance } from '../../../src/frame/WalletBalance';
import { BalanceCard } from '../../../src/payments/WalletPage';

/** Server-renders `element` for a reader of `language`. */
const render = (element: ReturnType<typeof createElement>, language: string) =>
  renderWithServices(element, language);

/** The amounts a page shows, in order: what is read, and the exact value on hover. */
const amounts = (html: string) =>
  [...html.matchAll(/<span class="money" title="([^"]*)">([^<]*)<\/span>/g)].map((match) => ({
    title: match[1] ?? '',
    text: match[2] ?? '',
  }));

/** The three places a payee reads their balance in `currency`. */
function shownBalances(amount: string, currency: string, language: string) {
  const exact = new Decimal(amount);
  const payable = Decimal.max(exact.toDecimalPlaces(minorUnitsOf(currency), Decimal.ROUND_DOWN), 0);
  const footer = render(
    createElement(WalletBalance, { balance: { amount, currency }, collapsed: false }),
    language,
  );
  const card = render(
    createElement(BalanceCard, {
      balance: {
        currency,
        exact: amount,
        payable: payable.toFixed(),
        remainder: exact.minus(payable).toFixed(),
      },
    }),
    language,
  );
  const board: PersonalDashboard = {
    months: [],
    balances: [{ currency, amount }],
    paid: null,
    nextPayment: null,
    statements: [],
    products: [],
    recoupments: [],
  };
  const dashboard = render(createElement(PersonalDashboardView, { board }), language);
  return {
    footer: amounts(footer)[0],
    card: amounts(card)[0],
    dashboard: amounts(dashboard)[0],
    cardHtml: card,
  };
}

describe('a payee’s balance', () => {
  it('reads the same in the navigation, the wallet card and the dashboard, for any balance', () => {
    const balance = fc
      .tuple(
        fc.boolean(),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.stringMatching(/^[0-9]{0,12}$/),
      )
      .map(([negative, whole, fraction]) =>
        new Decimal(`${negative ? '-' : ''}${whole}.${fraction || '0'}`).toFixed(),
      );
    fc.assert(
      fc.property(
        balance,
        fc.constantFrom('USD', 'EUR', 'JPY'),
        fc.constantFrom(...LANGUAGES),
        (amount, currency, language) => {
          const { footer, card, dashboard } = shownBalances(amount, currency, language);
          expect(footer).toBeDefined();
          expect(card).toEqual(footer);
          expect(dashboard).toEqual(footer);
        },
      ),
      { seed: 20261128, numRuns: 60 },
    );
  });

  it('below one cent shows $0.00, the exact $0.0095 on hover, and says the rest stays', () => {
    const { footer, card, dashboard, cardHtml } = shownBalances('0.0095', 'USD', 'en');
    for (const shown of [footer, card, dashboard]) {
      expect(shown).toEqual({ title: '$0.0095', text: '$0.00' });
    }
    // No figure of the card has more decimals than the currency's cents.
    expect(amounts(cardHtml)).toEqual([
      { title: '$0.0095', text: '$0.00' },
      { title: '$0.00', text: '$0.00' },
      { title: '$0.0095', text: 'Less than $0.01' },
    ]);
    expect(cardHtml).toContain('Kept for the next payment');
  });

  it('writes a balance in the reader’s language: 1 234,56 $US in French, rounded down', () => {
    const { footer } = shownBalances('1234.5699', 'USD', 'fr');
    expect(footer?.text.replace(/\s/g, ' ')).toBe('1 234,56 $US');
  });
});
