// Static translation keys of the payment and transaction enums, so the locale check finds each.
import type { TFunction } from 'i18next';

const PAYMENT_STATUS_KEYS: Record<string, string> = {
  scheduled: 'payments.status.scheduled',
  held: 'payments.status.held',
  processing: 'payments.status.processing',
  completed: 'payments.status.completed',
  failed: 'payments.status.failed',
};

const HOLD_REASON_KEYS: Record<string, string> = {
  'no-verified-bank-account': 'payments.hold.no-verified-bank-account',
  'below-payment-minimum': 'payments.hold.below-payment-minimum',
  'business-not-certified': 'payments.hold.business-not-certified',
  'account-deleted': 'payments.hold.account-deleted',
  'bank-file-details-missing': 'payments.hold.bank-file-details-missing',
  'currency-not-payable': 'payments.hold.currency-not-payable',
  'terms-not-accepted': 'payments.hold.terms-not-accepted',
  'tax-form-missing': 'payments.hold.tax-form-missing',
};

const ORIGIN_KEYS: Record<string, string> = {
  proceeds: 'payments.origin.proceeds',
  recoupment: 'payments.origin.recoupment',
};

const TRANSACTION_STATUS_KEYS: Record<string, string> = {
  PREPARE: 'transactions.status.prepare',
  ACTIVE: 'transactions.status.active',
  PENDING: 'transactions.status.pending',
  PROCESSED: 'transactions.status.processed',
  FAILED: 'transactions.status.failed',
};

const TRANSFER_KIND_KEYS: Record<string, string> = {
  payout: 'payments.transfer-kind.payout',
  payment: 'payments.transfer-kind.payment',
  fee: 'payments.transfer-kind.fee',
  return: 'payments.transfer-kind.return',
  settlement: 'payments.transfer-kind.settlement',
  reserve: 'payments.transfer-kind.reserve',
};

const label = (keys: Record<string, string>, t: TFunction, value: string) => {
  const key = keys[value];
  return key ? t(key) : value;
};

export const paymentStatusLabel = (t: TFunction, status: string) =>
  label(PAYMENT_STATUS_KEYS, t, status);
export const holdReasonLabel = (t: TFunction, reason: string) => label(HOLD_REASON_KEYS, t, reason);
export const originLabel = (t: TFunction, origin: string) => label(ORIGIN_KEYS, t, origin);
export const transactionStatusLabel = (t: TFunction, status: string) =>
  label(TRANSACTION_STATUS_KEYS, t, status);
export const transferKindLabel = (t: TFunction, kind: string) => label(TRANSFER_KIND_KEYS, t, kind);

/**
 * A ledger account named for the reader (server/ledger/accounts.ts names them): a person's
 * balance, the label's funds, the payments on their way to the payment partner, or what the bank
 * returned of a person's payments, kept for their retry.
 */
export function ledgerAccountLabel(t: TFunction, account: string, payeeName: string): string {
  const [kind] = account.split(':');
  if (kind === 'payee') return t('payments.ledger.payee-balance', { name: payeeName });
  if (kind === 'funding') return t('payments.ledger.funding');
  if (kind === 'payouts') return t('payments.ledger.payouts');
  if (kind === 'returned') return t('payments.ledger.returned', { name: payeeName });
  if (kind === 'paid') return t('payments.ledger.paid');
  if (kind === 'reserve') return t('payments.ledger.reserve', { name: payeeName });
  if (kind === 'fees') return t('payments.ledger.fees');
  return t('payments.ledger.other');
}
