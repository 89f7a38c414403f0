import { canOpen } from '../routes/access';
import { routeById } from '../routes/table';
import { useSession } from '../session/useSession';

/** Create and edit need distributor:rw and the overseer role (SPEC section 6). */
export function useCanEditDistributors(): boolean {
  const { session } = useSession();
  return session ? canOpen(routeById('distributor-add'), session) : false;
}
