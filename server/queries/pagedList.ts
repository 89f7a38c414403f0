import type { ListAnswer } from '../../api/common';
import type { Queryable } from '../db/database';

/** What a list query of the API is given: the search text and the page. */
export interface Page {
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export const DEFAULT_PAGE_SIZE = 100;

/** A list's query: the rows that match, without order or page, and the order of its columns. */
export interface ListSql {
  /** Selects every matching row; no `order by`, `limit` or `offset`. */
  sql: string;
  params: readonly unknown[];
  /** An `order by` list over the selected columns, ending in a unique one so pages never overlap. */
  orderBy: string;
}

/**
 * One page of a list and the count of every row that matches, in one round trip.
 *
 * The page's limit and offset go in as the two parameters after `params`, so a list query is
 * written once, whole, and every list of the API pages the same way.
 */
export async function pagedList<Row extends Record<string, unknown>, Item>(
  db: Queryable,
  { sql, params, orderBy }: ListSql,
  page: Page,
  toItem: (row: Row) => Item,
): Promise<ListAnswer<Item>> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const offset = page.offset ?? 0;
  const next = params.length + 1;
  const rows = await db.query<Row & { paged_total: string | number }>(
    `select matching.*, count(*) over () as paged_total from (${sql}) matching
      order by ${orderBy} limit $${next} offset $${next + 1}`,
    [...params, limit, offset],
  );
  if (rows.length > 0) {
    return { items: rows.map(toItem), total: Number(rows[0]!.paged_total) };
  }
  // Past the last page the window count is gone with the rows: count them apart.
  if (offset === 0) return { items: [], total: 0 };
  const counted = await db.query<{ total: string | number }>(
    `select count(*) as total from (${sql}) matching`,
    [...params],
  );
  return { items: [], total: Number(counted[0]?.total ?? 0) };
}
