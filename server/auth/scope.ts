import type { SessionUser } from './sessions';

/** Admins and overseers look across every account; everyone else inside their own. */
export function seesAllAccounts(user: SessionUser): boolean {
  return user.roles.includes('admin') || user.roles.includes('overseer');
}

/**
 * A warranter (guarantor, SPEC section 6) stands behind what their label owes: they watch the
 * label account's payments, transactions and recoupments, read only, as its owner sees them.
 */
export function watchesOwnAccount(user: SessionUser): boolean {
  return user.roles.includes('warranter');
}
