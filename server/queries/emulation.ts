import type { EmulationUser } from '../../api/emulation';
import type { Queryable } from '../db/database';
import type { Role } from '../events/types';

/** How many recently emulated users the server keeps answering; the dialog shows 10 of them. */
export const RECENT_LIMIT = 50;

interface CandidateRow {
  id: string;
  fullname: string;
  username: string;
  roles: Role[] | string;
}

const rolesOf = (row: CandidateRow): Role[] =>
  typeof row.roles === 'string' ? (JSON.parse(row.roles) as Role[]) : row.roles;

const toEmulationUser = (row: CandidateRow): EmulationUser => ({
  fullname: row.fullname,
  username: row.username,
  role: rolesOf(row)[0] ?? '',
});

export interface CandidateSearch {
  text: string;
  /** true: warranters only; false: everyone else; null: all users. */
  warranter: boolean | null;
  limit: number;
}

/** The active users with a username that `adminId` may emulate: anyone but themself. */
export async function emulationCandidates(
  db: Queryable,
  adminId: string,
  { text, warranter, limit }: CandidateSearch,
): Promise<EmulationUser[]> {
  const rows = await db.query<CandidateRow>(
    `select id, fullname, username, roles from users
      where status = 'active' and username is not null and id <> $1
        and ($2 = '' or fullname ilike '%' || $2 || '%' or username ilike '%' || $2 || '%')
        and ($3::boolean is null or (roles ? 'warranter') = $3)
      order by fullname, username limit $4`,
    [adminId, text.trim(), warranter, limit],
  );
  return rows.map(toEmulationUser);
}

/** The users `adminId` emulated, most recent first. */
export async function recentEmulations(db: Queryable, adminId: string): Promise<EmulationUser[]> {
  const rows = await db.query<CandidateRow>(
    `select u.id, u.fullname, u.username, u.roles from recent_emulations r
       join users u on u.id = r.user_id
      where r.admin_id = $1 and u.username is not null
      order by r.emulated_at desc, u.fullname limit $2`,
    [adminId, RECENT_LIMIT],
  );
  return rows.map(toEmulationUser);
}

/** The id of the active user to emulate, by username in any case; null when there is none. */
export async function findEmulationTarget(db: Queryable, username: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `select id from users where lower(username) = lower($1) and status = 'active'`,
    [username.trim()],
  );
  return rows[0]?.id ?? null;
}
