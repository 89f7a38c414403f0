import { useState, type DependencyList } from 'react';
import { useLoad, type Load } from '../app/useLoad';
import { STATEMENT_UPLOADERS } from '../../rules/permissions';
import { actingAs } from '../routes/access';
import { useSession } from '../session/useSession';

/**
 * Those who may upload an account's statements, as the API checks: they also manage its intake
 * keys and its own layouts. Admins and overseers belong to the portal's own account: they name
 * the label's.
 */
export function useStatementUploader(): { canManage: boolean; choosesAccount: boolean } {
  const { session } = useSession();
  if (!session) return { canManage: false, choosesAccount: false };
  const { permissions, roles } = actingAs(session);
  return {
    canManage: STATEMENT_UPLOADERS.some((permission) => permissions.includes(permission)),
    choosesAccount: roles.includes('admin') || roles.includes('overseer'),
  };
}

export interface LabelAccountLoad<T> {
  canManage: boolean;
  /** Staff name the label account before anything is read. */
  choosesAccount: boolean;
  accountId: string;
  setAccountId: (accountId: string) => void;
  accountChosen: boolean;
  /** The account to name in a request: staff's choice, or nothing for the caller's own. */
  account: { accountId: string } | Record<string, never>;
  loaded: Load<T>;
}

/**
 * What a distributor's page reads of one label account (its intake keys, its own layouts): the
 * caller's own account's, or, for staff, the account they choose first. Nothing is read for
 * those who may not upload the account's statements. `deps` are the loader's own, as for useLoad.
 */
export function useLabelAccountLoad<T>(
  load: (accountId: string | null, signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): LabelAccountLoad<T> {
  const { canManage, choosesAccount } = useStatementUploader();
  const [accountId, setAccountId] = useState('');
  const accountChosen = !choosesAccount || accountId !== '';
  const loaded = useLoad(
    (signal) =>
      canManage && accountChosen ? load(choosesAccount ? accountId : null, signal) : null,
    // `load` is rebuilt on every render; `deps` say when it changes, as for useLoad itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [...deps, canManage, accountChosen, choosesAccount, accountId],
  );
  return {
    canManage,
    choosesAccount,
    accountId,
    setAccountId,
    accountChosen,
    account: choosesAccount ? { accountId } : {},
    loaded,
  };
}
