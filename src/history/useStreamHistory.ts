import type { HistoryKind, StreamHistory } from '../../api/history';
import { useServices } from '../app/ServicesContext';
import { useLoad, type Load } from '../app/useLoad';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import { useSession } from '../session/useSession';
import { catchUp, type CaughtUp } from './catchUp';
import { historyMirror } from './mirrorStore';

const PATHS: Record<HistoryKind, (id: string) => string> = {
  product: (id) => `products/${encodeURIComponent(id)}/history`,
  recoupment: (id) => `recoupments/${encodeURIComponent(id)}/history`,
  payment: (id) => `payments/${encodeURIComponent(id)}/history`,
  account: (id) => `admin/accounts/${encodeURIComponent(id)}/history`,
};

/**
 * A thing's history, caught up from the copy this browser keeps. The copy is kept per reader
 * (and per emulated account), so nobody else using this browser replays what they may not read.
 */
export function useStreamHistory(
  kind: HistoryKind,
  id: string,
  reloadOn: readonly unknown[] = [],
): Load<CaughtUp> {
  const { api } = useServices();
  const { session } = useSession();
  const reader = `${session?.username ?? ''}|${session?.emulation?.account.id ?? ''}`;
  const history = useLoad(
    (signal) =>
      catchUp(historyMirror(), `${reader}|${kind}|${id}`, (after) =>
        api.get<StreamHistory>(PATHS[kind](id), { query: { after }, signal, quiet: true }),
      ),
    [api, kind, id, reader],
    { reloadOn },
  );
  // A new event of this stream: the copy catches up from the last one it holds.
  useLiveReload(streamOf(kind, id), history.reload, [kind, id]);
  return history;
}
