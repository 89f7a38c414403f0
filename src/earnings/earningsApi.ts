// The payee statement calls of the API (server/routes/payeeStatements.ts), typed by the contract.
import type { ApiClient } from '../api/client';
import type { PayeeStatement, PayeeStatementList } from '../../api/payeeStatements';

const ownPath = (statementId: string) => `earnings/${encodeURIComponent(statementId)}`;
const staffPath = (statementId: string) =>
  `statements/${encodeURIComponent(statementId)}/payee-statement`;

/** The signed-in person's own statements; the client adds the month or months of the filters. */
export const listEarnings = (api: ApiClient, signal?: AbortSignal) =>
  api.get<PayeeStatementList>('earnings', {
    query: { limit: 1000 },
    filters: true,
    ...(signal ? { signal } : {}),
  });

/** Whose statement: the signed-in payee's own, or (staff) a named payee's. */
export type PayeeStatementSource = { own: true } | { own: false; payeeId: string };

export const readPayeeStatement = (
  api: ApiClient,
  statementId: string,
  source: PayeeStatementSource,
) =>
  source.own
    ? api.get<PayeeStatement>(ownPath(statementId))
    : api.get<PayeeStatement>(staffPath(statementId), { query: { payee: source.payeeId } });

/** Saves the statement as a CSV or PDF file, named by the server. */
export const downloadPayeeStatement = (
  api: ApiClient,
  statementId: string,
  source: PayeeStatementSource,
  kind: 'csv' | 'pdf',
) =>
  source.own
    ? api.get(`${ownPath(statementId)}/${kind}`, { format: 'csv' })
    : api.get(`${staffPath(statementId)}/${kind}`, {
        format: 'csv',
        query: { payee: source.payeeId },
      });

/** Every payee's statement of one statement, or of every statement of a period, as one zip. */
export const downloadPayeeStatementsZip = (
  api: ApiClient,
  of: { statementId: string } | { period: string },
) =>
  'statementId' in of
    ? api.get(`statements/${encodeURIComponent(of.statementId)}/payee-statements.zip`, {
        format: 'csv',
      })
    : api.get('payee-statements.zip', { format: 'csv', query: { period: of.period } });
