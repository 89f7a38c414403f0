import type { LedgerTransfer } from '../readModels/ledgerTransfers';

/**
 * The `bankfile-<id>` stream: a bank file the portal wrote for a label (PAYMENT_RAIL=bankfile),
 * who downloaded it and when, and when the label said it sent it to its bank. The file, its
 * credits and its text are the rail's own tables; the log keeps who did what, and the money the
 * file's micro-deposits cost the label.
 */
export type BankFileEvent =
  | {
      type: 'BankFileWritten';
      data: {
        accountId: string;
        format: 'nacha' | 'sepa';
        currency: string;
        fileName: string;
        /** Credits in the file: payments and micro-deposits. */
        entries: number;
        total: string;
        /** What the file's micro-deposits cost the label, from its funds. */
        transfers: LedgerTransfer[];
      };
    }
  | { type: 'BankFileDownloaded'; data: { accountId: string; fileName: string } }
  | { type: 'BankFileSubmitted'; data: { accountId: string; fileName: string } };
