import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import type { Statement } from '../../api/statements';
import { getStatement } from './statementsApi';

export interface StatementLoad {
  statement: Statement | null;
  /** The statement could not be read (gone, or not this account's). */
  failed: boolean;
  reload: () => void;
}

/** One statement, read again whenever the live stream says it changed (read, calculated, paid). */
export function useStatement(id: string): StatementLoad {
  const { api } = useServices();
  const load = useLoad(() => getStatement(api, id), [api, id]);
  useLiveReload(streamOf('statement', id), load.reload, [id]);

  return { statement: load.data ?? null, failed: load.status === 'failed', reload: load.reload };
}
