// A returned payment says what the bank answered after SPEC section 8's 'Failed to process
// request:', in the reader's language; a cancelled transfer says so without a code.
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { paymentFailureText } from '../../../src/payments/failureText';

describe('a failed payment’s reason', () => {
  it('is the bank’s return reason with its code, after SPEC’s words', () => {
    const returned = { code: 'R03', message: 'No Account/Unable to Locate Account' };
    expect(paymentFailureText(createI18n('en').t, returned)).toBe(
      'Failed to process request: No Account/Unable to Locate Account (R03)',
    );
    expect(paymentFailureText(createI18n('fr').t, returned)).toBe(
      'Échec du traitement de la demande : No Account/Unable to Locate Account (R03)',
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
      'Failed to process request: The bank returned the payment (NARR)',
    );
    expect(paymentFailureText(createI18n('es').t, { code: 'BANK-XY', message: ' ' })).toBe(
      'No se pudo procesar la solicitud: El banco devolvió el pago (BANK-XY)',
    );
  });
});
