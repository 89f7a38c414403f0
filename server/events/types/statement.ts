import type { TextEncoding } from '../../../rules/encodings';
import type { TotalHold } from '../../../rules/totalChecks';
import type { LedgerTransfer } from '../readModels/ledgerTransfers';
import type { ScheduledRelease } from './reserve';

export interface UploadedFile {
  fileId: string;
  name: string;
  sha256: string;
  size: number;
  /** The text encoding the uploader confirmed: the file is read in it, whatever is detected. */
  encoding?: TextEncoding;
}

/** The `statement-<id>` stream. */
export type StatementEvent =
  | {
      type: 'StatementUploaded';
      data: {
        statementId: string;
        accountId: string;
        distributorId: string;
        period: string;
        expected: string | null;
        title: string;
        cashless?: boolean;
        /** 1 `from` = `rate` `to`: files whose amounts are in `from` are converted. */
        exchange?: { from: string; to: string; rate: string } | null;
        files: UploadedFile[];
        /** Sent by a partner distributor with an intake key rather than uploaded by a person. */
        intake?: { keyId: string; keyName: string };
        /**
         * A correction statement: the statement of a closed period it corrects, with the
         * adjustment lines added to it, in the next open period.
         */
        corrects?: string;
      };
    }
  | {
      type: 'StatementFileRead';
      data: { fileId: string; rowsRead: number; records: number; errors: number; summary: object };
    }
  | { type: 'StatementFileRejected'; data: { fileId: string; error: string } }
  | { type: 'StatementParsed'; data: { outcome: 'parsed' | 'failed' } }
  /** What the files read to was checked: held for the label's confirmation, or (null) not. */
  | { type: 'StatementTotalChecked'; data: { hold: TotalHold | null } }
  /** The label confirmed the total it was held on: the figure, kept with who confirmed it. */
  | {
      type: 'StatementTotalConfirmed';
      data: { check: TotalHold['check']; read: string; currency: string | null };
    }
  | {
      type: 'StatementTransitioned';
      data: {
        event: string;
        facts: object | null;
        from: string;
        to: string;
        flags: StatementFlags;
      };
    }
  | {
      /**
       * The label recorded an incoming amount; `total` is all it recorded for the statement.
       * `transfers` moves the amount from the label's bank into its funding (absent in events
       * written before funds were posted: the projector posts those by the same rule).
       * `requestId` names the form's submission, so a second click records nothing.
       */
      type: 'FundsReceived';
      data: { amount: string; total: string; transfers?: LedgerTransfer[]; requestId?: string };
    }
  | {
      type: 'StatementCalculated';
      data: {
        calculationId: string;
        inputSha256: string;
        outputSha256: string;
        backend: 'wasm' | 'decimal';
        totals: object;
        state: object;
        /**
         * The approved calculation whose engine state this one started from, null when none was
         * approved before; absent in events written before it was recorded.
         */
        basedOn?: string | null;
      };
    }
  | { type: 'CalculationFailed'; data: { message: string } }
  | { type: 'StatementApproved'; data: { calculationId: string } }
  | {
      /** Each payee's exact payout moved between the label's funding and their balance. */
      type: 'BalancesCredited';
      data: { transfers: LedgerTransfer[] };
    }
  | {
      /**
       * Returns on lines a reserve rule covers, charged to each payee's reserve before their
       * balance: `transfers` move reserve to balance, `charges` say which releases they use up.
       */
      type: 'ReturnsChargedToReserve';
      data: { transfers: LedgerTransfer[]; charges: { releaseId: string; amount: string }[] };
    }
  | {
      /** What the reserve rules withhold from the payouts, balance to reserve, and its releases. */
      type: 'ReservesWithheld';
      data: { transfers: LedgerTransfer[]; releases: ScheduledRelease[] };
    }
  | {
      type: 'PaymentsPrepared';
      data: {
        payments: {
          paymentId: string;
          transactionId: string;
          payeeId: string;
          amount: string;
          currency: string;
          /** The payment taken from the payee's balance; absent before balances were kept. */
          transfer?: LedgerTransfer;
          /** The account's passback mode when prepared; absent (off) before it was kept. */
          passback?: boolean;
          /**
           * SPEC section 3's facts of the payment, from its statement; absent before they were
           * kept: where the money came from, what recoupments deducted from the payee's share,
           * the role they are paid in, how many lines contributed, and the payee's balance in the
           * currency once the payment is taken from it.
           */
          origin?: 'proceeds' | 'recoupment';
          deduction?: string;
          role?: string;
          contributing?: number;
          walletBalance?: string;
        }[];
      };
    }
  | { type: 'StatementDateMoved'; data: { from: string | null; to: string } }
  | {
      type: 'AdjustmentAdded';
      data: {
        adjustmentId: string;
        code: string;
        units: number;
        amount: string;
        description: string;
      };
    }
  | {
      type: 'StatementFilesReplaced';
      data: {
        removed: string[];
        added: UploadedFile[];
        /** The one file a label replaced before approval (a retry replaces the faulty ones). */
        replaced?: { fileId: string; name: string; sha256: string };
      };
    }
  /** This statement's distributor take (%), over the account's default; null clears it. */
  | { type: 'StatementTakeSet'; data: { takePct: string | null } };

export interface StatementFlags {
  forced: boolean;
  expedited: boolean;
  cashless: boolean;
}
