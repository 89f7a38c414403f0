import { randomUUID } from 'node:crypto';
import { isEmail as isEmailText } from '../../rules/profile';
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
  username: string;
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
  const username = user.username.trim().toLowerCase();
  const taken = await tx.query('select 1 from users where lower(username) = $1', [username]);
  if (taken.length > 0) throw new ConflictError(EMAIL_TAKEN);
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

/** SPEC section 5's e-mail check (rules/profile.ts), on the address as typed around spaces. */
export const isEmail = (value: string): boolean => isEmailText(value.trim());
