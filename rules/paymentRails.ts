/**
 * How money leaves the portal. A deployment chooses one rail (PAYMENT_RAIL): the sandbox partner,
 * which runs in the portal's process and pays nobody real (the demo's), or bank files the label
 * uploads to its own bank. The payment machine, the ledger, holds and idempotency are the same on
 * every rail; only the adapter that moves the money differs.
 */
export const paymentRails = ['sandbox', 'bankfile'] as const;
export type PaymentRail = (typeof paymentRails)[number];

export const DEFAULT_PAYMENT_RAIL: PaymentRail = 'sandbox';

export const isPaymentRail = (value: string): value is PaymentRail =>
  (paymentRails as readonly string[]).includes(value);

/**
 * How a payee's bank account is identified, by the country of the bank: a US routing (ABA) number
 * and account number, a UK sort code and account number, or an IBAN (with a BIC where the bank
 * needs one).
 */
export const bankSchemes = ['aba', 'sortcode', 'iban'] as const;
export type BankScheme = (typeof bankSchemes)[number];

/**
 * A payee's bank account as entered, by scheme. Kept encrypted; what anybody reads of it is the
 * last 4 characters of its number.
 */
export type BankDetails =
  | {
      scheme: 'aba';
      routingNumber: string;
      accountNumber: string;
      accountType: 'checking' | 'savings';
    }
  | { scheme: 'sortcode'; sortCode: string; accountNumber: string }
  | { scheme: 'iban'; iban: string; bic: string | null };

/** The number a bank account is known by, whose last 4 characters are shown. */
export const accountNumberOf = (details: BankDetails): string =>
  details.scheme === 'iban' ? details.iban : details.accountNumber;

/** The way one payment reaches its payee's bank: the sandbox, a NACHA ACH file or a SEPA file. */
export const payoutMethods = ['sandbox', 'nacha', 'sepa'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** What decides how a payee is paid: the currency paid and the account's scheme. */
export interface PayeeAccountKind {
  scheme: BankScheme;
  /** For an IBAN: whether its country is in the SEPA scheme (SEPA credit transfers reach it). */
  sepa: boolean;
}

/**
 * How a payment in `currency` reaches an account of this kind under `rail`, or null when the
 * label cannot pay it by any rail it has (the payment is held, with a reason the payee can read).
 * The sandbox pays every account in every currency; bank files pay USD to US accounts (NACHA
 * ACH) and EUR to IBANs of SEPA countries (SEPA Credit Transfer).
 */
export function payoutMethodFor(
  rail: PaymentRail,
  currency: string,
  account: PayeeAccountKind,
): PayoutMethod | null {
  if (rail === 'sandbox') return 'sandbox';
  if (currency === 'USD' && account.scheme === 'aba') return 'nacha';
  if (currency === 'EUR' && account.scheme === 'iban' && account.sepa) return 'sepa';
  return null;
}
