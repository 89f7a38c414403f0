import type { HoldReason, PaymentFailure } from '../../../api/payments';
import type { LedgerTransfer } from '../readModels/ledgerTransfers';

/**
 * The `payment-<id>` stream: each move of one payment, as the payment machine decides it. Events
 * that move money carry their ledger transfers, so replay posts exactly what was posted.
 */
export type PaymentStreamEvent =
  | { type: 'PaymentHeld'; data: { reason: HoldReason } }
  | { type: 'PaymentTransferStarted'; data: { transactionId: string } }
  /** The partner recorded the transfer; it reaches the bank later (a bank file not yet sent). */
  | { type: 'PaymentTransferQueued'; data: { transactionId: string; partnerTransferId: string } }
  | {
      type: 'PaymentTransferCreated';
      data: { transactionId: string; partnerTransferId: string; traceId: string };
    }
  | { type: 'PaymentSettled'; data: { transactionId: string; transfers: LedgerTransfer[] } }
  | { type: 'PaymentFeePaid'; data: { fee: string; transfers: LedgerTransfer[] } }
  | {
      type: 'PaymentReturned';
      data: { transactionId: string; failure: PaymentFailure; transfers: LedgerTransfer[] };
    }
  | {
      type: 'PaymentRetried';
      data: {
        transactionId: string;
        transfers: LedgerTransfer[];
        /** The new transaction's passback mode; absent (off) before it was kept. */
        passback?: boolean;
      };
    };
