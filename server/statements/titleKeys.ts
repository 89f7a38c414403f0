import type { Queryable } from '../db/database';
import { forgetFileTables, lockStatementRecords } from './recordTables';

/**
 * A layout without a code column (Bandcamp's export without item details) names each record's
 * product by title: such a record is read with code kind `title` and its title as the code.
 * Reading the statement gives it the code of the one product of the label's catalog it names:
 *
 * 1. a product code equal to the title written as a custom code is stored (upper-case, no
 *    spaces), so a title the label added to a product as a custom code from the statement's
 *    missing codes matches from then on, whatever the product's title;
 * 2. else the one product whose title is the same text (case and repeated spaces ignored): the
 *    record takes that product's UPC/EAN, else its ISRC, else its custom code (the first one in
 *    order).
 *
 * A title that names no product, or several (two products with one title), keeps its title as
 * its code: a missing code, so the statement needs attention until the label says which product
 * it is. Nothing is dropped and nothing is guessed. Returns the number of records matched; the
 * stored tables of the files they are in are forgotten (server/statements/recordTables.ts).
 */
export async function matchTitleKeys(tx: Queryable, statementId: string): Promise<number> {
  await lockStatementRecords(tx, statementId);
  const rows = await tx.query<{ n: string; files: string[] }>(
    `with statement as (select account_id from statements where id = $1),
     keys as (
       select distinct code as key from statement_records
        where statement_id = $1 and code_kind = 'title'),
     by_code as (
       select k.key, pc.code, pc.kind
         from keys k join product_codes pc
           on pc.account_id = (select account_id from statement)
          and pc.code = upper(regexp_replace(k.key, '\\s', '', 'g'))),
     by_title as (
       select k.key, min(p.id) as product_id
         from keys k join products p
           on p.account_id = (select account_id from statement)
          and lower(regexp_replace(btrim(p.title), '\\s+', ' ', 'g')) = lower(k.key)
        where not exists (select 1 from by_code b where b.key = k.key)
        group by k.key having count(*) = 1),
     chosen as (
       select key, code, kind from by_code
       union all
       select t.key, c.code, c.kind from by_title t cross join lateral (
         select code, kind from product_codes where product_id = t.product_id
          order by case kind when 'upc' then 0 when 'isrc' then 1 else 2 end, code
          limit 1) c),
     matched as (
       update statement_records r set code = c.code, code_kind = c.kind
         from chosen c
        where r.statement_id = $1 and r.code_kind = 'title' and r.code = c.key
        returning r.file_id)
     select count(*)::text as n, coalesce(array_agg(distinct file_id), '{}') as files from matched`,
    [statementId],
  );
  // The files whose codes changed: their stored tables no longer tell their records.
  await forgetFileTables(tx, rows[0]?.files ?? []);
  return Number(rows[0]?.n ?? 0);
}

/** The statement's codes with their rows and revenue, read again from its records. */
export async function totalStatementCodes(tx: Queryable, statementId: string): Promise<void> {
  await tx.query('delete from statement_codes where statement_id = $1', [statementId]);
  await tx.query(
    `insert into statement_codes (statement_id, code, kind, rows, revenue)
     select statement_id, code, min(code_kind), count(*), sum(revenue)
       from statement_records where statement_id = $1 group by statement_id, code`,
    [statementId],
  );
}

/** After a catalog change: a waiting statement's titles may now name a product. */
export async function rematchTitleKeys(tx: Queryable, statementId: string): Promise<void> {
  const waiting = await tx.query(
    `select 1 from statement_codes where statement_id = $1 and kind = 'title' limit 1`,
    [statementId],
  );
  if (waiting.length === 0) return;
  if ((await matchTitleKeys(tx, statementId)) > 0) await totalStatementCodes(tx, statementId);
}
