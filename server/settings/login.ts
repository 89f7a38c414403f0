import { createHash, randomBytes } from 'node:crypto';
import type { PasswordChange, UsernameChange } from '../../api/settings';
import { isEmail, PROFILE_MESSAGES, type FieldProblems } from '../../rules/profile';
import { isSecurePassword } from '../../rules/passwords';
import { normalUsername, usernameSkeleton } from '../../rules/usernames';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { endSessionsOf } from '../auth/sessions';
import type { Database, Queryable } from '../db/database';
import { BadRequestError, ConflictError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata } from '../events/types';
import { translator } from '../i18n';
import { usernameInUse } from '../services/registration';
import { fieldErrors, refuse } from './profile';

/** How long the link that confirms a new username stays valid. */
export const USERNAME_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
const USERNAME_PURPOSE = 'username';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

interface LoginRow {
  username: string | null;
  fullname: string;
  language: string;
  password_hash: string | null;
}

async function loginRow(db: Queryable, userId: string): Promise<LoginRow> {
  const rows = await db.query<LoginRow>(
    'select username, fullname, language, password_hash from users where id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) throw new BadRequestError(PROFILE_MESSAGES.value);
  return row;
}

async function queueMail(
  tx: Queryable,
  mail: { recipient: string; subject: string; body: string; link: string | null },
  now: Date,
): Promise<void> {
  await tx.query(
    'insert into outbox (recipient, subject, body, link, created_at) values ($1, $2, $3, $4, $5)',
    [mail.recipient, mail.subject, mail.body, mail.link, now.toISOString()],
  );
}

/**
 * A new password, given with the current one: every other session of the person ends, as after
 * a reset, and their open reset links are voided. The session that changed it stays.
 */
export async function changePassword(
  db: Database,
  userId: string,
  keepSession: { tokenHash: string },
  change: PasswordChange,
  metadata: EventMetadata,
): Promise<void> {
  const problems: FieldProblems<keyof PasswordChange> = {};
  if (!isSecurePassword(change.newPassword)) problems.newPassword = 'passwordRule';
  if (change.newPassword !== change.confirmation) problems.confirmation = 'passwordsMustMatch';
  const user = await loginRow(db, userId);
  if (!(await verifyPassword(user.password_hash, change.currentPassword)))
    problems.currentPassword = 'currentPassword';
  else if (!problems.newPassword && change.newPassword === change.currentPassword)
    problems.newPassword = 'samePassword';
  const errors = fieldErrors(problems);
  if (errors.length > 0) refuse(errors);
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    const stream = `user-${userId}`;
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [{ type: 'UserPasswordSet', data: { passwordHash } }],
      metadata,
    );
    await endSessionsOf(tx, userId, keepSession);
    await tx.query(
      `update links set used_at = $2 where user_id = $1 and purpose = 'reset' and used_at is null`,
      [userId, metadata.at.toISOString()],
    );
    if (user.username) {
      const t = translator(user.language);
      await queueMail(
        tx,
        {
          recipient: user.username,
          subject: t('settings.email-password-changed.subject'),
          body: t('settings.email-password-changed.body', { name: user.fullname }),
          link: null,
        },
        metadata.at,
      );
    }
  });
}

/**
 * Sends a confirmation link to the new address; the username changes only once it is used, by
 * the person signed in. An address someone already logs in with is refused without naming them.
 */
export async function requestUsernameChange(
  db: Database,
  userId: string,
  change: UsernameChange,
  publicUrl: string,
  metadata: EventMetadata,
): Promise<string> {
  const username = normalUsername(change.username);
  const user = await loginRow(db, userId);
  const problems: FieldProblems<keyof UsernameChange> = {};
  if (!isEmail(username)) problems.username = 'email';
  else if (usernameSkeleton(change.username) === usernameSkeleton(user.username ?? ''))
    problems.username = 'sameUsername';
  else if (await usernameInUse(db, change.username)) problems.username = 'usernameTaken';
  if (!(await verifyPassword(user.password_hash, change.password)))
    problems.password = 'currentPassword';
  const errors = fieldErrors(problems);
  if (errors.length > 0) refuse(errors);

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(metadata.at.getTime() + USERNAME_LINK_LIFETIME_MS);
  await db.transaction(async (tx) => {
    // One change at a time: asking again voids the link sent before.
    await tx.query(
      `update links set used_at = $2 where user_id = $1 and purpose = $3 and used_at is null`,
      [userId, metadata.at.toISOString(), USERNAME_PURPOSE],
    );
    await tx.query(
      `insert into links (token_hash, purpose, user_id, created_at, expires_at, new_username)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        digest(token),
        USERNAME_PURPOSE,
        userId,
        metadata.at.toISOString(),
        expiresAt.toISOString(),
        username,
      ],
    );
    const t = translator(user.language);
    const link = `${publicUrl}/settings?confirm-username=${token}`;
    await queueMail(
      tx,
      {
        recipient: username,
        subject: t('settings.email-username.subject'),
        body: [
          t('settings.email-username.body', { name: user.fullname, username }),
          '',
          link,
          '',
          t('email.common.expires', {
            date: expiresAt.toISOString().replace('T', ' ').slice(0, 16),
          }),
          t('email.common.ignore'),
        ].join('\n'),
        link,
      },
      metadata.at,
    );
    const stream = `user-${userId}`;
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [
        {
          type: 'UserUsernameChangeRequested',
          data: { newUsername: username, expiresAt: expiresAt.toISOString() },
        },
      ],
      metadata,
    );
  });
  return username;
}

/** Uses the e-mailed link: valid once, before it expires, for the person it was sent for only. */
export async function confirmUsernameChange(
  db: Database,
  userId: string,
  token: string,
  metadata: EventMetadata,
): Promise<string> {
  const outcome = await db.transaction(async (tx) => {
    const rows = await tx.query<{
      user_id: string;
      new_username: string | null;
      expires_at: Date | string;
      used_at: unknown;
    }>(
      `select user_id, new_username, expires_at, used_at from links
        where token_hash = $1 and purpose = $2 for update`,
      [digest(token), USERNAME_PURPOSE],
    );
    const link = rows[0];
    if (!link || link.used_at !== null || link.user_id !== userId || !link.new_username)
      return new BadRequestError(PROFILE_MESSAGES.usernameLinkInvalid);
    if (new Date(link.expires_at).getTime() <= metadata.at.getTime())
      return new BadRequestError(PROFILE_MESSAGES.usernameLinkExpired);
    if (await usernameInUse(tx, link.new_username))
      return new ConflictError(PROFILE_MESSAGES.usernameTaken);
    const user = await loginRow(tx, userId);
    await tx.query('update links set used_at = $2 where token_hash = $1', [
      digest(token),
      metadata.at.toISOString(),
    ]);
    const stream = `user-${userId}`;
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [{ type: 'UserUsernameChanged', data: { from: user.username, to: link.new_username } }],
      metadata,
    );
    if (user.username) {
      // The old address hears of it: if the person did not do this, they can act.
      const t = translator(user.language);
      await queueMail(
        tx,
        {
          recipient: user.username,
          subject: t('settings.email-username-changed.subject'),
          body: t('settings.email-username-changed.body', {
            name: user.fullname,
            username: link.new_username,
          }),
          link: null,
        },
        metadata.at,
      );
    }
    return link.new_username;
  });
  if (outcome instanceof Error) throw outcome;
  return outcome;
}
