import type { TFunction } from 'i18next';

/** The ACH return codes (NACHA Operating Rules, Appendix Four) a reader gets in their language. */
const ACH_RETURN_REASON_KEYS: Readonly<Record<string, string>> = {
  R01: 'payments.return-reason.r01',
  R02: 'payments.return-reason.r02',
  R03: 'payments.return-reason.r03',
  R04: 'payments.return-reason.r04',
  R05: 'payments.return-reason.r05',
  R06: 'payments.return-reason.r06',
  R07: 'payments.return-reason.r07',
  R08: 'payments.return-reason.r08',
  R09: 'payments.return-reason.r09',
  R10: 'payments.return-reason.r10',
  R11: 'payments.return-reason.r11',
  R12: 'payments.return-reason.r12',
  R13: 'payments.return-reason.r13',
  R14: 'payments.return-reason.r14',
  R15: 'payments.return-reason.r15',
  R16: 'payments.return-reason.r16',
  R17: 'payments.return-reason.r17',
  R18: 'payments.return-reason.r18',
  R19: 'payments.return-reason.r19',
  R20: 'payments.return-reason.r20',
  R21: 'payments.return-reason.r21',
  R22: 'payments.return-reason.r22',
  R23: 'payments.return-reason.r23',
  R24: 'payments.return-reason.r24',
  R25: 'payments.return-reason.r25',
  R26: 'payments.return-reason.r26',
  R27: 'payments.return-reason.r27',
  R28: 'payments.return-reason.r28',
  R29: 'payments.return-reason.r29',
  R30: 'payments.return-reason.r30',
  R31: 'payments.return-reason.r31',
  R32: 'payments.return-reason.r32',
  R33: 'payments.return-reason.r33',
  R34: 'payments.return-reason.r34',
  R35: 'payments.return-reason.r35',
};

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

/**
 * What the bank's return means, in the reader's language: an ACH return code or a SEPA reason
 * code the portal knows, else the bank's own words when its file gave any, else that the bank
 * returned it.
 */
export function bankReturnReason(t: TFunction, failure: { code: string; message: string }): string {
  const key = ACH_RETURN_REASON_KEYS[failure.code] ?? SEPA_REASON_KEYS[failure.code];
  if (key) return t(key);
  const words = failure.message.trim();
  return words !== '' && words !== failure.code ? words : t('payments.return-reason.other');
}

/**
 * What became of a failed payment, as SPEC section 8 prefixes it: the bank's return reason with
 * its ACH code, or the cancelled transfer in the reader's language.
 */
export function paymentFailureText(t: TFunction, failure: { code: string; message: string }) {
  return failure.code === 'CANCELLED'
    ? t('payments.failure.cancelled')
    : t('payments.failure.returned', { reason: bankReturnReason(t, failure), code: failure.code });
}
