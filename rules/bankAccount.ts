// Bank account numbers as the ACH network takes them; the browser and the server check alike.

/** SPEC section 5: an account number is 10 digits. */
export const ACCOUNT_NUMBER_LENGTH = 10;

export const bankAccountTypes = ['checking', 'savings'] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];

/**
 * An ABA routing number: 9 digits whose weighted sum (3, 7, 1 repeated) is a multiple of 10,
 * which catches every single mistyped digit and most swapped pairs.
 */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce(
    (total, digit, index) => total + Number(digit) * weights[index]!,
    0,
  );
  return sum % 10 === 0;
}

export function isValidAccountNumber(value: string): boolean {
  return new RegExp(`^\\d{${ACCOUNT_NUMBER_LENGTH}}$`).test(value);
}

/** The server's texts for a refused number; the browser shows them in the reader's language. */
export const ROUTING_NUMBER_INVALID = 'A routing number is 9 digits with a valid check digit.';
export const ACCOUNT_NUMBER_INVALID = 'An account number must be 10 numbers long.';
/** The texts of refused bank details abroad (rules/bankDetails.ts checks them). */
export const SORT_CODE_INVALID = 'A sort code is 6 digits, such as 12-34-56.';
export const UK_ACCOUNT_NUMBER_INVALID = 'A UK account number is 8 digits.';
export const IBAN_INVALID = 'This IBAN is not valid: check it against your bank statement.';
export const BIC_INVALID = 'A BIC is 8 or 11 letters and digits, such as DEUTDEFF.';
export const BIC_REQUIRED = 'Banks outside the SEPA area need their BIC: enter it too.';
export const BANK_COUNTRY_NOT_TAKEN =
  'The portal pays bank accounts in the US, in the UK and in countries with IBANs: choose the country of your bank.';

/** Asked again before the account payments go to is set or changed. */
export const PASSWORD_NEEDED = 'Enter your password again to change where you are paid.';
/** SPEC section 8, for two micro-deposit amounts that are not the ones sent. */
export const MICRO_DEPOSITS_MISMATCH =
  'Transaction Mismatch: Transactions do not match, please try again.';

/** Wrong pairs of micro-deposit amounts allowed before the account must be added again. */
export const MICRO_DEPOSIT_TRIES = 3;
/**
 * SPEC section 9: micro-deposits appear in 24 to 48 hours, the window of a partner that does not
 * say when its deposits arrive (the sandbox and bank files say what is true for them).
 */
export const MICRO_DEPOSITS_EARLIEST_HOURS = 24;
export const MICRO_DEPOSITS_LATEST_HOURS = 48;
/**
 * Amounts entered before the deposits reached the bank: nothing to compare yet, no try used. When
 * they arrive depends on the rail: the account's page says it.
 */
export const MICRO_DEPOSITS_NOT_ARRIVED =
  'The two micro-deposits have not reached your bank yet: enter them once they are there.';
/**
 * SPEC section 8: the last wrong try. The partner drops the account, which must be entered again
 * (the page says why: the amounts were wrong 3 times).
 */
export const MICRO_DEPOSITS_LOCKED = 'Error, please delete account and re-enter your information';

/** Micro-deposits are 1 to 99 cents each. */
export const MICRO_DEPOSIT_LEAST_CENTS = 1;
export const MICRO_DEPOSIT_MOST_CENTS = 99;

const centsText = (cents: number) => `0.${String(cents).padStart(2, '0')}`;
/** n modulo m, from 0 to m - 1 for a negative n too. */
const modulo = (n: number, m: number) => ((n % m) + m) % m;
const sameAmounts = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join() === [...b].sort().join();

/**
 * The two micro-deposits a new bank account receives, as decimal text: two amounts of 1 to 99
 * cents, never equal, never the pair (in either order) of the person's previous account, so the
 * amounts prove the account and nothing else. `draw(min, max)` gives a random integer with
 * min <= n < max (node:crypto's randomInt on the server); the amounts are in range whatever
 * integers it gives, and one draw per amount is enough.
 */
export function microDepositPair(
  draw: (min: number, max: number) => number,
  previous: readonly string[] | null,
): [string, string] {
  const span = MICRO_DEPOSIT_MOST_CENTS - MICRO_DEPOSIT_LEAST_CENTS + 1;
  const first = MICRO_DEPOSIT_LEAST_CENTS + modulo(draw(0, span), span);
  // The second is drawn among the other 98 values: never the first.
  const other = (offset: number) =>
    MICRO_DEPOSIT_LEAST_CENTS + ((first - MICRO_DEPOSIT_LEAST_CENTS + offset) % span);
  const offset = 1 + modulo(draw(0, span - 1), span - 1);
  const pair: [string, string] = [centsText(first), centsText(other(offset))];
  if (!previous || !sameAmounts(pair, previous)) return pair;
  // The previous account's pair again: the next of the other values, still never the first.
  const next = 1 + (offset % (span - 1));
  return [centsText(first), centsText(other(next))];
}
