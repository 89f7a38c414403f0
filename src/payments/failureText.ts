import type { TFunction } from 'i18next';
import { CANCELLED } from '../../api/payments';

export { CANCELLED };

/**
 * What became of a failed payment, as SPEC section 8 prefixes it: the bank's return reason with
 * its ACH code, or the cancelled transfer in the reader's language.
 */
export function paymentFailureText(t: TFunction, failure: { code: string; message: string }) {
  return failure.code === CANCELLED
    ? t('payments.failure.cancelled')
    : t('payments.failure.returned', { reason: failure.message, code: failure.code });
}
