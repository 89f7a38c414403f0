import { actingAs, canOpen } from '../routes/access';
import { routeById } from '../routes/table';
import { useSession } from '../session/useSession';

/**
 * How the reader creates and edits recoupments: an overseer on the standalone pages, for any
 * account; a label with recoup:rw in a dialog, for its own account; anyone else not at all.
 * The server decides in the end: this only chooses what to offer.
 */
export function useRecoupmentEditing(): 'pages' | 'dialog' | null {
  const { session } = useSession();
  if (!session) return null;
  if (canOpen(routeById('recoupment-add'), session)) return 'pages';
  return actingAs(session).permissions.includes('recoup:rw') ? 'dialog' : null;
}
