import type { Queryable } from '../db/database';

/** What a login checks of the user: the password and the lockout counters. */
export interface LoginUser {
  id: string;
  username: string;
  fullname: string;
  language: string;
  password_hash: string | null;
  failed_logins: number;
  locked_until: Date | string | null;
  version: number;
}

/**
 * The active user with this username (already trimmed and lowercased), or null. `lock` holds the
 * row until the transaction ends, so logins of one person at once are decided one after the other.
 */
export async function findLoginUser(
  db: Queryable,
  username: string,
  lock = false,
): Promise<LoginUser | null> {
  const users = await db.query<LoginUser>(
    `select id, username, fullname, language, password_hash, failed_logins, locked_until, version
       from users
      where lower(username) = $1 and status = 'active'${lock ? ' for update' : ''}`,
    [username],
  );
  return users[0] ?? null;
}
