import type {
  Artist,
  ArtistDetail,
  ArtistList,
  ArtistListItem,
  ArtistListQuery,
} from '../../api/artists';
import { allows } from '../auth/permissions';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import type { Queryable } from '../db/database';
import { APPROVED, inWindow, periodWindow, statementCurrency } from './dashboardWindow';
import { pagedList, type Page } from './pagedList';

export interface ArtistRow extends Record<string, unknown> {
  id: string;
  name: string;
  account_id: string;
  version: number;
}

/** Whose artists a user sees: an account's (null: every one), or those linked to one user. */
interface ArtistScope {
  account: string | null;
  linkedUser: string | null;
}

/** Labels and staff see the account's artists; anyone else only the artists linked to them. */
function artistScope(user: SessionUser): ArtistScope {
  if (seesAllAccounts(user)) return { account: null, linkedUser: null };
  if (allows(user.permissions, 'artist:rw')) return { account: user.accountId, linkedUser: null };
  return { account: null, linkedUser: user.id };
}

/** `$1` is the scope's account and `$2` its linked user, each null for no limit. */
const scopeFilter = `($1::text is null or a.account_id = $1)
  and ($2::text is null or exists (select 1 from artist_users au where au.artist_id = a.id and au.user_id = $2))`;

const toArtist = (row: ArtistRow): Artist => ({
  id: row.id,
  name: row.name,
  accountId: row.account_id,
});

/**
 * The revenue of the artist's products over the window, per currency (`$4`/`$5` the periods, `$6`
 * the fallback currency): their codes' revenue for a label and staff, and for a linked person
 * (`$2`) only what the approved statements paid them from those products.
 */
const windowRevenue = `(select coalesce(jsonb_agg(jsonb_build_object('currency', x.currency,
      'amount', trim_scale(x.amount)::text) order by x.currency), '[]'::jsonb)
   from (select v.currency, sum(v.amount) as amount from (
       select ${statementCurrency('s', '$6::text')} as currency, sc.revenue as amount
         from products p join product_codes pc on pc.product_id = p.id
         join statement_codes sc on sc.code = pc.code
         join statements s on s.id = sc.statement_id and s.account_id = pc.account_id
        where $2::text is null and p.artist_id = a.id
          and s.state not in ('cancelled', 'deleted', 'failed') and ${inWindow('s.period', '$4', '$5')}
       union all
       select ${statementCurrency('s', '$6::text')}, l.amount
         from products p join statement_lines l on l.product_id = p.id and l.payee_id = $2
         join statements s on s.calculation_id = l.calculation_id
        where $2::text is not null and p.artist_id = a.id
          and ${APPROVED('s')} and ${inWindow('s.period', '$4', '$5')}) v
     group by v.currency) x)`;

/** The artists `user` sees whose name matches the search, with their revenue over the window. */
export function listArtists(
  db: Queryable,
  user: SessionUser,
  page: Page & Omit<ArtistListQuery, 'limit' | 'offset'>,
  now: Date,
  { revenue = true }: { revenue?: boolean } = {},
): Promise<ArtistList> {
  const scope = artistScope(user);
  const window = periodWindow(page, now);
  return pagedList(
    db,
    {
      sql: `select a.id, a.name, a.account_id, a.version,
              ${revenue ? windowRevenue : "'[]'::jsonb"} as revenue from artists a
        where ${scopeFilter} and ($3 = '' or a.name ilike '%' || $3 || '%')`,
      // Without the revenue column, the window's parameters are not in the statement.
      params: [
        scope.account,
        scope.linkedUser,
        page.q ?? '',
        ...(revenue ? [window.from, window.to, user.currency] : []),
      ],
      orderBy: 'name, id',
    },
    page,
    (row: ArtistRow & { revenue: ArtistListItem['revenue'] | string }): ArtistListItem => ({
      ...toArtist(row),
      revenue:
        typeof row.revenue === 'string'
          ? (JSON.parse(row.revenue) as ArtistListItem['revenue'])
          : row.revenue,
    }),
  );
}

/** The artist, or null when it does not exist or `user` does not see it. */
export async function findArtist(
  db: Queryable,
  user: SessionUser,
  id: string,
): Promise<ArtistRow | null> {
  const scope = artistScope(user);
  const rows = await db.query<ArtistRow>(
    `select a.id, a.name, a.account_id, a.version from artists a
      where a.id = $3 and ${scopeFilter}`,
    [scope.account, scope.linkedUser, id],
  );
  return rows[0] ?? null;
}

/** The artist with the users linked to it and its products. */
export async function artistDetail(db: Queryable, row: ArtistRow): Promise<ArtistDetail> {
  const users = await db.query<{ id: string; fullname: string; username: string | null }>(
    `select u.id, u.fullname, u.username from artist_users au join users u on u.id = au.user_id
      where au.artist_id = $1 order by u.fullname, u.id`,
    [row.id],
  );
  const products = await db.query<{ id: string; title: string; type: string }>(
    'select id, title, type from products where artist_id = $1 order by title, id',
    [row.id],
  );
  return { ...toArtist(row), users, products, version: Number(row.version) };
}

/** Whether the account has an artist of this name, in any case. */
export async function artistNameTaken(
  db: Queryable,
  accountId: string,
  name: string,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from artists where account_id = $1 and lower(name) = lower($2)',
    [accountId, name],
  );
  return rows.length > 0;
}

/**
 * Whether the user may be linked to an artist of the account: one of the account's own people,
 * or a payee who accepted to work with it; deleted users never.
 */
export async function isLinkableUser(
  db: Queryable,
  userId: string,
  accountId: string,
): Promise<boolean> {
  const rows = await db.query(
    `select 1 from users u
      where u.id = $1 and u.status <> 'deleted'
        and (u.account_id = $2 or exists (select 1 from account_payees ap
               where ap.account_id = $2 and ap.user_id = u.id and ap.status = 'accepted'))`,
    [userId, accountId],
  );
  return rows.length > 0;
}

/** Whether the user is linked to the artist. */
export async function isLinkedUser(
  db: Queryable,
  artistId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db.query('select 1 from artist_users where artist_id = $1 and user_id = $2', [
    artistId,
    userId,
  ]);
  return rows.length > 0;
}
