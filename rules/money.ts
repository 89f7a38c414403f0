// The largest amount the portal takes: what a form lets through, what the API accepts and what
// the engine calculates with are one limit, so an amount the API saved never makes a calculation
// fail afterwards. Amounts are exact decimal text, never JS numbers.

/**
 * Most digits before the decimal point (|amount| < 10^15): every sum, counter and product the
 * engine makes of such amounts stays inside its integers (ENGINE.md "Numbers", engine-rs/README.md).
 */
export const MAX_MONEY_INTEGER_DIGITS = 15;
/** Most digits after the point: the engine counts money in units of 10^-12. */
export const MAX_MONEY_DECIMALS = 12;

/** An amount of zero or more, as a JSON schema pattern: `1250`, `0.000000000001`. */
export const MONEY_PATTERN = `^[0-9]{1,${MAX_MONEY_INTEGER_DIGITS}}(\\.[0-9]{1,${MAX_MONEY_DECIMALS}})?$`;
/** An amount that may be negative (an adjustment, a deduction), as a JSON schema pattern. */
export const SIGNED_MONEY_PATTERN = `^-?${MONEY_PATTERN.slice(1)}`;

const MONEY = new RegExp(MONEY_PATTERN);
const SIGNED_MONEY = new RegExp(SIGNED_MONEY_PATTERN);

/** Decimal text of zero or more within the limit. */
export const isMoneyText = (text: string): boolean => MONEY.test(text);
/** Decimal text within the limit, negative or not. */
export const isSignedMoneyText = (text: string): boolean => SIGNED_MONEY.test(text);

/** What a person reads of an amount past the limit or not written as one. */
export const NOT_AN_AMOUNT = `Not a valid value: use at most ${MAX_MONEY_INTEGER_DIGITS} digits before the decimal point and ${MAX_MONEY_DECIMALS} after it.`;
