import type { HoldReason } from '../../api/payments';
import type { BankDetails } from '../../rules/paymentRails';
import type { Queryable } from '../db/database';

/**
 * The payment partner as the portal sees it: one adapter for every partner. Every call that
 * moves money carries an idempotency key, so a retry, a double click or a crash between the call
 * and the commit never pays twice: the same key answers the same transfer.
 */
export interface PartnerTransfer {
  id: string;
  /**
   * queued: recorded, not yet with the bank (a bank file not yet submitted: it can still be
   * cancelled); pending: with the bank; then settled, returned or cancelled.
   */
  status: 'queued' | 'pending' | 'settled' | 'returned' | 'cancelled';
  amount: string;
  currency: string;
  /** What the partner charges the label for this transfer. */
  fee: string;
  /** The bank's trace number. */
  traceId: string;
  /** The bank's return, when status is returned (an ACH code such as R01). */
  returnCode: string | null;
  returnMessage: string | null;
}

export interface NewPartnerTransfer {
  idempotencyKey: string;
  amount: string;
  currency: string;
  /** The partner's id of the payee's verified bank account. */
  destination: string;
}

/** A payee's bank account as the partner keeps it, to send money to once verified. */
export interface NewFundingSource {
  /** The portal's id of the person: the partner's customer is made once per person. */
  personId: string;
  /** The account holder's name, as the bank knows it. */
  holderName: string;
  details: BankDetails;
}

/** A bank account the partner keeps: its ids, and its bank when the partner knows the routing. */
export interface FundingSource {
  customerId: string;
  fundingSourceId: string;
  bankName: string | null;
}

/**
 * What the partner says of two amounts: the micro-deposits sent (in either order), other amounts,
 * or nothing to compare yet because the deposits have not reached the bank.
 */
export type MicroDepositCheck = 'verified' | 'mismatch' | 'not-arrived';

export interface PaymentPartner {
  /** Adds the bank account and sends it two micro-deposits to prove it is the person's. */
  createFundingSource(source: NewFundingSource, now: Date): Promise<FundingSource>;
  verifyMicroDeposits(
    fundingSourceId: string,
    amounts: string[],
    now: Date,
  ): Promise<MicroDepositCheck>;
  /**
   * When micro-deposits sent at `sentAt` (epoch seconds) reach the bank, as this rail knows it:
   * the sandbox after its configured delay; null where nobody can say (bank files: once the label
   * sends its file). Without it, SPEC section 9's 24 to 48 hours.
   */
  microDepositsDue?(sentAt: number): { from: number; to: number } | null;
  /** Drops a bank account, after too many wrong tries: it must be added again. */
  removeFundingSource(fundingSourceId: string, now: Date): Promise<void>;
  createTransfer(transfer: NewPartnerTransfer, now: Date): Promise<PartnerTransfer>;
  getTransfer(id: string): Promise<PartnerTransfer | null>;
  cancelTransfer(id: string, now: Date): Promise<PartnerTransfer | null>;
  /**
   * Why this partner cannot pay a payment that nothing else holds (the label's details it lacks),
   * or null. Which currency reaches which account is the general rule's (holds.ts), not this.
   */
  holdReasonOf?(
    tx: Queryable,
    payment: { account_id: string; payee_id: string; currency: string },
  ): Promise<HoldReason | null>;
  /** At the end of each batch run: what the run queued goes out (bank files are written). */
  afterBatch?(now: Date): Promise<void>;
}

/** The header that carries a webhook's HMAC-SHA256 signature, hex, of its raw body. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-partner-signature';

/** What a webhook says happened to a transfer. */
export const PARTNER_WEBHOOK_TOPICS = [
  'transfer.settled',
  'transfer.returned',
  'transfer.cancelled',
] as const;

/** A webhook's body: which transfer changed; the portal asks the partner for the rest. */
export interface PartnerWebhook {
  id: string;
  topic: (typeof PARTNER_WEBHOOK_TOPICS)[number];
  transferId: string;
}
