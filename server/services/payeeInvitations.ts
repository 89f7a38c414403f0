import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata } from '../events/types';
import { translator } from '../i18n';

/** How long a person has to accept a label's invitation. */
export const INVITATION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const INVITATION_PAGE = '/service/invitation';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Invitee {
  id: string;
  username: string;
  fullname: string;
  language: string;
}

/**
 * Asks a person of another account to work with this one. Until they accept, the account may
 * name them in splits (the money is theirs either way) but sees only the address it typed.
 */
export async function invitePayee(
  tx: Queryable,
  accountId: string,
  invitee: Invitee,
  publicUrl: string,
  metadata: EventMetadata,
): Promise<void> {
  const related = await tx.query(
    'select 1 from account_payees where account_id = $1 and user_id = $2',
    [accountId, invitee.id],
  );
  if (related.length > 0) return;
  const stream = `account-${accountId}`;
  await appendToStream(
    tx,
    stream,
    await streamVersion(tx, stream),
    [{ type: 'AccountPayeeInvited', data: { userId: invitee.id } }],
    metadata,
  );
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(metadata.at.getTime() + INVITATION_LIFETIME_MS);
  await tx.query(
    `insert into payee_invitations (token_hash, account_id, user_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [digest(token), accountId, invitee.id, metadata.at.toISOString(), expiresAt.toISOString()],
  );
  const accounts = await tx.query<{ name: string }>('select name from accounts where id = $1', [
    accountId,
  ]);
  const t = translator(invitee.language);
  const link = `${publicUrl}${INVITATION_PAGE}?token=${token}`;
  const body = [
    t('email.invitation.body', { name: invitee.fullname, label: accounts[0]?.name ?? '' }),
    '',
    link,
    '',
    t('email.common.expires', { date: expiresAt.toISOString().replace('T', ' ').slice(0, 16) }),
    t('email.common.ignore'),
  ].join('\n');
  await tx.query(
    'insert into outbox (recipient, subject, body, link, created_at) values ($1, $2, $3, $4, $5)',
    [
      invitee.username,
      t('email.invitation.subject', { label: accounts[0]?.name ?? '' }),
      body,
      link,
      metadata.at.toISOString(),
    ],
  );
}

export type InvitationAnswer =
  { status: 'accepted'; accountName: string } | { status: 'expired' } | { status: 'invalid' };

/** Accepts an invitation once, before it expires; the account then sees the person's name. */
export async function acceptPayeeInvitation(
  tx: Queryable,
  token: string,
  now: Date,
): Promise<InvitationAnswer> {
  const rows = await tx.query<{
    account_id: string;
    user_id: string;
    expires_at: Date | string;
    used_at: unknown;
    name: string;
  }>(
    `select i.account_id, i.user_id, i.expires_at, i.used_at, a.name
       from payee_invitations i join accounts a on a.id = i.account_id
      where i.token_hash = $1 for update of i`,
    [digest(token)],
  );
  const invitation = rows[0];
  if (!invitation || invitation.used_at !== null) return { status: 'invalid' };
  if (new Date(invitation.expires_at).getTime() <= now.getTime()) return { status: 'expired' };
  await tx.query('update payee_invitations set used_at = $2 where token_hash = $1', [
    digest(token),
    now.toISOString(),
  ]);
  const stream = `account-${invitation.account_id}`;
  await appendToStream(
    tx,
    stream,
    await streamVersion(tx, stream),
    [{ type: 'AccountPayeeAccepted', data: { userId: invitation.user_id } }],
    { actor: invitation.user_id, emulatingActor: null, at: now },
  );
  return { status: 'accepted', accountName: invitation.name };
}
