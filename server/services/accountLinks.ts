import type { Queryable } from '../db/database';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata, LinkPurpose } from '../events/types';
import { issueLink } from './links';
import { LINK_PAGES, queueLinkMail, type MailNotice } from './mailer';

/** A link that activates or claims an account that is already active. */
export const ALREADY_ACTIVE =
  'Your account is already active. Please login or reset your password.';

export interface LinkRecipient {
  id: string;
  username: string;
  fullname: string;
  language: string;
}

/**
 * Issues a single-use link, queues its e-mail and records that it was sent, all in one
 * transaction. A `notice` says why the link comes unasked (a reset link sent on a lock).
 */
export async function sendAccountLink(
  tx: Queryable,
  purpose: LinkPurpose,
  user: LinkRecipient,
  publicUrl: string,
  metadata: EventMetadata,
  notice: MailNotice | null = null,
): Promise<void> {
  const { token, expiresAt } = await issueLink(tx, purpose, user.id, metadata.at);
  const link = `${publicUrl}${LINK_PAGES[purpose]}?token=${token}`;
  await queueLinkMail(
    tx,
    {
      recipient: user.username,
      fullname: user.fullname,
      language: user.language,
      purpose,
      link,
      expiresAt,
      notice,
    },
    metadata.at,
  );
  const stream = `user-${user.id}`;
  await appendToStream(
    tx,
    stream,
    await streamVersion(tx, stream),
    [{ type: 'UserLinkSent', data: { purpose, expiresAt: expiresAt.toISOString() } }],
    metadata,
  );
}
