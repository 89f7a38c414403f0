import { epochSeconds } from '../../api/common';
import type { AccountLayout, AccountLayoutList } from '../../api/layouts';
import type { DistributorTemplate, LayoutVersion } from '../../rules/templateSchema';
import type { Queryable } from '../db/database';
import { pagedList, type Page } from './pagedList';

interface AccountLayoutRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  account_name: string;
  distributor_id: string;
  distributor_name: string;
  layout: LayoutVersion;
  created_at: Date | string;
  created_by: string | null;
  creator_name: string | null;
  changed_at: Date | string;
  version: number;
}

const LAYOUTS = `
  select l.id, l.name, l.account_id, a.name as account_name, l.distributor_id, d.name as distributor_name,
         l.layout, l.created_at, l.created_by, creator.fullname as creator_name, l.changed_at,
         l.version
    from account_layouts l
    join accounts a on a.id = l.account_id
    join distributors d on d.id = l.distributor_id
    left join users creator on creator.id = l.created_by`;

function toAccountLayout(row: AccountLayoutRow): AccountLayout {
  return {
    id: row.id,
    account: { id: row.account_id, name: row.account_name },
    distributor: { id: row.distributor_id, name: row.distributor_name },
    layout: row.layout,
    createdAt: epochSeconds(row.created_at) ?? 0,
    createdBy:
      row.created_by !== null && row.creator_name !== null
        ? { id: row.created_by, name: row.creator_name }
        : null,
    changedAt: epochSeconds(row.changed_at) ?? 0,
    version: Number(row.version),
  };
}

/** The layouts of `accountId` (every account's when null), of one distributor when named. */
export function listAccountLayouts(
  db: Queryable,
  accountId: string | null,
  distributorId: string | null,
  page: Page,
): Promise<AccountLayoutList> {
  return pagedList(
    db,
    {
      sql: `${LAYOUTS} where ($1::text is null or l.account_id = $1)
                         and ($2::text is null or l.distributor_id = $2)`,
      params: [accountId, distributorId],
      orderBy: 'lower(name), created_at, id',
    },
    page,
    toAccountLayout,
  );
}

/** One layout, when it belongs to `accountId` (any account's when null). */
export async function findAccountLayout(
  db: Queryable,
  accountId: string | null,
  id: string,
): Promise<AccountLayout | null> {
  const rows = await db.query<AccountLayoutRow>(
    `${LAYOUTS} where l.id = $1 and ($2::text is null or l.account_id = $2)`,
    [id, accountId],
  );
  return rows[0] ? toAccountLayout(rows[0]) : null;
}

/** The layout versions one account added for one distributor, oldest first. */
export async function accountLayoutVersions(
  db: Queryable,
  accountId: string,
  distributorId: string,
): Promise<LayoutVersion[]> {
  const rows = await db.query<{ layout: LayoutVersion }>(
    `select layout from account_layouts where account_id = $1 and distributor_id = $2
      order by created_at, id`,
    [accountId, distributorId],
  );
  return rows.map((row) => row.layout);
}

/**
 * The template an account's statements of a distributor are read with: the account's own layouts
 * first (a header both match equally reads through the label's), then the distributor's. Null
 * when neither has a layout.
 */
export function readingTemplate(
  shipped: DistributorTemplate | null,
  own: readonly LayoutVersion[],
  distributorName: string,
): DistributorTemplate | null {
  if (own.length === 0) return shipped;
  return {
    name: shipped?.name ?? distributorName,
    versions: [...own, ...(shipped?.versions ?? [])],
  };
}

/**
 * The distributors a label account's statements may be filed under, each with the template its
 * files are read with: the uploadable ones with a layout of their own or of the account's.
 */
export async function uploadCandidates(
  db: Queryable,
  accountId: string,
): Promise<{ id: string; name: string; template: DistributorTemplate }[]> {
  const rows = await db.query<{
    id: string;
    name: string;
    template: DistributorTemplate | null;
    own: LayoutVersion[] | null;
  }>(
    `select d.id, d.name, d.template,
            (select jsonb_agg(l.layout order by l.created_at, l.id) from account_layouts l
              where l.account_id = $1 and l.distributor_id = d.id) as own
       from distributors d
      where d.uploadable order by d.name, d.id`,
    [accountId],
  );
  return rows.flatMap((row) => {
    const template = readingTemplate(row.template, row.own ?? [], row.name);
    return template ? [{ id: row.id, name: row.name, template }] : [];
  });
}
