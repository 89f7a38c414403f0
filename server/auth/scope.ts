import type { SessionUser } from './sessions';

/** Admins and overseers look across every account; everyone else inside their own. */
export function seesAllAccounts(user: SessionUser): boolean {
  return user.roles.includes('admin') || user.roles.includes('overseer');
}
