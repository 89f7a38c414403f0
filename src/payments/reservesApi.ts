// The reserve calls of the API (server/routes/reserves.ts), typed by the contract in api/.
import type { ApiClient } from '../api/client';
import type { PayeeReserve, ReserveRules, ReserveRulesChange } from '../../api/reserves';

/** The label's reserve rules against returns (its owner's, as the payment settings). */
export const readReserveRules = (api: ApiClient) => api.get<ReserveRules>('reserve-rules');

/** The form shows a refused value beside it: no toast. */
export const saveReserveRules = (api: ApiClient, change: ReserveRulesChange) =>
  api.put<ReserveRules>('reserve-rules', change, { quiet: true });

/** What a statement's approval withheld, or what approving its current result would withhold. */
export const readStatementReserves = (api: ApiClient, statementId: string) =>
  api.get<{ items: PayeeReserve[] }>(`statements/${encodeURIComponent(statementId)}/reserves`);
