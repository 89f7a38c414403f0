import type { Artist, ArtistDetail, ArtistList } from '../../api/artists';
import { allows } from '../auth/permissions';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import type { Queryable } from '../db/database';
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

/** The artists `user` sees whose name matches the search. */
export function listArtists(db: Queryable, user: SessionUser, page: Page): Promise<ArtistList> {
  const scope = artistScope(user);
  return pagedList(
    db,
    {
      sql: `select a.id, a.name, a.account_id, a.version from artists a
        where ${scopeFilter} and ($3 = '' or a.name ilike '%' || $3 || '%')`,
      params: [scope.account, scope.linkedUser, page.q ?? ''],
      orderBy: 'name, id',
    },
    page,
    toArtist,
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
