import { canOpen } from '../routes/access';
import { routeById } from '../routes/table';
import { useSession } from '../session/useSession';

/** Whether statements link to their page: a payee without statement access reads only the title. */
export function useOpensStatements(): boolean {
  const { session } = useSession();
  return !!session && canOpen(routeById('statement'), session);
}
