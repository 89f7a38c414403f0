// The admin's desk calls of the API (server/routes/adminDesk.ts, events.ts, outbox.ts), typed by
// the contract in api/.
import type { ApiClient, QueryValue } from '../api/client';
import type { AdminOverview } from '../../api/adminOverview';
import type { JobLog, JobStatus, StatementLog } from '../../api/adminLogs';
import type { AuditEventList, StreamKind } from '../../api/events';
import type { OutboxList } from '../../api/outbox';
import type { OverseerDesk } from '../../api/overseer';
import type { User, UserList } from '../../api/users';

/** Rows a page of the audit and the logs shows. */
export const DESK_PAGE_SIZE = 50;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const readOverview = (api: ApiClient, signal?: AbortSignal) =>
  api.get<AdminOverview>('admin/overview', withSignal(signal));

export interface AuditFilters {
  streamType?: StreamKind | undefined;
  streamId?: string | undefined;
  type?: string | undefined;
  actor?: string | undefined;
  emulatingActor?: string | undefined;
  /** Epoch seconds, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
}

const auditQuery = (filters: AuditFilters): Record<string, QueryValue> => ({
  ...filters,
  order: 'desc',
});

export const listAudit = (
  api: ApiClient,
  filters: AuditFilters,
  offset: number,
  signal?: AbortSignal,
) =>
  api.get<AuditEventList>('events', {
    query: { ...auditQuery(filters), limit: DESK_PAGE_SIZE, offset },
    ...withSignal(signal),
  });

/** Every matching event as a CSV file, saved under the name the server gives it. */
export const downloadAudit = (api: ApiClient, filters: AuditFilters) =>
  api.get('events', { format: 'csv', query: { ...auditQuery(filters), format: 'csv' } });

export interface LogFilters {
  account?: string | undefined;
  statement?: string | undefined;
  status?: string | undefined;
}

export const listStatementLog = (
  api: ApiClient,
  filters: LogFilters,
  offset: number,
  signal?: AbortSignal,
) =>
  api.get<StatementLog>('admin/logs/statements', {
    query: { ...filters, limit: DESK_PAGE_SIZE, offset },
    ...withSignal(signal),
  });

export const listJobs = (
  api: ApiClient,
  filters: Omit<LogFilters, 'status'> & { status?: JobStatus | undefined },
  offset: number,
  signal?: AbortSignal,
) =>
  api.get<JobLog>('admin/logs/jobs', {
    query: { ...filters, limit: DESK_PAGE_SIZE, offset },
    ...withSignal(signal),
  });

export const listOutbox = (api: ApiClient, q: string, offset: number, signal?: AbortSignal) =>
  api.get<OutboxList>('outbox', {
    query: { q: q || undefined, limit: DESK_PAGE_SIZE, offset },
    ...withSignal(signal),
  });

export const readOverseerDesk = (api: ApiClient, signal?: AbortSignal) =>
  api.get<OverseerDesk>('overseer', withSignal(signal));

/** People whose name or username holds `q`, as the caller may see them: the audit's person filter. */
export const searchPeople = (api: ApiClient, q: string, signal?: AbortSignal) =>
  api.get<UserList>('users', { query: { q, limit: 20 }, ...withSignal(signal) });

/** One person, for the name of a filter kept in the address as their id. */
export const readPerson = (api: ApiClient, id: string, signal?: AbortSignal) =>
  api.get<User>(`users/${encodeURIComponent(id)}`, withSignal(signal));
