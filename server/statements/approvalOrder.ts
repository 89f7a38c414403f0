import type { Queryable } from '../db/database';
import { ConflictError } from '../errors';
import { latestApprovedResult } from './engineInput';

/**
 * Holds the account's row until the transaction ends. Approval takes it before it checks that a
 * result is current; every change a pending result can go stale on (a product's splits, the
 * default splits, the default distributor take, recoupments) takes it before it writes. So a
 * change commits before the approval looks, and the approval sees it and refuses, or waits until
 * the approval has committed: it never slips in between.
 */
export async function lockAccountResults(tx: Queryable, accountId: string): Promise<void> {
  await tx.query('select id from accounts where id = $1 for update', [accountId]);
}

export const STALE_RESULT =
  'Another statement of this account was approved after this result was calculated. Calculate this statement again so that it starts from the balances that statement left, then approve it.';

/**
 * Results are approved in a chain: a statement's result is approved only when it started from
 * the state the account's latest approved statement left. Otherwise two statements calculated
 * side by side would both start from the same counters and balances, and approving both would
 * lose the first one's counters (and recoup twice). Approvals of one account are serialised on
 * the account row (lockAccountResults), so two racing approvals cannot both pass.
 */
export async function assertStartsFromLatestApproval(
  tx: Queryable,
  statementId: string,
): Promise<void> {
  const rows = await tx.query<{
    account_id: string;
    based_on: string | null;
    based_on_known: boolean;
    calculated_at: Date | string;
  }>(
    `select s.account_id, c.based_on, c.based_on_known, c.created_at as calculated_at
       from statements s join calculations c on c.id = s.calculation_id
      where s.id = $1 and s.state = 'pendingApproval'`,
    [statementId],
  );
  const result = rows[0];
  // Nothing to approve: the statement machine refuses the command with its own words.
  if (!result) return;
  await lockAccountResults(tx, result.account_id);
  const latest = await latestApprovedResult(tx, result.account_id, statementId);
  const current = result.based_on_known
    ? result.based_on === (latest?.calculationId ?? null)
    : // Calculated before the chain was recorded: current unless an approval came after it.
      latest === null || latest.approvedAt <= new Date(result.calculated_at);
  if (!current) throw new ConflictError(STALE_RESULT);
}
