// The payment, transaction and wallet calls of the API (server/routes/payments.ts), typed by the
// contract in api/.
import type { ApiClient } from '../api/client';
import type {
  AcceptPaymentTerms,
  BankAccount,
  BankAccountAnswer,
  NewBankAccount,
  PaymentTermsAnswer,
} from '../../api/bankAccount';
import type { BankFileOriginator, BankFileOriginatorChange } from '../../api/bankFileOriginator';
import type { PaymentSettings, PaymentSettingsChange } from '../../api/paymentSettings';
import type {
  BatchRun,
  PaymentDetail,
  PaymentList,
  PaymentStatus,
  TransactionDetail,
  TransactionList,
  TransactionStatus,
  Wallet,
} from '../../api/payments';

/** The most rows one read of a ledger list takes; the search and the status filter narrow it. */
export const LEDGER_PAGE_SIZE = 500;

export const listPayments = (
  api: ApiClient,
  query: { q?: string; status?: PaymentStatus; statement?: string },
  signal?: AbortSignal,
) =>
  api.get<PaymentList>('payments', {
    query: { limit: LEDGER_PAGE_SIZE, ...query },
    ...(signal ? { signal } : {}),
  });

export const readPayment = (api: ApiClient, id: string) =>
  api.get<PaymentDetail>(`payments/${encodeURIComponent(id)}`);

export const listTransactions = (
  api: ApiClient,
  query: { q?: string; status?: TransactionStatus },
  signal?: AbortSignal,
) =>
  api.get<TransactionList>('transactions', {
    query: { limit: LEDGER_PAGE_SIZE, ...query },
    ...(signal ? { signal } : {}),
  });

/** Every matching transaction as a CSV file, saved under the name the server gives it. */
export const downloadTransactions = (
  api: ApiClient,
  query: { q?: string; status?: TransactionStatus },
) => api.get('transactions', { format: 'csv', query: { ...query, format: 'csv' } });

export const readTransaction = (api: ApiClient, id: string) =>
  api.get<TransactionDetail>(`transactions/${encodeURIComponent(id)}`);

export const readWallet = (api: ApiClient) => api.get<Wallet>('wallet');

/** Admins: runs the payment batch now rather than at the end of its period. */
export const runPaymentBatch = (api: ApiClient) => api.post<BatchRun>('payments/batch');

/** Admins: clears a failed payment; the next batch tries it again. */
export const retryPayment = (api: ApiClient, id: string) =>
  api.post<PaymentDetail>(`payments/${encodeURIComponent(id)}/retry`);

export const readBankAccount = (api: ApiClient) =>
  api.get<BankAccountAnswer>('payment-method/bank-account');

/** The form shows a refused number beside it: no toast. */
export const saveBankAccount = (api: ApiClient, account: NewBankAccount) =>
  api.put<BankAccount>('payment-method/bank-account', account, { quiet: true });

export const verifyBankAccount = (api: ApiClient, amounts: [string, string]) =>
  api.post<BankAccount>('payment-method/bank-account/verify', { amounts }, { quiet: true });

/** The payment terms in force and the caller's latest acceptance. */
export const readPaymentTerms = (api: ApiClient) =>
  api.get<PaymentTermsAnswer>('payment-method/terms');

/** The section shows a refusal beside its button: no toast. */
export const acceptPaymentTerms = (api: ApiClient, acceptance: AcceptPaymentTerms) =>
  api.post<PaymentTermsAnswer>('payment-method/terms', acceptance, { quiet: true });

/** The label's payment minimums and passback mode (its owner's; never shown to payees). */
export const readPaymentSettings = (api: ApiClient) => api.get<PaymentSettings>('payment-settings');

/** The form shows a refused value beside it: no toast. */
export const savePaymentSettings = (api: ApiClient, change: PaymentSettingsChange) =>
  api.put<PaymentSettings>('payment-settings', change, { quiet: true });

/** Admins and the label's owner: cancels a payment whose transfer has not reached the bank. */
export const cancelPayment = (api: ApiClient, id: string) =>
  api.post<PaymentDetail>(`payments/${encodeURIComponent(id)}/cancel`);

/** The label's own bank details its bank files carry (its owner's; never shown to payees). */
export const readBankFileOriginator = (api: ApiClient) =>
  api.get<BankFileOriginator>('bank-file-originator');

/** The form shows a refused field beside it: no toast. */
export const saveBankFileOriginator = (api: ApiClient, change: BankFileOriginatorChange) =>
  api.put<BankFileOriginator>('bank-file-originator', change, { quiet: true });
