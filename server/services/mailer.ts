import type { Queryable } from '../db/database';
import type { LinkPurpose } from '../events/types';
import { translator } from '../i18n';

export interface LinkMail {
  recipient: string;
  fullname: string;
  language: string;
  purpose: LinkPurpose;
  link: string;
  expiresAt: Date;
}

/** Public page each link opens (SPEC section 2). */
export const LINK_PAGES: Record<LinkPurpose, string> = {
  reset: '/service/password',
  claim: '/service/claim',
  activate: '/service/account',
};

/**
 * Puts an e-mail in the outbox in the same transaction as the change that sends it, so a
 * rolled-back change never sends mail. Delivery (SMTP) reads the outbox; without SMTP an
 * admin reads it in the portal.
 */
export async function queueLinkMail(tx: Queryable, mail: LinkMail, now: Date): Promise<void> {
  const t = translator(mail.language);
  // Static keys per purpose, so every key can be checked in every locale.
  const texts = {
    reset: {
      subject: t('email.reset.subject'),
      body: t('email.reset.body', { name: mail.fullname }),
    },
    claim: {
      subject: t('email.claim.subject'),
      body: t('email.claim.body', { name: mail.fullname }),
    },
    activate: {
      subject: t('email.activate.subject'),
      body: t('email.activate.body', { name: mail.fullname }),
    },
  }[mail.purpose];
  const body = [
    texts.body,
    '',
    mail.link,
    '',
    t('email.common.expires', {
      date: mail.expiresAt.toISOString().replace('T', ' ').slice(0, 16),
    }),
    t('email.common.ignore'),
  ].join('\n');
  await tx.query(
    'insert into outbox (recipient, subject, body, link, created_at) values ($1, $2, $3, $4, $5)',
    [mail.recipient, texts.subject, body, mail.link, now.toISOString()],
  );
}
