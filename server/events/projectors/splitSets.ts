import type { SplitSet } from '../../../engine/types';
import type { Queryable } from '../../db/database';

/** Payees of a set, group members included: who may see the product. */
function payeesOf(set: SplitSet): string[] {
  return set.shares.flatMap((share) =>
    'members' in share ? share.members.map((member) => member.payeeId) : [share.payeeId],
  );
}

/**
 * The code a split set of the product names, as the product holds it: older events name a barcode
 * as it was typed (`0859700000023`), the product holds it in its one spelling (rules/codes.ts).
 */
async function heldSpelling(
  tx: Queryable,
  productId: string | null,
  code: string,
): Promise<string> {
  if (productId === null) return code;
  const held = await tx.query<{ code: string }>(
    `select code from product_codes where product_id = $1 and $2 = any(spellings)
     union all
     select code from product_code_conflicts where product_id = $1 and $2 = any(spellings)
     limit 1`,
    [productId, code],
  );
  return held[0]?.code ?? code;
}

/** Writes split sets (an account's defaults when productId is null) and who they pay. */
export async function insertSplitSets(
  tx: Queryable,
  accountId: string,
  productId: string | null,
  sets: SplitSet[],
): Promise<void> {
  for (const [position, set] of sets.entries()) {
    const code = 'code' in set.scope ? await heldSpelling(tx, productId, set.scope.code) : null;
    await tx.query(
      `insert into split_sets (id, account_id, product_id, code, kind, start_date, priority, trigger,
                               shares, position)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        set.id,
        accountId,
        productId,
        code,
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
