import { randomUUID } from 'node:crypto';
import { isEmail as isEmailText } from '../../rules/profile';
import { normalUsername, usernameSkeleton } from '../../rules/usernames';
import type { Queryable } from '../db/database';
import { ConflictError } from '../errors';
import { appendToStream } from '../events/store';
import type { AccountType, EventMetadata, Role } from '../events/types';

export const EMAIL_TAKEN = 'This email address is already associated with an existing account.';

export async function openAccount(
  tx: Queryable,
  name: string,
  accountType: AccountType,
  metadata: EventMetadata,
): Promise<string> {
  const accountId = randomUUID();
  await appendToStream(
    tx,
    `account-${accountId}`,
    0,
    [{ type: 'AccountOpened', data: { accountId, name, accountType } }],
    metadata,
  );
  return accountId;
}

export interface NewUser {
  accountId: string;
  /** Blank for a person added by name alone, to be claimed later: they cannot log in. */
  username: string | null;
  fullname: string;
  roles: Role[];
  language?: string;
  passwordHash: string | null;
}

export async function registerUser(
  tx: Queryable,
  user: NewUser,
  metadata: EventMetadata,
  chosenId?: string,
): Promise<string> {
  const username = user.username === null ? null : normalUsername(user.username);
  if (user.username !== null && (await usernameInUse(tx, user.username)))
    throw new ConflictError(EMAIL_TAKEN);
  const userId = chosenId ?? randomUUID();
  await appendToStream(
    tx,
    `user-${userId}`,
    0,
    [
      {
        type: 'UserRegistered',
        data: {
          userId,
          accountId: user.accountId,
          username,
          fullname: user.fullname,
          roles: user.roles,
          language: user.language ?? 'en',
          passwordHash: user.passwordHash,
        },
      },
    ],
    metadata,
  );
  return userId;
}

/**
 * Whether a username is taken, or looks like one that is (rules/usernames.ts): another letter
 * that passes for a Latin one, a fullwidth letter, an invisible character or a mark added. Every
 * person ever registered counts, the deleted included, as for the address itself.
 */
export async function usernameInUse(db: Queryable, username: string): Promise<boolean> {
  const skeleton = usernameSkeleton(username);
  // A plain address's skeleton is itself in lower case: only the others are worked out here.
  const rows = await db.query<{ username: string }>(
    `select username from users
      where lower(username) = any($1::text[]) or username !~ '^[ -~]*$'`,
    [[normalUsername(username), skeleton]],
  );
  return rows.some(
    (row) =>
      row.username.toLowerCase() === normalUsername(username) ||
      usernameSkeleton(row.username) === skeleton,
  );
}

/** SPEC section 5's e-mail check (rules/profile.ts), on the address as typed around spaces. */
export const isEmail = (value: string): boolean => isEmailText(value.trim());
