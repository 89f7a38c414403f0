// SPEC sections 5 and 9, "Accounts and passwords": what a secure password is, checked alike by
// every form that sets one (Account page, reset, activation, claim) and by the server.

/** SPEC section 9: a password is at least 12 characters. */
export const MIN_PASSWORD_LENGTH = 12;

/** At least 12 characters mixing letters, numbers and symbols (a space is not a symbol). */
export function isSecurePassword(password: string): boolean {
  return (
    password.length >= MIN_PASSWORD_LENGTH &&
    /\p{L}/u.test(password) &&
    /\p{N}/u.test(password) &&
    /[^\p{L}\p{N}\s]/u.test(password)
  );
}

/** The English texts the server answers with; the forms show each in the reader's language. */
export const PASSWORD_MESSAGES = {
  passwordRule: `A secure password is at least ${MIN_PASSWORD_LENGTH} characters mixing letters, numbers and symbols.`,
  passwordsMustMatch: 'Passwords must match.',
} as const;
