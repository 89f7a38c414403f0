import type { Distributor, DistributorList } from '../../api/distributors';
import type { MissingCodeList, Statement, StatementRowErrorList } from '../../api/statements';
import type { UploadedStatements } from '../../api/statementUpload';
import type { ApiClient } from '../api/client';
import { uploadStatement } from '../api/upload';
import type { StatementUploader } from '../../machines/uploadDrawerMachine';

/** Row errors and missing codes read at once (the server's largest page). */
export const ERROR_PAGE_SIZE = 1000;

export const fetchDistributors = (api: ApiClient) =>
  api.get<DistributorList>('distributors', { query: { limit: 100 } });

/** Only an uploadable distributor with a template, or layouts of the label's own, takes an upload. */
export const canTakeUpload = (distributor: Distributor): boolean =>
  distributor.uploadable && (distributor.hasTemplate || distributor.hasOwnLayouts === true);

export const fetchStatement = (api: ApiClient, id: string) =>
  api.get<Statement>(`statements/${encodeURIComponent(id)}`);

export const fetchStatementErrors = (api: ApiClient, id: string) =>
  api.get<StatementRowErrorList>(`statements/${encodeURIComponent(id)}/errors`, {
    query: { limit: ERROR_PAGE_SIZE, offset: 0 },
  });

export const fetchMissingCodes = (api: ApiClient, id: string) =>
  api.get<MissingCodeList>(`statements/${encodeURIComponent(id)}/missing-codes`, {
    query: { limit: ERROR_PAGE_SIZE, offset: 0 },
  });

/** The drawer's uploader: the client's statement/upload, its failures shown by the drawer. */
export function statementUploader(api: ApiClient): StatementUploader {
  return (request, files, options) =>
    uploadStatement<UploadedStatements>(api, request, files, {
      onProgress: options.onProgress,
      signal: options.signal,
      // The drawer's red bar shows the message: no 'UploadError' toast as well.
      onError: () => undefined,
    });
}
