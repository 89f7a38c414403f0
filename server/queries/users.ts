import { epochSeconds } from '../../api/common';
import type { User, UserList } from '../../api/users';
import type { Queryable } from '../db/database';
import type { Role } from '../events/types';
import type { Invitee } from '../services/payeeInvitations';
import { pagedList, type Page } from './pagedList';

export interface UserRow extends Record<string, unknown> {
  owned: boolean;
  relationship: string | null;
  id: string;
  account_id: string;
  username: string | null;
  fullname: string;
  roles: Role[] | string;
  status: string;
  language: string;
  last_login: Date | string | null;
  created_at: Date | string;
  version: number;
}

export function toUser(row: UserRow): User {
  const roles = typeof row.roles === 'string' ? (JSON.parse(row.roles) as Role[]) : row.roles;
  return {
    id: row.id,
    accountId: row.account_id,
    username: row.username,
    fullname: row.fullname,
    roles,
    status: row.status,
    language: row.language,
    warranter: roles.includes('warranter'),
    lastLogin: epochSeconds(row.last_login),
    createdAt: epochSeconds(row.created_at) ?? 0,
    version: Number(row.version),
  };
}

/**
 * Whether account `viewer` sees person `user` whole (their name and details): staff, `viewer`
 * null, see everyone; an account its own people and the payees who accepted to work with it. A
 * person it has only invited it knows by the address it typed, until they accept. Both are SQL:
 * an expression of the account id and an alias of `users`. Every answer that names a payee to a
 * label goes through here or `nameSeenBy`.
 */
export const seesWhole = (viewer: string, user: string) =>
  `(${viewer}::text is null or ${user}.account_id = ${viewer}
    or exists (select 1 from account_payees seen where seen.account_id = ${viewer}
                and seen.user_id = ${user}.id and seen.status = 'accepted'))`;

/** The name account `viewer` knows person `user` by: their full name, or only their address. */
export const nameSeenBy = (viewer: string, user: string) =>
  `coalesce(case when ${seesWhole(viewer, user)} then ${user}.fullname else ${user}.username end, '')`;

/**
 * The users a viewer account sees (all of them for staff, `viewer` null): its own people, and the
 * payees who work with it. A person invited from another account shows only the address the
 * account typed until they accept: not their name, home account, roles, status or activity.
 * `owned` says whether the viewer may change the person.
 */
const visibleUsers = (viewer: string) => `(
  select u.id,
         case when shown.whole then u.account_id else '' end as account_id,
         u.username,
         case when shown.whole then u.fullname else coalesce(u.username, '') end as fullname,
         case when shown.whole then u.roles else '[]'::jsonb end as roles,
         case when shown.whole then u.status else 'invited' end as status,
         case when shown.whole then u.language else '' end as language,
         case when shown.whole then u.last_login end as last_login,
         case when shown.whole then u.created_at
              else (select min(i.created_at) from payee_invitations i
                     where i.account_id = ${viewer} and i.user_id = u.id) end as created_at,
         case when shown.whole then u.version else 0 end as version,
         (${viewer}::text is null or u.account_id = ${viewer}) as owned,
         ap.status as relationship
    from users u
    left join account_payees ap on ap.account_id = ${viewer} and ap.user_id = u.id
    cross join lateral (select ${seesWhole(viewer, 'u')} as whole) shown
   where ${viewer}::text is null or u.account_id = ${viewer} or ap.user_id is not null)`;

/** The users the viewer account sees (null: every one) whose name or username matches. */
export function listUsers(
  db: Queryable,
  viewerAccount: string | null,
  page: Page,
): Promise<UserList> {
  return pagedList(
    db,
    {
      sql: `select v.* from ${visibleUsers('$1')} v
        where ($2 = '' or v.fullname ilike '%' || $2 || '%' or v.username ilike '%' || $2 || '%')`,
      params: [viewerAccount, page.q ?? ''],
      orderBy: 'fullname, id',
    },
    page,
    toUser,
  );
}

/** The user as the viewer account sees them (null: every user), or null when it does not. */
export async function findVisibleUser(
  db: Queryable,
  id: string,
  viewerAccount: string | null,
): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`select v.* from ${visibleUsers('$2')} v where v.id = $1`, [
    id,
    viewerAccount,
  ]);
  return rows[0] ?? null;
}

/** The person who logs in with this e-mail, with their account; deleted users are not found. */
export async function findPersonByEmail(
  db: Queryable,
  email: string,
): Promise<(Invitee & { account_id: string }) | null> {
  const rows = await db.query<Invitee & { account_id: string }>(
    `select id, username, fullname, language, account_id from users
      where lower(username) = $1 and status <> 'deleted'`,
    [email],
  );
  return rows[0] ?? null;
}

/** Whether the person is one of the account's own people (not a payee of another account). */
export async function isPersonOf(
  db: Queryable,
  userId: string,
  accountId: string,
): Promise<boolean> {
  const rows = await db.query('select 1 from users where id = $1 and account_id = $2', [
    userId,
    accountId,
  ]);
  return rows.length > 0;
}

/** Whether the person is one of the payees the account works with, invited or accepted. */
export async function isAccountPayee(
  db: Queryable,
  accountId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from account_payees where account_id = $1 and user_id = $2',
    [accountId, userId],
  );
  return rows.length > 0;
}

/** The user's stream version, or null when there is no such user. */
export async function userVersion(db: Queryable, id: string): Promise<number | null> {
  const rows = await db.query<{ version: number }>('select version from users where id = $1', [id]);
  return rows[0] ? Number(rows[0].version) : null;
}
