import type { SplitSet } from '../../../engine/types';
import type { Queryable } from '../../db/database';

/** Payees of a set, group members included: who may see the product. */
function payeesOf(set: SplitSet): string[] {
  return set.shares.flatMap((share) =>
    'members' in share ? share.members.map((member) => member.payeeId) : [share.payeeId],
  );
}

/** Writes split sets (an account's defaults when productId is null) and who they pay. */
export async function insertSplitSets(
  tx: Queryable,
  accountId: string,
  productId: string | null,
  sets: SplitSet[],
): Promise<void> {
  for (const [position, set] of sets.entries()) {
    await tx.query(
      `insert into split_sets (id, account_id, product_id, code, kind, start_date, priority, trigger,
                               shares, position)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        set.id,
        accountId,
        productId,
        'code' in set.scope ? set.scope.code : null,
        set.kind,
        set.startDate,
        set.priority,
        set.trigger ? JSON.stringify(set.trigger) : null,
        JSON.stringify(set.shares),
        position,
      ],
    );
    for (const payeeId of new Set(payeesOf(set))) {
      await tx.query('insert into split_payees (split_set_id, payee_id) values ($1, $2)', [
        set.id,
        payeeId,
      ]);
    }
  }
}
