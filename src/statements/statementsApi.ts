import { ApiError, readDocumentCookie, type ApiClient } from '../api/client';
import type { ReadingSummaryAnswer } from '../../api/statementUpload';
import { CSRF_COOKIE, CSRF_HEADER } from '../api/csrf';
import { parseErrorBody } from '../api/responses';
import { sendForm, type UploadOptions, type UploadSender } from '../api/upload';
import type {
  Adjustment,
  AdjustmentList,
  Calculation,
  CommandDone,
  MissingCodeList,
  NewAdjustment,
  PayeeTotalList,
  Statement,
  StatementHistory,
  StatementList,
  StatementListQuery,
  StatementRecordList,
  StatementRowErrorList,
  StatementSplitChangeList,
} from '../../api/statements';

/** A large page: the records tab pages through the rest. */
export const RECORDS_PAGE_SIZE = 100;

const path = (id: string, rest = '') => `statements/${encodeURIComponent(id)}${rest}`;

export const listStatements = (api: ApiClient, query: StatementListQuery) =>
  api.get<StatementList>('statements', { query: { limit: 500, ...query } });

export const getStatement = (api: ApiClient, id: string) => api.get<Statement>(path(id));

export const getStatementErrors = (api: ApiClient, id: string) =>
  api.get<StatementRowErrorList>(path(id, '/errors'), { query: { limit: 1000 } });

export const getMissingCodes = (api: ApiClient, id: string) =>
  api.get<MissingCodeList>(path(id, '/missing-codes'), { query: { limit: 1000 } });

export const getRecords = (api: ApiClient, id: string, offset: number) =>
  api.get<StatementRecordList>(path(id, '/records'), {
    query: { limit: RECORDS_PAGE_SIZE, offset },
  });

export const getPayeeTotals = (api: ApiClient, id: string) =>
  api.get<PayeeTotalList>(path(id, '/payees'));

export const getSplitChanges = (api: ApiClient, id: string) =>
  api.get<StatementSplitChangeList>(path(id, '/split-changes'));

export const getCalculation = (api: ApiClient, id: string) =>
  api.get<Calculation>(path(id, '/calculation'));

export const getHistory = (api: ApiClient, id: string, quiet = false) =>
  api.get<StatementHistory>(path(id, '/events'), { quiet });

export const getAdjustments = (api: ApiClient, id: string) =>
  api.get<AdjustmentList>(path(id, '/adjustments'));

export const addAdjustment = (api: ApiClient, id: string, adjustment: NewAdjustment) =>
  api.post<Adjustment>(path(id, '/adjustments'), adjustment);

/** The command paths of server/routes/statementActions.ts that take an empty body. */
export type SimpleCommand =
  'force' | 'expedite' | 'calculate' | 'recalculate' | 'approve' | 'cancel' | 'delete' | 'reset';

export const runCommand = (api: ApiClient, id: string, command: SimpleCommand) =>
  api.post<CommandDone>(path(id, `/${command}`), {});

/** What the statement's read files come to per currency. */
export const getReading = (api: ApiClient, id: string) =>
  api.get<ReadingSummaryAnswer>(path(id, '/reading'));

/** The label confirms the total its statement was held on, as read. */
export const confirmTotal = (api: ApiClient, id: string) =>
  api.post<CommandDone>(path(id, '/confirm-total'), {});

/** `requestId` names the entry: sent twice (a double click), the amount is recorded once. */
export const recordFunds = (api: ApiClient, id: string, amount: string, requestId: string) =>
  api.post<CommandDone>(path(id, '/funds'), { amount, requestId });

export const moveStatementDate = (api: ApiClient, id: string, date: string) =>
  api.post<CommandDone>(path(id, '/move'), { date });

/**
 * POST statements/{id}/retry (admin): the corrected files as multipart `file` parts, which the
 * JSON client does not send; it rejects with an ApiError carrying the server's message.
 */
export async function retryStatement(
  id: string,
  files: readonly File[],
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<CommandDone> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const csrf = readDocumentCookie(CSRF_COOKIE);
  const response = await fetchImpl(`/api/${path(id, '/retry')}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { accept: 'application/json', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, parseErrorBody(text), '');
  return JSON.parse(text) as CommandDone;
}

/**
 * POST statements/{id}/files/{fileId}/replace: `file` takes the place of the statement's file
 * before approval, with upload progress as the upload drawer shows it; the statement is read again.
 */
export function replaceStatementFile(
  api: UploadSender,
  id: string,
  fileId: string,
  file: File,
  options: UploadOptions = {},
): Promise<CommandDone> {
  const form = new FormData();
  form.append('file', file, file.name);
  const transport = api.uploadTransport({
    onError: options.onError,
    path: path(id, `/files/${encodeURIComponent(fileId)}/replace`),
  });
  return sendForm<CommandDone>(transport, form, options);
}
