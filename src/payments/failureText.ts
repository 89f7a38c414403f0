import type { TFunction } from 'i18next';

// ISO 20022 reason codes of SEPA returns (pain.002 rejections, camt.054 returned credits): the
// bank's reason in the reader's language, whatever words (if any) the bank's file gave.
const SEPA_REASON_KEYS: Readonly<Record<string, string>> = {
  AC01: 'payments.failure.sepa-ac01',
  AC03: 'payments.failure.sepa-ac03',
  AC04: 'payments.failure.sepa-ac04',
  AC06: 'payments.failure.sepa-ac06',
  AC13: 'payments.failure.sepa-ac13',
  AG01: 'payments.failure.sepa-ag01',
  AG02: 'payments.failure.sepa-ag02',
  AM02: 'payments.failure.sepa-am02',
  AM04: 'payments.failure.sepa-am04',
  AM05: 'payments.failure.sepa-am05',
  BE04: 'payments.failure.sepa-be04',
  CNOR: 'payments.failure.sepa-cnor',
  CUST: 'payments.failure.sepa-cust',
  DNOR: 'payments.failure.sepa-dnor',
  DUPL: 'payments.failure.sepa-dupl',
  ED05: 'payments.failure.sepa-ed05',
  FF01: 'payments.failure.sepa-ff01',
  FOCR: 'payments.failure.sepa-focr',
  MD07: 'payments.failure.sepa-md07',
  MS02: 'payments.failure.sepa-ms02',
  MS03: 'payments.failure.sepa-ms03',
  RC01: 'payments.failure.sepa-rc01',
  RR01: 'payments.failure.sepa-rr01',
  RR02: 'payments.failure.sepa-rr02',
  RR03: 'payments.failure.sepa-rr03',
  RR04: 'payments.failure.sepa-rr04',
  TM01: 'payments.failure.sepa-tm01',
};

/** The bank's reason: known codes in the reader's language, else the bank's own words, if any. */
export function returnReason(t: TFunction, failure: { code: string; message: string }): string {
  const key = SEPA_REASON_KEYS[failure.code];
  if (key) return t(key);
  const words = failure.message.trim();
  return words !== '' && words !== failure.code ? words : t('payments.failure.bank-returned');
}

/**
 * What became of a failed payment, as SPEC section 8 prefixes it: the bank's return reason with
 * its ACH code, or the cancelled transfer in the reader's language.
 */
export function paymentFailureText(t: TFunction, failure: { code: string; message: string }) {
  return failure.code === 'CANCELLED'
    ? t('payments.failure.cancelled')
    : t('payments.failure.returned', { reason: returnReason(t, failure), code: failure.code });
}
