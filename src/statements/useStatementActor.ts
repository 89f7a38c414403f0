import { actingAs } from '../routes/access';
import { useSession } from '../session/useSession';
import type { Actor } from './pipeline';

/** Who acts on the statement page: the emulated user while emulating (the server does the same). */
export function useStatementActor(): Actor {
  const { session } = useSession();
  if (!session) return { admin: false, canWrite: false };
  const acting = actingAs(session);
  return {
    admin: acting.roles.includes('admin'),
    canWrite: acting.permissions.includes('statement:rw'),
  };
}
