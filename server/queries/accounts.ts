import type { Account, AccountList } from '../../api/accounts';
import { epochSeconds } from '../../api/common';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import type { Queryable } from '../db/database';
import { BadRequestError, ForbiddenError } from '../errors';
import { pagedList, type Page } from './pagedList';

interface AccountRow extends Record<string, unknown> {
  id: string;
  name: string;
  type: string;
  status: string;
  created_at: Date | string;
}

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  name: row.name,
  type: row.type,
  status: row.status,
  createdAt: epochSeconds(row.created_at) ?? 0,
});

/** The one account a user is limited to, or null when they see every account. */
function visibleAccount(user: SessionUser): string | null {
  return seesAllAccounts(user) ? null : user.accountId;
}

/** The accounts `user` may see; `$1` is the visible account, or null for all. */
const VISIBLE_ACCOUNTS = `select id, name, type, status, created_at from accounts
  where ($1::text is null or id = $1)`;

export function listAccounts(db: Queryable, user: SessionUser, page: Page): Promise<AccountList> {
  return pagedList(
    db,
    {
      sql: `${VISIBLE_ACCOUNTS} and ($2 = '' or name ilike '%' || $2 || '%')`,
      params: [visibleAccount(user), page.q ?? ''],
      orderBy: 'name, id',
    },
    page,
    toAccount,
  );
}

/** The account, or null when it does not exist or `user` may not see it. */
export async function findAccount(
  db: Queryable,
  user: SessionUser,
  id: string,
): Promise<Account | null> {
  const rows = await db.query<AccountRow>(`${VISIBLE_ACCOUNTS} and id = $2`, [
    visibleAccount(user),
    id,
  ]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Whether the account exists, whoever asks. */
export async function accountExists(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('select 1 from accounts where id = $1', [id]);
  return rows.length > 0;
}

/** The account's name, or null when there is no such account. */
export async function accountName(db: Queryable, id: string): Promise<string | null> {
  const rows = await db.query<{ name: string }>('select name from accounts where id = $1', [id]);
  return rows[0]?.name ?? null;
}

/** The account's stream version, or null when there is no such account. */
export async function accountVersion(db: Queryable, id: string): Promise<number | null> {
  const rows = await db.query<{ version: number }>('select version from accounts where id = $1', [
    id,
  ]);
  return rows[0] ? Number(rows[0].version) : null;
}

/** Staff name the account they serve; everyone else works in their own. */
export async function commandAccount(
  db: Queryable,
  user: SessionUser,
  requested: string | undefined,
): Promise<string> {
  if (!requested || requested === user.accountId) return user.accountId;
  if (!seesAllAccounts(user)) throw new ForbiddenError();
  const rows = await db.query('select 1 from accounts where id = $1', [requested]);
  if (rows.length === 0) throw new BadRequestError('This account does not exist.');
  return requested;
}
