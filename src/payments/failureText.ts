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

/** What the bank's return code means, in the reader's language; a code not listed says so plainly. */
export function bankReturnReason(t: TFunction, code: string): string {
  const key = ACH_RETURN_REASON_KEYS[code];
  return key ? t(key) : t('payments.return-reason.other');
}

/**
 * What became of a failed payment, as SPEC section 8 prefixes it: the bank's return reason with
 * its ACH code, or the cancelled transfer in the reader's language.
 */
export function paymentFailureText(t: TFunction, failure: { code: string; message: string }) {
  return failure.code === 'CANCELLED'
    ? t('payments.failure.cancelled')
    : t('payments.failure.returned', {
        reason: bankReturnReason(t, failure.code),
        code: failure.code,
      });
}
