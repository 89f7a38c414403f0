import { createHash, randomBytes } from 'node:crypto';
import { endSessionsOf } from '../auth/sessions';
import type { Queryable } from '../db/database';
import type { LinkPurpose } from '../events/types';

/** How long each kind of e-mailed link stays valid. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  reset: 60 * 60 * 1000,
  claim: 7 * 24 * 60 * 60 * 1000,
  activate: 7 * 24 * 60 * 60 * 1000,
};

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueLink(
  tx: Queryable,
  purpose: LinkPurpose,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]);
  await tx.query(
    `insert into links (token_hash, purpose, user_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [digest(token), purpose, userId, now.toISOString(), expiresAt.toISOString()],
  );
  return { token, expiresAt };
}

export type LinkCheck =
  { status: 'valid'; userId: string } | { status: 'expired' } | { status: 'invalid' };

/**
 * Uses a link up: valid once, before it expires, for its own purpose only. The row is locked
 * so a double click cannot use one link twice. Every link sets a new password, so using one
 * also voids the person's other open links of that purpose and ends all their sessions.
 */
export async function consumeLink(
  tx: Queryable,
  purpose: LinkPurpose,
  token: string,
  now: Date,
): Promise<LinkCheck> {
  const rows = await tx.query<{ user_id: string; expires_at: Date | string; used_at: unknown }>(
    `select user_id, expires_at, used_at from links
      where token_hash = $1 and purpose = $2 for update`,
    [digest(token), purpose],
  );
  const link = rows[0];
  if (!link || link.used_at !== null) return { status: 'invalid' };
  if (new Date(link.expires_at).getTime() <= now.getTime()) return { status: 'expired' };
  await tx.query(
    `update links set used_at = $3
      where (token_hash = $1 or (user_id = $2 and purpose = $4)) and used_at is null`,
    [digest(token), link.user_id, now.toISOString(), purpose],
  );
  await endSessionsOf(tx, link.user_id);
  return { status: 'valid', userId: link.user_id };
}
