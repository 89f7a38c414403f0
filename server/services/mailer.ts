import type { Queryable } from '../db/database';
import type { LinkPurpose } from '../events/types';
import { translator } from '../i18n';

/** Why a link is sent without being asked for. */
export type MailNotice = 'locked';

export interface LinkMail {
  recipient: string;
  fullname: string;
  language: string;
  purpose: LinkPurpose;
  link: string;
  expiresAt: Date;
  notice?: MailNotice | null;
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
  if (mail.notice === 'locked') {
    texts.subject = t('email.locked.subject');
    texts.body = t('email.locked.body', { name: mail.fullname });
  }
  const body = [
    texts.body,
    '',
    mail.link,
    '',
    t('email.common.expires', {
      date: mail.expiresAt.toISOString().replace('T', ' ').slice(0, 16),
    }),
    // A notice was not asked for: "ignore this if you did not ask" would be wrong there.
    ...(mail.notice ? [] : [t('email.common.ignore')]),
  ].join('\n');
  await tx.query(
    'insert into outbox (recipient, subject, body, link, created_at) values ($1, $2, $3, $4, $5)',
    [mail.recipient, texts.subject, body, mail.link, now.toISOString()],
  );
}

/** Tells a person that what was asked for their account is not needed: no link to use up. */
export async function queueAlreadyActiveMail(
  tx: Queryable,
  mail: { recipient: string; fullname: string; language: string; loginUrl: string },
  now: Date,
): Promise<void> {
  const t = translator(mail.language);
  const body = [t('email.already-active.body', { name: mail.fullname }), '', mail.loginUrl].join(
    '\n',
  );
  await tx.query(
    'insert into outbox (recipient, subject, body, link, created_at) values ($1, $2, $3, $4, $5)',
    [mail.recipient, t('email.already-active.subject'), body, mail.loginUrl, now.toISOString()],
  );
}
