import type { Queryable } from '../db/database';
import { ConflictError } from '../errors';
import { calculationStartSql } from './splitChanges';

export const TAKE_CHANGED =
  'The label’s distributor take for this statement’s distributor was changed after this result was calculated. Calculate this statement again so that it deducts the take as it is now, then approve it.';

/**
 * Approval deducts the distributor take the result was calculated with: a result calculated
 * before the label's default take for the statement's distributor was set again is refused,
 * unless the statement has a take of its own, which the default does not change. A change
 * during the calculation counts too: the engine may have read the take before it.
 */
export async function assertTakeUnchanged(tx: Queryable, statementId: string): Promise<void> {
  const changed = await tx.query(
    `select 1 from statements s
       join events e on e.stream_id = 'account-' || s.account_id
                    and e.type = 'DistributorTakeSet'
                    and e.data ->> 'distributorId' = s.distributor_id
                    and e.seq > ${calculationStartSql('s')}
      where s.id = $1 and s.state = 'pendingApproval' and s.calculation_id is not null
        and s.distributor_take_pct is null
      limit 1`,
    [statementId],
  );
  if (changed.length > 0) throw new ConflictError(TAKE_CHANGED);
}
