import type { BankAccountType } from '../../../rules/bankAccount';
import type { BankScheme } from '../../../rules/paymentRails';

/**
 * The `bankaccount-<person id>` stream: the bank account a person is paid to. The account number
 * is kept encrypted (server/dataKey.ts); the log never holds it in clear.
 */
export type BankAccountEvent =
  | {
      type: 'BankAccountAdded';
      data: {
        customerId: string;
        fundingSourceId: string;
        /** Absent in events written before accounts abroad: a US account. */
        scheme?: BankScheme;
        /** The bank's country; absent before accounts abroad: the US. */
        country?: string;
        /** US accounts; null for the others. */
        routingNumber: string | null;
        /** UK accounts: the 6 digits of the sort code. */
        sortCode?: string | null;
        /** IBAN accounts: the BIC, when given. */
        bic?: string | null;
        /** The account number, or the IBAN, encrypted with the payment data key. */
        accountNumberEncrypted: string;
        last4: string;
        /** US accounts; null for the others. */
        accountType: BankAccountType | null;
        /** The bank the partner found for the routing number; absent or null when unknown. */
        bankName?: string | null;
      };
    }
  | { type: 'MicroDepositsSent'; data: { fundingSourceId: string } }
  | { type: 'BankAccountVerified'; data: { fundingSourceId: string } }
  | { type: 'BankAccountVerificationFailed'; data: { fundingSourceId: string } }
  /** Too many wrong tries: the partner removed the account, which must be added again. */
  | { type: 'BankAccountVerificationLocked'; data: { fundingSourceId: string; tries: number } };
