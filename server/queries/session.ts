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

/** The active user with this username (already trimmed and lowercased), or null. */
export async function findLoginUser(db: Queryable, username: string): Promise<LoginUser | null> {
  const users = await db.query<LoginUser>(
    `select id, username, fullname, language, password_hash, failed_logins, locked_until, version
       from users
      where lower(username) = $1 and status = 'active'`,
    [username],
  );
  return users[0] ?? null;
}
