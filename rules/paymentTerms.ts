// The payment terms a payee accepts before their first payment (SPEC section 5: "Business
// accounts and people must accept terms").

/**
 * The version of the payment terms in force: the year and month its text was published. A changed
 * text is a new version, with its own texts in the locales (`payment-terms.v<version>`), so the
 * text each payee accepted stays readable; every payee then accepts again before they are paid.
 */
export const PAYMENT_TERMS_VERSION = '2026-11';

/** The locale key of the terms' text of `version`. */
export const paymentTermsKey = (version: string) => `payment-terms.v${version}`;

/** Refused: an acceptance of terms that are not the current ones (an old page, say). */
export const TERMS_NOT_CURRENT =
  'These are not the current payment terms: read the current terms and accept them.';
