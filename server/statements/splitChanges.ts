import type { StatementSplitChangeList } from '../../api/statements';
import type { Queryable } from '../db/database';
import { ConflictError } from '../errors';

export const SPLITS_CHANGED =
  'Splits of this statement’s products were changed after this result was calculated. Calculate this statement again so that it pays by the splits as they are now, then approve it.';

/**
 * SQL for the log position where the current calculation of the statement row `statement`
 * started to read what it calculates with: a change logged after it may have been missed.
 */
export const calculationStartSql = (statement: string) =>
  `(select max(e.seq) from events e
     where e.stream_id = 'statement-' || ${statement}.id and e.type = 'StatementTransitioned'
       and e.data ->> 'event' = 'calculation.start')`;

/**
 * The split sets a pending result may have missed: saves of the splits of a product holding
 * one of the statement's codes (sales or hand-entered lines), and of the account's default
 * splits, logged after the current calculation started to read them. A save during the
 * calculation counts too: the engine may have read the sets before it.
 */
export async function splitChangesSince(
  db: Queryable,
  statementId: string,
): Promise<StatementSplitChangeList> {
  const rows = await db.query<{
    product_id: string | null;
    product_title: string | null;
    at: Date | string;
    actor: string | null;
    emulating_actor: string | null;
  }>(
    `with result as (
       select s.account_id, ${calculationStartSql('s')} as started
         from statements s
        where s.id = $1 and s.state = 'pendingApproval' and s.calculation_id is not null),
     streams as (
       select 'account-' || r.account_id as stream_id, null::text as product_id from result r
       union
       select 'product-' || pc.product_id, pc.product_id
         from product_codes pc join result r on r.account_id = pc.account_id
        where pc.code in (select code from statement_codes where statement_id = $1
                          union select code from statement_adjustments where statement_id = $1))
     select st.product_id, p.title as product_title, e.at,
            actor.fullname as actor, emulating.fullname as emulating_actor
       from result r
       join events e on e.seq > r.started
       join streams st on st.stream_id = e.stream_id
       left join products p on p.id = st.product_id
       left join users actor on actor.id = e.actor
       left join users emulating on emulating.id = e.emulating_actor
      where e.type in ('ProductSplitsChanged', 'DefaultSplitsChanged')
      order by e.seq`,
    [statementId],
  );
  const items = rows.map((row) => ({
    productId: row.product_id,
    productTitle: row.product_title,
    at: Math.floor(new Date(row.at).getTime() / 1000),
    actor: row.actor,
    emulatingActor: row.emulating_actor,
  }));
  return { items, total: items.length };
}

/** Approval pays by the splits the result was calculated with: a result they moved on from is refused. */
export async function assertSplitsUnchanged(tx: Queryable, statementId: string): Promise<void> {
  if ((await splitChangesSince(tx, statementId)).total > 0) {
    throw new ConflictError(SPLITS_CHANGED);
  }
}
