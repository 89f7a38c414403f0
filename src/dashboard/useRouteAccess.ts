import { canOpen } from '../routes/access';
import { routeById } from '../routes/table';
import { useSession } from '../session/useSession';

/** Whether the person acting may open the route with this id: a link shows only then. */
export function useRouteAccess(): (routeId: string) => boolean {
  const { session } = useSession();
  return (routeId: string) => !!session && canOpen(routeById(routeId), session);
}
