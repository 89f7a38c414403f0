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
});
