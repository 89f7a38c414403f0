import type { EngineInput, Recoupment } from '../../engine/types';
import type { Queryable } from '../db/database';

interface RecoupmentRow {
  id: string;
  version: number;
  title: string;
  type: string;
  status: string;
  active: boolean;
  creditor_id: string;
  debtor_ids: string[] | string;
  product_ids: string[] | string;
  amount: string;
  prepaid: string;
  remaining: string;
  deferred: string;
  priority: Recoupment['priority'];
  created_at: Date | string;
  start_date: string | null;
  scope: string;
  recoupable_pct: string;
  net_revenue_pct: string;
  statement_maximum: string | null;
  payment_minimum: string;
  revenue_minimum: string;
  reimbursement: Recoupment['reimbursement'];
  mechanical_repays: boolean;
}

const list = (value: string[] | string): string[] =>
  typeof value === 'string' ? (JSON.parse(value) as string[]) : value;

/**
 * The account's recoupments in the statement's currency, deleted ones left out, as the engine
 * takes them, with the balance each starts from.
 *
 * The remaining passed is the amount less prepaid less what approved statements recouped, not
 * the remaining the previous result carried: a label that changes the amount after some of it
 * was recouped owes the new amount less what was already taken. The deferred balance is the one
 * the latest approval left. An inactive recoupment goes in closed: it takes nothing. Scope
 * `users` (the debtors named) is the engine's `all`; with auto linking, every product a debtor
 * holds a share of is linked at the time of the calculation.
 */
export async function engineRecoupments(
  tx: Queryable,
  accountId: string,
  currency: string,
  previous: EngineInput['state'],
): Promise<{
  recoupments: Recoupment[];
  state: EngineInput['state']['recoupments'];
  /** Each recoupment's stream version as read: approval refuses a result whose terms changed. */
  versions: Record<string, number>;
}> {
  const rows = await tx.query<RecoupmentRow>(
    `select r.id, r.version, r.title, r.type, r.status, r.active, r.creditor_id,
            (select coalesce(jsonb_agg(d.debtor_id order by d.position), '[]'::jsonb)
               from recoupment_debtors d where d.recoupment_id = r.id) as debtor_ids,
            (select coalesce(jsonb_agg(distinct linked.product_id order by linked.product_id), '[]'::jsonb)
               from (select p.product_id from recoupment_products p where p.recoupment_id = r.id
                     union
                     select s.product_id from split_sets s
                       join split_payees sp on sp.split_set_id = s.id
                       join recoupment_debtors d on d.debtor_id = sp.payee_id and d.recoupment_id = r.id
                      where r.auto_link and s.account_id = r.account_id and s.product_id is not null
                    ) linked) as product_ids,
            trim_scale(r.amount)::text as amount, trim_scale(r.prepaid)::text as prepaid,
            trim_scale(r.remaining)::text as remaining, trim_scale(r.deferred)::text as deferred,
            r.priority, r.created_at, to_char(r.start_date, 'YYYY-MM-DD') as start_date, r.scope,
            trim_scale(r.recoupable_pct)::text as recoupable_pct,
            trim_scale(r.net_revenue_pct)::text as net_revenue_pct,
            trim_scale(r.statement_maximum)::text as statement_maximum,
            trim_scale(r.payment_minimum)::text as payment_minimum,
            trim_scale(r.revenue_minimum)::text as revenue_minimum,
            r.reimbursement, r.mechanical_repays
       from recoupments r
      where r.account_id = $1 and r.currency = $2 and r.status <> 'deleted'
      order by r.created_at, r.id`,
    [accountId, currency],
  );
  const state = { ...previous.recoupments };
  const versions: Record<string, number> = {};
  const recoupments = rows.map((row): Recoupment => {
    state[row.id] = { remaining: row.remaining, deferred: row.deferred };
    versions[row.id] = Number(row.version);
    return {
      id: row.id,
      title: row.title,
      type: row.type,
      status: row.active && row.status === 'open' ? 'open' : 'closed',
      creditorId: row.creditor_id,
      debtorIds: list(row.debtor_ids),
      amount: row.amount,
      prepaid: row.prepaid,
      priority: row.priority,
      createdAt: Math.floor(new Date(row.created_at).getTime() / 1000),
      startDate: row.start_date,
      scope: row.scope === 'products' ? 'products' : 'all',
      productIds: list(row.product_ids),
      recoupablePct: row.recoupable_pct,
      netRevenuePct: row.net_revenue_pct,
      statementMaximum: row.statement_maximum,
      paymentMinimum: row.payment_minimum,
      revenueMinimum: row.revenue_minimum,
      reimbursement: row.reimbursement,
      mechanicalRepays: row.mechanical_repays,
    };
  });
  return { recoupments, state, versions };
}

/**
 * The split sets that can apply to a statement: a set waiting for the repayment of a recoupment
 * the statement does not carry (in another currency, or deleted since) is left out, as a set
 * whose recoupment is not repaid in this statement's money.
 */
export function applicableSplitSets<Set extends { trigger?: unknown }>(
  splitSets: readonly Set[],
  recoupments: readonly Pick<Recoupment, 'id'>[],
): Set[] {
  const carried = new Set(recoupments.map((recoupment) => recoupment.id));
  return splitSets.filter((set) => {
    const trigger = set.trigger as { type?: unknown; recoupmentId?: unknown } | undefined;
    return (
      trigger?.type !== 'recoupment' ||
      (typeof trigger.recoupmentId === 'string' && carried.has(trigger.recoupmentId))
    );
  });
}
