import { epochSeconds } from '../../api/common';
import type { OutboxList, OutboxMail } from '../../api/outbox';
import type { Queryable } from '../db/database';
import { pagedList, type Page } from './pagedList';

interface MailRow extends Record<string, unknown> {
  id: string;
  recipient: string;
  recipient_name: string | null;
  language: string | null;
  subject: string;
  body: string;
  link: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

const toMail = (row: MailRow): OutboxMail => ({
  id: row.id,
  recipient: row.recipient,
  recipientName: row.recipient_name,
  language: row.language,
  subject: row.subject,
  body: row.body,
  link: row.link,
  createdAt: epochSeconds(row.created_at) ?? 0,
  sentAt: epochSeconds(row.sent_at),
});

/** Every written e-mail, newest first; `q` matches the recipient. */
export function listOutbox(db: Queryable, page: Page): Promise<OutboxList> {
  return pagedList(
    db,
    {
      // The numeric id orders the mails: its text form would put 10 before 9.
      sql: `select outbox.id as seq, outbox.id::text as id, recipient, subject, body, link,
                   created_at, sent_at,
                   (select u.fullname from users u where lower(u.username) = lower(recipient)
                     limit 1) as recipient_name,
                   (select u.language from users u where lower(u.username) = lower(recipient)
                     limit 1) as language
              from outbox where $1 = '' or recipient ilike '%' || $1 || '%'`,
      params: [page.q ?? ''],
      orderBy: 'seq desc',
    },
    page,
    toMail,
  );
}
