import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { isBusy, statementSnapshot } from './pipeline';
import type { Statement } from '../../api/statements';
import { getStatement } from './statementsApi';

/** How often a statement the server is working on is asked for again. */
export const STATEMENT_POLL_MS = 1500;

export interface StatementLoad {
  statement: Statement | null;
  /** The statement could not be read (gone, or not this account's). */
  failed: boolean;
  reload: () => void;
}

/** One statement, asked for again while the server works on it (reading, calculating, paying). */
export function useStatement(id: string): StatementLoad {
  const { api } = useServices();
  // A failed read stops asking; the last statement read stays.
  const load = useLoad(() => getStatement(api, id), [api, id], {
    pollAfter: (next) =>
      isBusy(statementSnapshot(next.state, next.flags)) ? STATEMENT_POLL_MS : null,
  });

  return { statement: load.data ?? null, failed: load.status === 'failed', reload: load.reload };
}
