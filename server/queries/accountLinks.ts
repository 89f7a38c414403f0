import type { Queryable } from '../db/database';
import type { LinkRecipient } from '../services/accountLinks';

/** Who a link is for, and whether their account is already active. */
export interface LinkUser extends LinkRecipient {
  status: string;
}

/** The user a link is asked for, by username in any case; deleted users are not found. */
export async function findLinkUser(db: Queryable, username: string): Promise<LinkUser | null> {
  const rows = await db.query<LinkUser>(
    `select id, username, fullname, language, status from users
      where lower(username) = lower($1) and status <> 'deleted'`,
    [username.trim()],
  );
  return rows[0] ?? null;
}

/** The user a valid link's token belongs to. */
export async function linkUserById(db: Queryable, id: string): Promise<LinkUser | null> {
  const rows = await db.query<LinkUser>(
    // A deleted person's link never sets a password again.
    "select id, username, fullname, language, status from users where id = $1 and status <> 'deleted'",
    [id],
  );
  return rows[0] ?? null;
}
