import type { AccountPerson, AdminAccount, CompletionItem } from '../../api/adminAccounts';
import type { AccountList } from '../../api/accounts';
import { payeeRoles } from '../../rules/permissions';
import { epochSeconds } from '../../api/common';
import type { Queryable } from '../db/database';
import { readBusiness } from './business';
import { pagedList, type Page } from './pagedList';

interface AccountRow extends Record<string, unknown> {
  id: string;
  name: string;
  type: string;
  status: string;
  created_at: Date | string;
}

/** Any account whose name, or one of whose people's name or username, holds the search. */
export function searchAccounts(db: Queryable, page: Page): Promise<AccountList> {
  return pagedList(
    db,
    {
      sql: `select a.id, a.name, a.type, a.status, a.created_at from accounts a
             where $1 = '' or a.name ilike '%' || $1 || '%'
                or exists (select 1 from users u where u.account_id = a.id
                             and (u.fullname ilike '%' || $1 || '%'
                                  or u.username ilike '%' || $1 || '%'))`,
      params: [page.q ?? ''],
      orderBy: 'name, id',
    },
    page,
    (row: AccountRow) => ({
      id: row.id,
      name: row.name,
      type: row.type,
      status: row.status,
      createdAt: epochSeconds(row.created_at) ?? 0,
    }),
  );
}

interface PersonRow {
  id: string;
  fullname: string;
  username: string | null;
  roles: string[] | string;
  status: string;
  last_login: Date | string | null;
  locked_until: Date | string | null;
  failed_logins: number;
  verified_at: Date | string | null;
  has_bank_account: boolean;
}

/** Roles that are paid out of statements; staff and label owners are not payees. */
const PAID_ROLES: readonly string[] = payeeRoles;

/**
 * The account, its people and what is missing before it can be paid (SPEC section 4): each
 * payee's claimed login and verified bank account, and for a business its details, owners and
 * certification. A lock shows only while it runs.
 */
export async function readAdminAccount(
  db: Queryable,
  accountId: string,
  now: Date,
): Promise<AdminAccount | null> {
  const accounts = await db.query<AccountRow>(
    'select id, name, type, status, created_at from accounts where id = $1',
    [accountId],
  );
  const account = accounts[0];
  if (!account) return null;
  const people = await db.query<PersonRow>(
    `select u.id, u.fullname, u.username, u.roles, u.status, u.last_login,
            case when u.locked_until > $2 then u.locked_until end as locked_until,
            u.failed_logins, m.verified_at, m.payee_id is not null as has_bank_account
       from users u left join payee_payment_methods m on m.payee_id = u.id
      where u.account_id = $1 order by u.fullname, u.id`,
    [accountId, now.toISOString()],
  );
  const business = await readBusiness(db, accountId);
  const missing: CompletionItem[] = [];
  if (business?.isBusiness) {
    if (!business.details) missing.push('business-details');
    if (business.state === 'incomplete' && business.details) missing.push('beneficial-owners');
    if (business.state !== 'certified') missing.push('certification');
  }
  return {
    account: {
      id: account.id,
      name: account.name,
      type: account.type,
      status: account.status,
      createdAt: epochSeconds(account.created_at) ?? 0,
    },
    isBusiness: business?.isBusiness ?? false,
    businessState: business?.isBusiness ? business.state : null,
    missing,
    people: people.map((row): AccountPerson => {
      const roles = typeof row.roles === 'string' ? (JSON.parse(row.roles) as string[]) : row.roles;
      const personMissing: CompletionItem[] = [];
      if (row.status === 'pending') personMissing.push('claimed-login');
      const paid = roles.some((role) => PAID_ROLES.includes(role));
      if (paid && !row.verified_at) personMissing.push('verified-bank-account');
      return {
        id: row.id,
        fullname: row.fullname,
        username: row.username,
        roles,
        status: row.status,
        lastLogin: epochSeconds(row.last_login),
        lockedUntil: epochSeconds(row.locked_until),
        failedLogins: Number(row.failed_logins),
        bankAccount: row.verified_at
          ? 'verified'
          : row.has_bank_account
            ? 'verification-pending'
            : 'none',
        missing: row.status === 'deleted' ? [] : personMissing,
      };
    }),
  };
}
