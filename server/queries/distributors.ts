import type { Distributor, DistributorDetail, DistributorList } from '../../api/distributors';
import type { DistributorTemplate } from '../../rules/templateSchema';
import type { Queryable } from '../db/database';
import { pagedList, type Page } from './pagedList';

export interface DistributorRow extends Record<string, unknown> {
  id: string;
  name: string;
  uploadable: boolean;
  template: DistributorTemplate | null;
  version: number;
}

const DISTRIBUTOR_COLUMNS = 'id, name, uploadable, template, version';

const toDistributor = (row: DistributorRow): Distributor => ({
  id: row.id,
  name: row.name,
  uploadable: row.uploadable,
  hasTemplate: row.template !== null,
});

export const toDistributorDetail = (row: DistributorRow): DistributorDetail => ({
  ...toDistributor(row),
  version: Number(row.version),
  template: row.template,
});

/**
 * The distributors whose name matches the search; every user who sees one sees them all, and
 * whether `accountId` added layouts of its own for each.
 */
export function listDistributors(
  db: Queryable,
  accountId: string,
  page: Page,
): Promise<DistributorList> {
  return pagedList<DistributorRow & { has_own_layouts: boolean }, Distributor>(
    db,
    {
      sql: `select ${DISTRIBUTOR_COLUMNS},
                   exists (select 1 from account_layouts l
                            where l.account_id = $2 and l.distributor_id = d.id) as has_own_layouts
              from distributors d
             where $1 = '' or name ilike '%' || $1 || '%'`,
      params: [page.q ?? '', accountId],
      orderBy: 'name, id',
    },
    page,
    (row) => ({ ...toDistributor(row), hasOwnLayouts: row.has_own_layouts }),
  );
}

export async function findDistributor(db: Queryable, id: string): Promise<DistributorRow | null> {
  const rows = await db.query<DistributorRow>(
    `select ${DISTRIBUTOR_COLUMNS} from distributors where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Whether another distributor than `exceptId` has this name, in any case. */
export async function distributorNameTaken(
  db: Queryable,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from distributors where lower(name) = lower($1) and ($2::text is null or id <> $2)',
    [name, exceptId],
  );
  return rows.length > 0;
}
