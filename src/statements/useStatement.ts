import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../app/ServicesContext';
import { isBusy, statementSnapshot } from './pipeline';
import { getStatement, type Statement } from './statementsApi';

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
  const [statement, setStatement] = useState<Statement | null>(null);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    const load = () => {
      getStatement(api, id).then(
        (next) => {
          if (cancelled) return;
          setStatement(next);
          setFailed(false);
          if (isBusy(statementSnapshot(next.state, next.flags))) {
            timer.current = setTimeout(load, STATEMENT_POLL_MS);
          }
        },
        () => !cancelled && setFailed(true),
      );
    };
    load();
    return () => {
      cancelled = true;
      clearTimeout(timer.current);
    };
  }, [api, id, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { statement, failed, reload };
}
