import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { Role } from '../events/types';
import { permissionsOf, type Permission } from './permissions';

/** How long a session lives after login or renewal when it is not used. */
export const SESSION_SECONDS = 12 * 60 * 60;
/** How long a session lives at most, however often it is renewed: then its person logs in again. */
export const SESSION_MAX_SECONDS = 7 * 24 * 60 * 60;

export const SESSION_COOKIE = 'portal_session';
export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export interface SessionUser {
  id: string;
  accountId: string;
  accountName: string;
  username: string | null;
  fullname: string;
  roles: Role[];
  language: string;
  /** SPEC section 9's display preferences: `auto`, `12hour` and `USD` until the person chooses. */
  timezone: string;
  clock: string;
  currency: string;
  permissions: Permission[];
}

export interface ActiveSession {
  tokenHash: string;
  csrf: string;
  expiresAt: Date;
  /** Whom the requests act as: the emulated user while emulating, else the one logged in. */
  user: SessionUser;
  /** The person who logged in. */
  realUser: SessionUser;
  emulating: boolean;
  /**
   * Where the primary's log stood after this session's last command (`X/Y`), recorded only when
   * the portal reads from standbys: reads go to a standby that has replayed that far.
   */
  writeLsn: string | null;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Only the token's hash is stored, so a copy of the table cannot be used to log in. */
export async function createSession(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<{ token: string; csrf: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
  await db.query(
    'insert into sessions (token_hash, user_id, csrf, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [digest(token), userId, csrf, now.toISOString(), expiresAt.toISOString()],
  );
  return { token, csrf, expiresAt };
}

interface UserColumns {
  user_id: string;
  account_id: string;
  account_name: string;
  username: string | null;
  fullname: string;
  roles: Role[] | string;
  language: string;
  timezone: string;
  clock: string;
  currency: string;
}

const userSelect = (alias: string, accountAlias: string, prefix: string) =>
  `${alias}.id as ${prefix}user_id, ${alias}.account_id as ${prefix}account_id,
   ${accountAlias}.name as ${prefix}account_name, ${alias}.username as ${prefix}username,
   ${alias}.fullname as ${prefix}fullname, ${alias}.roles as ${prefix}roles,
   ${alias}.language as ${prefix}language, ${alias}.timezone as ${prefix}timezone,
   ${alias}.clock as ${prefix}clock, ${alias}.currency as ${prefix}currency`;

function toSessionUser(row: UserColumns): SessionUser {
  const roles = typeof row.roles === 'string' ? (JSON.parse(row.roles) as Role[]) : row.roles;
  return {
    id: row.user_id,
    accountId: row.account_id,
    accountName: row.account_name,
    username: row.username,
    fullname: row.fullname,
    roles,
    language: row.language,
    timezone: row.timezone,
    clock: row.clock,
    currency: row.currency,
    permissions: permissionsOf(roles),
  };
}

type Prefixed<T, P extends string> = { [K in keyof T as `${P}${K & string}`]: T[K] };

export async function findSession(
  db: Queryable,
  token: string,
  now: Date,
): Promise<ActiveSession | null> {
  const rows = await db.query<
    {
      token_hash: string;
      csrf: string;
      expires_at: Date | string;
      write_lsn: string | null;
    } & UserColumns &
      Partial<Prefixed<UserColumns, 'emulated_'>>
  >(
    `select s.token_hash, s.csrf, s.expires_at, s.write_lsn::text, ${userSelect('u', 'a', '')},
            ${userSelect('e', 'ea', 'emulated_')}
       from sessions s
       join users u on u.id = s.user_id
       join accounts a on a.id = u.account_id
       left join users e on e.id = s.emulating_user_id and e.status = 'active'
       left join accounts ea on ea.id = e.account_id
      where s.token_hash = $1 and s.expires_at > $2 and s.created_at > $3 and u.status = 'active'`,
    [
      digest(token),
      now.toISOString(),
      new Date(now.getTime() - SESSION_MAX_SECONDS * 1000).toISOString(),
    ],
  );
  const row = rows[0];
  if (!row) return null;
  const realUser = toSessionUser(row);
  const emulated =
    row.emulated_user_id && row.emulated_account_id && row.emulated_account_name
      ? toSessionUser({
          user_id: row.emulated_user_id,
          account_id: row.emulated_account_id,
          account_name: row.emulated_account_name,
          username: row.emulated_username ?? null,
          fullname: row.emulated_fullname ?? '',
          roles: row.emulated_roles ?? [],
          language: row.emulated_language ?? realUser.language,
          timezone: row.emulated_timezone ?? realUser.timezone,
          clock: row.emulated_clock ?? realUser.clock,
          currency: row.emulated_currency ?? realUser.currency,
        })
      : null;
  return {
    tokenHash: row.token_hash,
    csrf: row.csrf,
    expiresAt: new Date(row.expires_at),
    user: emulated ?? realUser,
    realUser,
    emulating: emulated !== null,
    writeLsn: row.write_lsn,
  };
}

/**
 * After a job (reading or calculating a statement): every live session that has ever changed
 * something reads from a standby only once it has replayed the job's work. Those who only read
 * are left alone, so a running import does not send every reader to the primary.
 */
export async function raiseWritersReadFloor(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `update sessions set write_lsn = greatest(write_lsn, pg_current_wal_insert_lsn())
      where write_lsn is not null and expires_at > $1`,
    [now.toISOString()],
  );
}

/**
 * Notes where the primary's log stands now, after a command of the session `tokenHash` (the end
 * of its commit record or later, whatever synchronous_commit says): that caller's reads wait for
 * a standby that has replayed this far. Never moves back when two commands end together.
 */
export async function recordWritePosition(db: Queryable, tokenHash: string): Promise<void> {
  await db.query(
    `update sessions set write_lsn = greatest(write_lsn, pg_current_wal_insert_lsn())
      where token_hash = $1`,
    [tokenHash],
  );
}

export async function setEmulation(
  db: Queryable,
  tokenHash: string,
  emulatedUserId: string | null,
): Promise<void> {
  await db.query('update sessions set emulating_user_id = $2 where token_hash = $1', [
    tokenHash,
    emulatedUserId,
  ]);
}

/** Extends a session by its idle lifetime, never past its absolute one. */
export async function renewSession(db: Queryable, tokenHash: string, now: Date): Promise<Date> {
  const rows = await db.query<{ expires_at: Date | string }>(
    `update sessions
        set expires_at = least($2::timestamptz, created_at + make_interval(secs => $3))
      where token_hash = $1
      returning expires_at`,
    [
      tokenHash,
      new Date(now.getTime() + SESSION_SECONDS * 1000).toISOString(),
      SESSION_MAX_SECONDS,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('A session being renewed is gone');
  return new Date(row.expires_at);
}

/**
 * Ends every session of a person, or every other one: a new password, a claim or a lock means
 * whoever held an older session is out.
 */
export async function endSessionsOf(
  db: Queryable,
  userId: string,
  except: { tokenHash: string } | null = null,
): Promise<void> {
  await db.query('delete from sessions where user_id = $1 and token_hash is distinct from $2', [
    userId,
    except?.tokenHash ?? null,
  ]);
}

export async function endSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('delete from sessions where token_hash = $1', [tokenHash]);
}

export async function purgeExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.query('delete from sessions where expires_at <= $1', [now.toISOString()]);
}
