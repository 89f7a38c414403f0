/**
 * The ledger's accounts, named by what they hold. Money only moves between two of them, so the
 * balances of all of them sum to zero.
 */

/** What a label pays its payees from: debited for every payout credited to a payee. */
export const fundingAccount = (accountId: string) => `funding:${accountId}`;

/** What a label owes one payee: credited with payouts, debited with what is paid out. */
export const payeeAccount = (accountId: string, payeeId: string) => `payee:${accountId}:${payeeId}`;

/** Payments prepared for the payment partner and not yet sent. */
export const payoutsAccount = (accountId: string) => `payouts:${accountId}`;
