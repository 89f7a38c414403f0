import type { PostedMessage, ShownMessage } from '../../api/messages';
import { epochSeconds } from '../../api/common';
import type { Queryable } from '../db/database';

interface MessageRow {
  id: string;
  audience: PostedMessage['audience'];
  account_id: string | null;
  account_name: string | null;
  type: PostedMessage['type'];
  title: string;
  body: string;
  cancelable: boolean;
  posted_at: Date | string;
  posted_by: string | null;
  posted_by_name: string | null;
  changed_at: Date | string;
  version: number;
}

const POSTED = `
  select m.id, m.audience, m.account_id, a.name as account_name, m.type, m.title, m.body,
         m.cancelable, m.posted_at, m.posted_by, u.fullname as posted_by_name, m.changed_at,
         m.version
    from messages m
    left join accounts a on a.id = m.account_id
    left join users u on u.id = m.posted_by`;

function posted(row: MessageRow): PostedMessage {
  return {
    id: row.id,
    audience: row.audience,
    account: row.account_id === null ? null : { id: row.account_id, name: row.account_name ?? '' },
    type: row.type,
    title: row.title,
    message: row.body,
    cancelable: row.cancelable,
    postedAt: epochSeconds(row.posted_at) ?? 0,
    postedBy:
      row.posted_by === null || row.posted_by_name === null
        ? null
        : { id: row.posted_by, name: row.posted_by_name },
    changedAt: epochSeconds(row.changed_at) ?? 0,
  };
}

/** The messages not cleared, newest first: what the admin page manages. */
export async function listPostedMessages(db: Queryable): Promise<PostedMessage[]> {
  const rows = await db.query<MessageRow>(
    `${POSTED} where m.cleared_at is null order by m.posted_at desc, m.id`,
  );
  return rows.map(posted);
}

/** One message not cleared, with the version a change is decided on; null when there is none. */
export async function findPostedMessage(
  db: Queryable,
  id: string,
  lock = false,
): Promise<(PostedMessage & { version: number }) | null> {
  const rows = await db.query<MessageRow>(
    `${POSTED} where m.id = $1 and m.cleared_at is null${lock ? ' for update of m' : ''}`,
    [id],
  );
  const row = rows[0];
  return row ? { ...posted(row), version: Number(row.version) } : null;
}

const shown = (row: {
  id: string;
  type: ShownMessage['type'];
  title: string;
  body: string;
  cancelable: boolean;
}): ShownMessage => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.body,
  cancelable: row.cancelable,
});

/**
 * The banner of one person: the messages for everyone and for their account, not cleared, less
 * those they closed. Another account's message is never among them.
 */
export async function messagesFor(
  db: Queryable,
  reader: { accountId: string; userId: string },
): Promise<ShownMessage[]> {
  const rows = await db.query<Parameters<typeof shown>[0]>(
    `select m.id, m.type, m.title, m.body, m.cancelable from messages m
      where m.cleared_at is null
        and (m.audience = 'everyone' or (m.audience = 'account' and m.account_id = $1))
        and not exists (select 1 from message_dismissals d
                         where d.message_id = m.id and d.user_id = $2)
      order by m.posted_at desc, m.id`,
    [reader.accountId, reader.userId],
  );
  return rows.map(shown);
}

/** The login page's announcement: only messages posted for it, never an account's. */
export async function loginMessages(db: Queryable): Promise<ShownMessage[]> {
  const rows = await db.query<Parameters<typeof shown>[0]>(
    `select m.id, m.type, m.title, m.body, m.cancelable from messages m
      where m.cleared_at is null and m.audience = 'login'
      order by m.posted_at desc, m.id`,
  );
  return rows.map(shown);
}
