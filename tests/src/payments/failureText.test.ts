// A returned payment says what the bank answered after SPEC section 8's 'Failed to process
// request:', in the reader's language, whatever words the bank used; a cancelled transfer says so
// without a code.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, createI18n } from '../../../src/i18n';
import { bankReturnReason, paymentFailureText } from '../../../src/payments/failureText';

describe('a failed payment’s reason', () => {
  it('is the meaning of the bank’s return code in the reader’s language, with the code', () => {
    const returned = { code: 'R03', message: 'NO ACCT/UNABLE TO LOCATE' };
    expect(paymentFailureText(createI18n('en').t, returned)).toBe(
      'Failed to process request: No account / unable to locate account (R03)',
    );
    expect(paymentFailureText(createI18n('fr').t, returned)).toBe(
      'Échec du traitement de la demande : Compte inexistant ou introuvable (R03)',
    );
    expect(
      paymentFailureText(createI18n('ja').t, { code: 'R01', message: 'Insufficient Funds' }),
    ).toBe('リクエストを処理できませんでした: 残高不足（R01）');
  });

  it('reads every common ACH return code, R01 to R33, in every language', () => {
    for (const language of LANGUAGES) {
      const { t } = createI18n(language);
      const other = bankReturnReason(t, { code: 'R99', message: '' });
      const texts = Array.from({ length: 33 }, (_, i) =>
        bankReturnReason(t, { code: `R${String(i + 1).padStart(2, '0')}`, message: '' }),
      );
      expect(
        texts.filter((text) => text === other || text.startsWith('payments.')),
        language,
      ).toEqual([]);
      expect(new Set(texts).size, language).toBe(33);
    }
  });

  it('says plainly that the bank returned it when the code is one it does not know, keeping the code', () => {
    expect(paymentFailureText(createI18n('en').t, { code: 'R99', message: '' })).toBe(
      'Failed to process request: Returned by the bank (R99)',
    );
    expect(paymentFailureText(createI18n('es').t, { code: 'R99', message: 'R99' })).toBe(
      'No se pudo procesar la solicitud: Devuelto por el banco (R99)',
    );
  });

  it('names a cancelled transfer in words, not by the portal’s code for it', () => {
    const cancelled = { code: 'CANCELLED', message: 'Cancelled' };
    expect(paymentFailureText(createI18n('en').t, cancelled)).toBe(
      'Failed to process request: the transfer was cancelled.',
    );
    expect(paymentFailureText(createI18n('ja').t, cancelled)).not.toContain('CANCELLED');
  });

  it('words a SEPA reason code in the reader’s language, whatever the bank’s file said', () => {
    const closed = { code: 'AC04', message: '' };
    expect(paymentFailureText(createI18n('en').t, closed)).toBe(
      'Failed to process request: Account closed (AC04)',
    );
    expect(paymentFailureText(createI18n('fr').t, { ...closed, message: 'Konto erloschen' })).toBe(
      'Échec du traitement de la demande : Compte clôturé (AC04)',
    );
    expect(paymentFailureText(createI18n('ja').t, { code: 'MD07', message: 'MD07' })).toBe(
      'リクエストを処理できませんでした: 口座名義人が死亡しています（MD07）',
    );
  });

  it('keeps the bank’s words for a code it does not know, and says the bank returned it when none', () => {
    expect(
      paymentFailureText(createI18n('en').t, { code: 'XT99', message: 'Blocked by bank policy' }),
    ).toBe('Failed to process request: Blocked by bank policy (XT99)');
    expect(paymentFailureText(createI18n('en').t, { code: 'NARR', message: 'NARR' })).toBe(
      'Failed to process request: Returned by the bank (NARR)',
    );
    expect(paymentFailureText(createI18n('es').t, { code: 'BANK-XY', message: ' ' })).toBe(
      'No se pudo procesar la solicitud: Devuelto por el banco (BANK-XY)',
    );
  });
});
