/**
 * The books a label's journals post to: one account of its chart per book category, mapped once
 * by the label (a code and a name each); the defaults below until it does. Shared by the server,
 * which writes the journals, and the settings form, which checks a mapping as the server does.
 */

export const BOOK_CATEGORIES = [
  'cashAtBank',
  'royaltyFundsHeld',
  'advancesRecoupable',
  'royaltiesPayable',
  'reserveForReturns',
  'paymentsInTransit',
  'returnedPayments',
  'royaltyExpense',
  'paymentFees',
  'suspense',
] as const;

export type BookCategory = (typeof BOOK_CATEGORIES)[number];

/** The account a category posts to in the label's chart of accounts. */
export interface BookAccount {
  code: string;
  name: string;
}

/**
 * A small chart's numbering (assets 1xxx, liabilities 2xxx, expenses 5xxx), in English: the
 * label replaces them with its own chart's codes and names.
 */
export const DEFAULT_BOOK_ACCOUNTS: Readonly<Record<BookCategory, BookAccount>> = {
  cashAtBank: { code: '1000', name: 'Cash at bank' },
  royaltyFundsHeld: { code: '1010', name: 'Royalty funds held' },
  advancesRecoupable: { code: '1200', name: 'Advances recoupable' },
  royaltiesPayable: { code: '2100', name: 'Royalties payable' },
  reserveForReturns: { code: '2110', name: 'Reserve for returns' },
  paymentsInTransit: { code: '2120', name: 'Payments in transit' },
  returnedPayments: { code: '2130', name: 'Returned payments' },
  royaltyExpense: { code: '5000', name: 'Royalty expense' },
  paymentFees: { code: '5100', name: 'Payment fees' },
  suspense: { code: '9999', name: 'Suspense' },
};

/** Xero asks a tax rate on every manual journal line; royalty movements here carry no tax. */
export const DEFAULT_XERO_TAX_RATE = 'Tax Exempt';

export const BOOK_CODE_MAX = 20;
export const BOOK_NAME_MAX = 100;

export const BOOK_CODE_INVALID =
  'An account code is 1 to 20 letters, digits, dots or dashes, without spaces.';
export const BOOK_NAME_INVALID = 'An account name is 1 to 100 characters.';
export const XERO_TAX_RATE_INVALID = 'The Xero tax rate is 1 to 100 characters.';

const CODE = /^[A-Za-z0-9.-]{1,20}$/;

/** The server's text for a code or name the books would not take; null when it is fine. */
export function bookAccountError(account: BookAccount): string | null {
  if (!CODE.test(account.code)) return BOOK_CODE_INVALID;
  const name = account.name.trim();
  if (name.length === 0 || name.length > BOOK_NAME_MAX) return BOOK_NAME_INVALID;
  return null;
}

export function xeroTaxRateError(taxRate: string): string | null {
  const trimmed = taxRate.trim();
  return trimmed.length === 0 || trimmed.length > BOOK_NAME_MAX ? XERO_TAX_RATE_INVALID : null;
}

/** A category's or a movement's name as its translation key writes it (`cash-at-bank`). */
export const kebabCase = (name: string) =>
  name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
