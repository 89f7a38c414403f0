// The password rule of rules/passwords.ts as the forms show it: the translation keys of its texts.
import { isSecurePassword } from '../../rules/passwords';

/** The keys of rules/passwords.ts's PASSWORD_MESSAGES, one pair for every form. */
export const PASSWORD_KEYS = {
  passwordRule: 'account.password.rule',
  passwordsMustMatch: 'account.password.must-match',
} as const;

/** Translation keys of what is wrong with a new password and its confirmation, if anything. */
export function passwordProblems(
  password: string,
  confirmation: string,
): { password: string | null; confirmation: string | null } {
  return {
    password: isSecurePassword(password) ? null : PASSWORD_KEYS.passwordRule,
    confirmation: password === confirmation ? null : PASSWORD_KEYS.passwordsMustMatch,
  };
}
