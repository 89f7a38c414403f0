import type { BankAccountType } from '../../../rules/bankAccount';

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
        routingNumber: string;
        accountNumberEncrypted: string;
        last4: string;
        accountType: BankAccountType;
        /** The bank the partner found for the routing number; absent or null when unknown. */
        bankName?: string | null;
      };
    }
  | { type: 'MicroDepositsSent'; data: { fundingSourceId: string } }
  | { type: 'BankAccountVerified'; data: { fundingSourceId: string } }
  | { type: 'BankAccountVerificationFailed'; data: { fundingSourceId: string } }
  /** Too many wrong tries: the partner removed the account, which must be added again. */
  | { type: 'BankAccountVerificationLocked'; data: { fundingSourceId: string; tries: number } };
