/**
 * The ledger's accounts, named by what they hold. Money only moves between two of them, so the
 * balances of all of them sum to zero.
 */

/**
 * The label's own bank account, outside the portal: where the funds it records for its statements
 * come from. Its balance is below zero by what the label put in.
 */
export const labelBankAccount = (accountId: string) => `bank:${accountId}`;

/**
 * What a label pays its payees from: credited with the funds it records for its statements,
 * debited for every payout credited to a payee and every partner fee.
 */
export const fundingAccount = (accountId: string) => `funding:${accountId}`;

/** What a label owes one payee: credited with payouts, debited with what is paid out. */
export const payeeAccount = (accountId: string, payeeId: string) => `payee:${accountId}:${payeeId}`;

/** Payments prepared for the payment partner and not yet sent. */
export const payoutsAccount = (accountId: string) => `payouts:${accountId}`;

/** What left through the payment partner to the payees' banks. */
export const paidOutAccount = (accountId: string) => `paid:${accountId}`;

/** What the payment partner charged the label for moving its payments. */
export const partnerFeesAccount = (currency: string) => `fees:partner:${currency}`;

/**
 * What the bank returned of a payee's payments made with passback off: kept for those failed
 * payments until an admin retries them, never paid by a later statement's payment.
 */
export const returnedAccount = (accountId: string, payeeId: string) =>
  `returned:${accountId}:${payeeId}`;

/**
 * What the micro-deposits that prove payees' bank accounts cost, per currency: each label pays
 * those its bank files carry, from its funds.
 */
export const microDepositsAccount = (currency: string) => `microdeposits:${currency}`;

/**
 * What a label withholds from one payee against returns: credited from the payee's balance at
 * approval, debited when a release is due or a return is charged to it.
 */
export const reserveAccount = (accountId: string, payeeId: string) =>
  `reserve:${accountId}:${payeeId}`;
