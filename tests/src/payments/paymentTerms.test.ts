// The payment terms a payee reads before accepting them: the version in force has its text, in
// every language the portal speaks, each paragraph translated.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../rules/languages';
import { PAYMENT_TERMS_VERSION } from '../../../rules/paymentTerms';
import { createI18n } from '../../../src/i18n';
import { PAYMENT_TERMS_TEXTS } from '../../../src/payments/PaymentTermsSection';

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
