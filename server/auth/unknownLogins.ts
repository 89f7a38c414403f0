import type { Queryable } from '../db/database';
import type { LoginDecision, LoginState } from '../domain/login';

/**
 * Failed logins of usernames that have no account, counted like a real user's: an unknown
 * username answers exactly as a known one, 401 and then 423, so a login tells nobody who exists.
 */
export async function unknownLoginState(
  db: Queryable,
  username: string,
  lock = false,
): Promise<LoginState> {
  const rows = await db.query<{ failed_logins: number; locked_until: Date | string | null }>(
    `select failed_logins, locked_until from unknown_login_attempts
      where username = $1${lock ? ' for update' : ''}`,
    [username],
  );
  const row = rows[0];
  return {
    failedLogins: Number(row?.failed_logins ?? 0),
    lockedUntil: row?.locked_until ? new Date(row.locked_until) : null,
  };
}

/** Keeps what a refused login of an unknown username decided, and forgets day-old attempts. */
export async function recordUnknownLogin(
  db: Queryable,
  username: string,
  decision: LoginDecision,
  now: Date,
): Promise<void> {
  let failedLogins: number | null = null;
  let lockedUntil: string | null = null;
  for (const event of decision.events) {
    if (event.type === 'UserLoginFailed') failedLogins = event.data.failedLogins;
    if (event.type === 'UserLocked') lockedUntil = event.data.until;
  }
  if (failedLogins === null) return;
  await db.query(
    `insert into unknown_login_attempts (username, failed_logins, locked_until, last_attempt)
       values ($1, $2, $3, $4)
     on conflict (username) do update
       set failed_logins = excluded.failed_logins,
           -- A lock that has run out is gone: the count starts again and may lock again.
           locked_until = case
             when excluded.locked_until is not null then excluded.locked_until
             when unknown_login_attempts.locked_until <= excluded.last_attempt then null
             else unknown_login_attempts.locked_until
           end,
           last_attempt = excluded.last_attempt`,
    [username, failedLogins, lockedUntil, now.toISOString()],
  );
  await db.query(
    `delete from unknown_login_attempts
      where last_attempt < $1 and (locked_until is null or locked_until < $2)`,
    [new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString(), now.toISOString()],
  );
}
