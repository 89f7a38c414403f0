// The recoupment calls of the API (server/routes/recoupments.ts), typed by the contract in api/.
import type { ApiClient } from '../api/client';
import type {
  Recoupment,
  RecoupmentList,
  RemittanceList,
  recoupmentStatuses,
} from '../../api/recoupments';

export type RecoupmentStatus = (typeof recoupmentStatuses)[number];

/** The most rows one read of a list takes; the search and the status filter narrow the rest. */
export const RECOUPMENTS_PAGE_SIZE = 500;
/** A recoupment's remittances are read whole: the balance chart chains every one of them. */
const REMITTANCES_LIMIT = 1000;

const recoupmentPath = (id: string) => `recoupments/${encodeURIComponent(id)}`;

/** The month, months and artist of the route's global filters are added by the client. */
export const listRecoupments = (
  api: ApiClient,
  query: {
    q?: string;
    status?: RecoupmentStatus;
    product?: string;
    limit?: number;
    offset?: number;
  },
  signal?: AbortSignal,
) =>
  api.get<RecoupmentList>('recoupments', {
    query: { limit: RECOUPMENTS_PAGE_SIZE, ...query },
    filters: true,
    ...(signal ? { signal } : {}),
  });

/** Every recoupment of one account (the caller's own when left out), whatever the filters say. */
export const listAccountRecoupments = (api: ApiClient, accountId?: string) =>
  api.get<RecoupmentList>('recoupments', {
    query: { limit: RECOUPMENTS_PAGE_SIZE, ...(accountId ? { account: accountId } : {}) },
  });

export const readRecoupment = (api: ApiClient, id: string) =>
  api.get<Recoupment>(recoupmentPath(id));

export const listRemittances = (api: ApiClient, id: string) =>
  api.get<RemittanceList>(`${recoupmentPath(id)}/remittances`, {
    query: { limit: REMITTANCES_LIMIT },
  });
