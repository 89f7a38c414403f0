/** SPEC section 5 and 9: a secure password is at least 12 characters. */
export const MIN_PASSWORD_LENGTH = 12;

/** At least 12 characters mixing letters, numbers and symbols (the server checks the same). */
export function isSecurePassword(password: string): boolean {
  return (
    password.length >= MIN_PASSWORD_LENGTH &&
    /\p{L}/u.test(password) &&
    /\p{N}/u.test(password) &&
    /[^\p{L}\p{N}\s]/u.test(password)
  );
}

/** Translation keys of what is wrong with a new password and its confirmation, if anything. */
export function passwordProblems(
  password: string,
  confirmation: string,
): { password: string | null; confirmation: string | null } {
  return {
    password: isSecurePassword(password) ? null : 'account.password.rule',
    confirmation: password === confirmation ? null : 'account.password.must-match',
  };
}
