import type { Queryable } from '../../db/database';
import type { RecoupmentTerms } from '../types';

type ScalarTerm = Exclude<keyof RecoupmentTerms, 'debtorIds' | 'productIds'>;

/** Each scalar term and its column; money and percentages are written and read as text. */
export const termColumns: [ScalarTerm, string][] = [
  ['title', 'title'],
  ['subtitle', 'subtitle'],
  ['active', 'active'],
  ['amount', 'amount'],
  ['currency', 'currency'],
  ['expectedValue', 'expected_value'],
  ['prepaid', 'prepaid'],
  ['statementMaximum', 'statement_maximum'],
  ['paymentMinimum', 'payment_minimum'],
  ['revenueMinimum', 'revenue_minimum'],
  ['dueDate', 'due_date'],
  ['startDate', 'start_date'],
  ['recoupmentType', 'type'],
  ['kind', 'kind'],
  ['tag', 'tag'],
  ['creditorId', 'creditor_id'],
  ['warranterId', 'warranter_id'],
  ['scope', 'scope'],
  ['autoLink', 'auto_link'],
  ['netRevenuePct', 'net_revenue_pct'],
  ['recoupablePct', 'recoupable_pct'],
  ['priority', 'priority'],
  ['reimbursement', 'reimbursement'],
  ['mechanicalRepays', 'mechanical_repays'],
];

const NUMERIC = new Set([
  'amount',
  'expected_value',
  'prepaid',
  'statement_maximum',
  'payment_minimum',
  'revenue_minimum',
  'net_revenue_pct',
  'recoupable_pct',
]);
const DATES = new Set(['due_date', 'start_date']);

/** A column as the terms hold it: numbers without padded zeros, dates as YYYY-MM-DD. */
const readColumn = (column: string) =>
  NUMERIC.has(column)
    ? `trim_scale(r.${column})::text`
    : DATES.has(column)
      ? `to_char(r.${column}, 'YYYY-MM-DD')`
      : `r.${column}`;

/** SQL selecting a recoupment row `r`'s terms as one JSON object named `terms`. */
export const termsSql = `jsonb_build_object(${termColumns
  .map(([term, column]) => `'${term}', ${readColumn(column)}`)
  .join(', ')},
  'debtorIds', (select coalesce(jsonb_agg(d.debtor_id order by d.position), '[]'::jsonb)
                  from recoupment_debtors d where d.recoupment_id = r.id),
  'productIds', (select coalesce(jsonb_agg(p.product_id order by p.product_id), '[]'::jsonb)
                   from recoupment_products p where p.recoupment_id = r.id)) as terms`;

/** A recoupment's terms and account, or null when there is no such recoupment. */
export async function readTerms(
  tx: Queryable,
  recoupmentId: string,
): Promise<{ accountId: string; status: string; version: number; terms: RecoupmentTerms } | null> {
  const rows = await tx.query<{
    account_id: string;
    status: string;
    version: number;
    terms: RecoupmentTerms | string;
  }>(`select r.account_id, r.status, r.version, ${termsSql} from recoupments r where r.id = $1`, [
    recoupmentId,
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    accountId: row.account_id,
    status: row.status,
    version: Number(row.version),
    terms: typeof row.terms === 'string' ? (JSON.parse(row.terms) as RecoupmentTerms) : row.terms,
  };
}

/** Writes every term of a recoupment: its columns, its debtors in order, its linked products. */
export async function writeTerms(
  tx: Queryable,
  recoupmentId: string,
  terms: RecoupmentTerms,
): Promise<void> {
  await tx.query(
    `update recoupments set ${termColumns
      .map(([, column], index) => `${column} = $${index + 2}`)
      .join(', ')} where id = $1`,
    [recoupmentId, ...termColumns.map(([term]) => terms[term])],
  );
  await tx.query('delete from recoupment_debtors where recoupment_id = $1', [recoupmentId]);
  for (const [position, debtorId] of terms.debtorIds.entries()) {
    await tx.query(
      'insert into recoupment_debtors (recoupment_id, debtor_id, position) values ($1, $2, $3)',
      [recoupmentId, debtorId, position],
    );
  }
  await tx.query('delete from recoupment_products where recoupment_id = $1', [recoupmentId]);
  for (const productId of terms.productIds) {
    await tx.query('insert into recoupment_products (recoupment_id, product_id) values ($1, $2)', [
      recoupmentId,
      productId,
    ]);
  }
}

/**
 * Remaining is the amount less what was prepaid and everything approved statements recouped, so
 * a changed amount counts what was already taken; a recoupment with nothing left is closed.
 */
export async function settle(tx: Queryable, recoupmentId: string): Promise<void> {
  await tx.query(
    `update recoupments set remaining = amount - prepaid - recouped,
            status = case when status = 'deleted' then status
                          when amount - prepaid - recouped <= 0 then 'closed' else 'open' end
      where id = $1`,
    [recoupmentId],
  );
}
