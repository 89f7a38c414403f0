import type { ApiClient } from '../api/client';
import type { StatementUploader } from '../../machines/uploadDrawerMachine';

/** A distributor as listed by GET /api/distributors. */
export interface DistributorSummary {
  id: string;
  name: string;
  uploadable: boolean;
  hasTemplate: boolean;
}

export interface ListAnswer<T> {
  items: T[];
  total: number;
}

export type StatementStatus = 'syncing' | 'failed' | 'needs-attention' | 'pending';

export interface StatementFileState {
  id: string;
  name: string;
  status: string;
  /** 'File Format Error: …' or why the file could not be read. */
  error: string | null;
  records?: number | null;
  errors?: number | null;
}

/** GET /api/statements/{id}: what the import page shows after an upload. */
export interface ImportedStatement {
  id: string;
  title: string;
  distributor: { id: string; name: string };
  /** `YYYY-MM`. */
  period: string;
  /** A StatementStatus; shown as sent when the server adds another. */
  status: string;
  receivedAt: number;
  files: StatementFileState[];
  records: number;
  errors: number;
  missingCodes: number;
  /** Exact decimal string. */
  revenue: string;
  currency: string | null;
}

export interface StatementRowError {
  fileName: string;
  row: number;
  field: string;
  message: string;
}

export interface MissingCode {
  code: string;
  kind: string;
  rows: number;
  /** Exact decimal string. */
  revenue: string;
}

/** Row errors and missing codes read at once (the server's largest page). */
export const ERROR_PAGE_SIZE = 1000;

export const fetchDistributors = (api: ApiClient) =>
  api.get<ListAnswer<DistributorSummary>>('distributors', { query: { limit: 100 } });

/** Only a distributor that is uploadable and has a template can take an upload. */
export const canTakeUpload = (distributor: DistributorSummary): boolean =>
  distributor.uploadable && distributor.hasTemplate;

export const fetchStatement = (api: ApiClient, id: string) =>
  api.get<ImportedStatement>(`statements/${encodeURIComponent(id)}`);

export const fetchStatementErrors = (api: ApiClient, id: string) =>
  api.get<ListAnswer<StatementRowError>>(`statements/${encodeURIComponent(id)}/errors`, {
    query: { limit: ERROR_PAGE_SIZE, offset: 0 },
  });

export const fetchMissingCodes = (api: ApiClient, id: string) =>
  api.get<ListAnswer<MissingCode>>(`statements/${encodeURIComponent(id)}/missing-codes`, {
    query: { limit: ERROR_PAGE_SIZE, offset: 0 },
  });

/** The drawer's uploader: the client's statement/upload, its failures shown by the drawer. */
export function statementUploader(api: ApiClient): StatementUploader {
  return (request, files, options) =>
    api.uploadStatement<Array<{ id: string }>>(request, files, {
      onProgress: options.onProgress,
      signal: options.signal,
      // The drawer's red bar shows the message: no 'UploadError' toast as well.
      onError: () => undefined,
    });
}
