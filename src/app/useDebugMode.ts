import { canToggleDebug } from './preferences';
import { useServices } from './ServicesContext';
import { useBehaviorSubject } from './useObservable';
import { useSession } from '../session/useSession';

/** Debug mode: developer words (machine events, engine backends) may show. Only where the toggle may. */
export function useDebugMode(): boolean {
  const { preferences } = useServices();
  const debug = useBehaviorSubject(preferences.debug$);
  const { session } = useSession();
  return debug && session !== null && canToggleDebug(session);
}
