import { useSession } from '../session/useSession';

/**
 * SPEC section 6: running the batch and clearing a failed payment are the admin's, and never
 * while emulating someone else. The server checks it again on every call.
 */
export function useIsAdmin(): boolean {
  const { session } = useSession();
  return !!session && !session.emulation && session.roles.includes('admin');
}
