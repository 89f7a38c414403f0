import type { HoldReason, PaymentFailure } from '../../../api/payments';
import type { LedgerTransfer } from '../readModels/ledgerTransfers';

/**
 * The `payment-<id>` stream: each move of one payment, as the payment machine decides it. Events
 * that move money carry their ledger transfers, so replay posts exactly what was posted.
 */
export type PaymentStreamEvent =
  | { type: 'PaymentHeld'; data: { reason: HoldReason } }
  | {
      type: 'PaymentTransferStarted';
      data: {
        transactionId: string;
        /**
         * The idempotency key of the partner transfer it goes out in, shared by a payee's payments
         * released together; absent before they could be (the payment's id and attempt).
         */
        transferKey?: string;
      };
    }
  /** The partner recorded the transfer; it reaches the bank later (a bank file not yet sent). */
  | { type: 'PaymentTransferQueued'; data: { transactionId: string; partnerTransferId: string } }
  | {
      type: 'PaymentTransferCreated';
      data: { transactionId: string; partnerTransferId: string; traceId: string };
    }
  | {
      type: 'PaymentSettled';
      data: {
        transactionId: string;
        transfers: LedgerTransfer[];
        /** The fee the next step transfers; absent when settlement and fee were one step. */
        fee?: string;
      };
    }
  | { type: 'PaymentFeePaid'; data: { fee: string; transfers: LedgerTransfer[] } }
  | {
      type: 'PaymentReturned';
      data: {
        transactionId: string;
        failure: PaymentFailure;
        transfers: LedgerTransfer[];
        /** Returned after the bank had settled it (a late return): the money came back from paid. */
        afterSettlement?: boolean;
        /** The fee the label paid for the returned transfer, which stays paid. */
        feeKept?: string;
      };
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
