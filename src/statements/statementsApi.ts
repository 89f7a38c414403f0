import { ApiError, readDocumentCookie, type ApiClient } from '../api/client';
import { CSRF_COOKIE, CSRF_HEADER } from '../api/csrf';
import { parseErrorBody } from '../api/responses';
import type { ListAnswer, MissingCode, StatementRowError } from '../import/importApi';

export type { ListAnswer, MissingCode, StatementRowError };

/** GET /api/statements and /api/statements/{id} (server/routes/statements.ts). */
export interface Statement {
  id: string;
  title: string;
  distributor: { id: string; name: string };
  /** `YYYY-MM`. */
  period: string;
  status: string;
  /** The statement machine's state (machines/statementMachine.ts). */
  state: string;
  step: string | null;
  flags: { forced: boolean; expedited: boolean; cashless: boolean };
  /** Commands the machine allows now, as event types. */
  next: string[];
  /** Exact decimal strings. */
  expected: string | null;
  receivedFunds: string | null;
  statementDate: string | null;
  receivedAt: number;
  files: Array<{
    id: string;
    name: string;
    status: string;
    error: string | null;
    records: number | null;
    errors: number | null;
  }>;
  records: number;
  errors: number;
  missingCodes: number;
  revenue: string;
  currency: string | null;
  calculationId: string | null;
}

export interface StatementRecord {
  fileName: string;
  row: number;
  code: string;
  kind: string;
  title: string;
  artist: string;
  service: string;
  format: string;
  territory: string | null;
  units: string;
  revenue: string;
  date: string | null;
  currency: string | null;
}

/** GET /api/statements/{id}/payees: exact decimal strings. */
export interface PayeeTotal {
  payeeId: string;
  fullname: string;
  earned: string;
  recouped: string;
  credited: string;
  payout: string;
}

/** One line of the engine output (ENGINE.md "Output"). */
export interface ResultLine {
  code: string;
  productId: string;
  splitSetId: string;
  payeeId: string;
  units: number;
  amount: string;
}

export interface Calculation {
  calculationId: string;
  backend: string;
  input: Record<string, unknown>;
  output: { lines?: ResultLine[]; totals?: Record<string, string> } & Record<string, unknown>;
}

/** One event of the statement's stream, with the machine state the server kept after it. */
export interface StatementHistoryEvent {
  version: number;
  type: string;
  data: Record<string, unknown>;
  actor: string | null;
  emulatingActor?: string | null;
  at: number;
  state: string;
}

/** GET /api/statements/{id}/adjustments: royalty lines and adjustments entered by hand. */
export interface Adjustment {
  id: string;
  code: string;
  /** Exact decimal string; negative for a deduction. */
  amount: string;
  /** Integer, as text. */
  units: string;
  description: string;
  createdAt: number;
}

export interface NewAdjustment {
  code: string;
  /** Exact decimal string; may be negative. */
  amount: string;
  units?: number;
  description: string;
}

/** The answer of every pipeline command. */
export interface CommandDone {
  id: string;
  status: string;
  state: string;
}

/** A large page: the records tab pages through the rest. */
export const RECORDS_PAGE_SIZE = 100;

const path = (id: string, rest = '') => `statements/${encodeURIComponent(id)}${rest}`;

export const listStatements = (
  api: ApiClient,
  query: { status?: string; q?: string; limit?: number; offset?: number },
) => api.get<ListAnswer<Statement>>('statements', { query: { limit: 500, ...query } });

export const getStatement = (api: ApiClient, id: string) => api.get<Statement>(path(id));

export const getStatementErrors = (api: ApiClient, id: string) =>
  api.get<ListAnswer<StatementRowError>>(path(id, '/errors'), { query: { limit: 1000 } });

export const getMissingCodes = (api: ApiClient, id: string) =>
  api.get<ListAnswer<MissingCode>>(path(id, '/missing-codes'), { query: { limit: 1000 } });

export const getRecords = (api: ApiClient, id: string, offset: number) =>
  api.get<ListAnswer<StatementRecord>>(path(id, '/records'), {
    query: { limit: RECORDS_PAGE_SIZE, offset },
  });

export const getPayeeTotals = (api: ApiClient, id: string) =>
  api.get<ListAnswer<PayeeTotal>>(path(id, '/payees'));

export const getCalculation = (api: ApiClient, id: string) =>
  api.get<Calculation>(path(id, '/calculation'));

export const getHistory = (api: ApiClient, id: string, quiet = false) =>
  api.get<ListAnswer<StatementHistoryEvent>>(path(id, '/events'), { quiet });

export const getAdjustments = (api: ApiClient, id: string) =>
  api.get<ListAnswer<Adjustment>>(path(id, '/adjustments'));

export const addAdjustment = (api: ApiClient, id: string, adjustment: NewAdjustment) =>
  api.post<Adjustment>(path(id, '/adjustments'), adjustment);

/** The command paths of server/routes/statementActions.ts that take an empty body. */
export type SimpleCommand =
  'force' | 'expedite' | 'calculate' | 'recalculate' | 'approve' | 'cancel' | 'delete' | 'reset';

export const runCommand = (api: ApiClient, id: string, command: SimpleCommand) =>
  api.post<CommandDone>(path(id, `/${command}`), {});

export const recordFunds = (api: ApiClient, id: string, amount: string) =>
  api.post<CommandDone>(path(id, '/funds'), { amount });

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
