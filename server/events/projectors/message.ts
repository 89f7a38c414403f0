import type { MessageEvent } from '../types';
import type { Projector } from './projector';

export const messageProjector: Projector<MessageEvent> = {
  async MessagePosted(tx, { data, actor }, { at, version }) {
    await tx.query(
      `insert into messages (id, audience, account_id, type, title, body, cancelable, posted_at,
                             posted_by, changed_at, version)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $10)`,
      [
        data.messageId,
        data.audience,
        data.accountId,
        data.type,
        data.title,
        data.message,
        data.cancelable,
        at,
        actor,
        version,
      ],
    );
  },
  async MessageEdited(tx, { data }, { id, at, version }) {
    await tx.query(
      `update messages set audience = $2, account_id = $3, type = $4, title = $5, body = $6,
                           cancelable = $7, changed_at = $8, version = $9
        where id = $1`,
      [
        id,
        data.audience,
        data.accountId,
        data.type,
        data.title,
        data.message,
        data.cancelable,
        at,
        version,
      ],
    );
  },
  async MessageCleared(tx, { actor }, { id, at, version }) {
    await tx.query(
      'update messages set cleared_at = $2, cleared_by = $3, version = $4 where id = $1',
      [id, at, actor, version],
    );
  },
};
