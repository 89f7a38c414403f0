// The payment terms a payee reads before accepting them: the version in force has its text, in
// every language the portal speaks, each paragraph translated; the wallet asks for them until the
// version in force is accepted. And the label's own money as its wallet shows it.
import { renderWithServices } from '../serverRender';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { PaymentTermsAnswer } from '../../../api/bankAccount';
import { FundsCard } from '../../../src/payments/WalletPage';
import { LANGUAGES } from '../../../rules/languages';
import { PAYMENT_TERMS_VERSION } from '../../../rules/paymentTerms';
import { createI18n } from '../../../src/i18n';
import { PAYMENT_TERMS_TEXTS, PaymentTerms } from '../../../src/payments/PaymentTermsSection';

describe('the payment terms’ text', () => {
  it('exists for the version in force, in every language, never the same as English', () => {
    const paragraphs = PAYMENT_TERMS_TEXTS[PAYMENT_TERMS_VERSION] ?? [];
    expect(paragraphs.length).toBeGreaterThan(5);
    const english = createI18n('en').t;
    for (const language of LANGUAGES) {
      const t = createI18n(language).t;
      for (const key of paragraphs) {
        const text = t(key);
        expect(text, `${language} ${key}`).not.toBe(key);
        if (language !== 'en') expect(text, `${language} ${key}`).not.toBe(english(key));
      }
    }
  });

  it('names what a payee agrees to: their share, whole units to their bank, returns, fees, disputes', () => {
    const t = createI18n('en').t;
    const text = (PAYMENT_TERMS_TEXTS[PAYMENT_TERMS_VERSION] ?? []).map((key) => t(key)).join(' ');
    for (const words of [
      'share',
      'recoupments',
      'whole units',
      'bank account',
      'balance',
      'returns',
      'fees',
      'statement is wrong',
    ]) {
      expect(text).toContain(words);
    }
  });
});

/** Server-renders `element` for a reader of `language`. */
const render = (element: ReturnType<typeof createElement>, language = 'en') =>
  renderWithServices(element, language);

const terms = (accepted: PaymentTermsAnswer['accepted']): PaymentTermsAnswer => ({
  current: PAYMENT_TERMS_VERSION,
  accepted,
});
const shown = (answer: PaymentTermsAnswer, language = 'en') =>
  render(createElement(PaymentTerms, { terms: answer, onAccepted: () => undefined }), language);

describe('the payment terms on the wallet', () => {
  // 11-28-2026 at noon UTC.
  const at = Date.UTC(2026, 10, 28, 12) / 1000;

  it('asks a payee who has not accepted to tick the box and accept, saying payments wait', () => {
    const page = shown(terms(null));
    expect(page).toContain('I have read the payment terms and I accept them');
    expect(page).toContain('Accept the payment terms');
    expect(page).toContain('Your payments wait until you accept the payment terms.');
    expect(page).toContain(`Version ${PAYMENT_TERMS_VERSION}`);
  });

  it('shows the version accepted and when, and no form, once the current version is accepted', () => {
    const page = shown(
      terms({ version: PAYMENT_TERMS_VERSION, acceptedAt: at, language: 'en', byAdmin: false }),
    );
    expect(page).toContain(
      `You accepted version ${PAYMENT_TERMS_VERSION} of the payment terms on 11/28/2026.`,
    );
    expect(page).not.toContain('type="checkbox"');
    expect(page).not.toContain('administrator');
  });

  it('asks again when the terms changed since the version accepted, and says who accepted for whom', () => {
    const again = shown(
      terms({ version: '2026-01', acceptedAt: at, language: 'en', byAdmin: false }),
    );
    expect(again).toContain('since you accepted version 2026-01');
    expect(again).toContain('type="checkbox"');
    const byAdmin = shown(
      terms({ version: PAYMENT_TERMS_VERSION, acceptedAt: at, language: 'fr', byAdmin: true }),
      'fr',
    );
    expect(byAdmin).toContain('Un administrateur les a acceptées pour vous');
  });
});

describe("the label's funds on its wallet", () => {
  it('shows each figure in the currency, the exact amount on hover', () => {
    const page = render(
      createElement(FundsCard, {
        funds: {
          currency: 'USD',
          received: '35.0071',
          paidOut: '18',
          fees: '0.5',
          held: '5.0071',
          returnedKept: '4',
          returnedToFunds: '8',
          left: '7.5',
        },
      }),
    );
    for (const name of ['Funds received', 'Paid out', 'Fees', 'Held for payees', 'Left']) {
      expect(page).toContain(name);
    }
    expect(page).toContain('Returned, kept for failed payments');
    expect(page).toContain('$35.01');
    expect(page).toContain('title="$35.0071"');
    expect(page).toContain('$7.50');
  });
});
