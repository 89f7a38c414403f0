// The global message banner and the login page's announcement (SPEC sections 2 and 3): admins
// post, edit and clear messages, each an event of the audit log; everyone reads only the
// messages meant for them, and closes those they may.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParams } from '../../api/common';
import { MessageFields, PostedMessage, PostedMessageList, ShownMessages } from '../../api/messages';
import type { Queryable } from '../db/database';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import type { MessageContent } from '../events/types';
import { appendAfterCheck, appendToStream } from '../events/store';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import {
  findPostedMessage,
  listPostedMessages,
  loginMessages,
  messagesFor,
} from '../queries/messages';

export const MESSAGE_TEXT_REQUIRED = 'Give the message a title and a text.';
export const MESSAGE_ACCOUNT_REQUIRED = 'Choose the account this message is for.';
export const MESSAGE_NOT_CANCELABLE = 'This message stays until an admin clears it.';

/** Only admins post: emulate rw, as the admin pages need (SPEC section 2). */
const admins: RouteAccess = { session: true, permissions: ['emulate:rw'] };
/** Any signed-in person reads their own banner. */
const readers: RouteAccess = { session: true };

const messageStream = (id: string) => `message-${id}`;

/** The message as it will be stored: texts trimmed, an account only for an account's message. */
async function checkedContent(db: Queryable, fields: MessageFields): Promise<MessageContent> {
  const title = fields.title.trim();
  const message = fields.message.trim();
  if (title === '' || message === '') {
    throw new BadRequestError(MESSAGE_TEXT_REQUIRED, [
      ...(title === '' ? [{ path: 'title', message: MESSAGE_TEXT_REQUIRED }] : []),
      ...(message === '' ? [{ path: 'message', message: MESSAGE_TEXT_REQUIRED }] : []),
    ]);
  }
  let accountId: string | null = null;
  if (fields.audience === 'account') {
    const rows = fields.accountId
      ? await db.query<{ id: string }>('select id from accounts where id = $1', [fields.accountId])
      : [];
    if (!rows[0]) {
      throw new BadRequestError(MESSAGE_ACCOUNT_REQUIRED, [
        { path: 'accountId', message: MESSAGE_ACCOUNT_REQUIRED },
      ]);
    }
    accountId = rows[0].id;
  }
  return {
    audience: fields.audience,
    accountId,
    type: fields.type,
    title,
    message,
    cancelable: fields.cancelable,
  };
}

const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/messages',
    {
      config: { access: admins },
      schema: {
        tags: ['messages'],
        summary: 'The messages an admin has posted and not cleared, newest first',
        response: { 200: PostedMessageList, ...errorResponses },
      },
    },
    async (request) => {
      const items = await listPostedMessages(request.reads);
      return { items, total: items.length };
    },
  );

  app.post(
    '/api/messages',
    {
      config: { access: admins },
      schema: {
        tags: ['messages'],
        summary: 'Post a message for everyone signed in, for one account, or for the login page',
        body: MessageFields,
        response: { 201: PostedMessage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = randomUUID();
      await app.db.transaction(async (tx) => {
        const content = await checkedContent(tx, request.body);
        await appendToStream(
          tx,
          messageStream(id),
          0,
          [{ type: 'MessagePosted', data: { messageId: id, ...content } }],
          commandMetadata(request, app.now()),
        );
      });
      const message = await findPostedMessage(app.db, id);
      if (!message) throw new NotFoundError();
      const { version: _version, ...answer } = message;
      return reply.status(201).send(answer);
    },
  );

  app.patch(
    '/api/messages/:id',
    {
      config: { access: admins },
      schema: {
        tags: ['messages'],
        summary:
          'Change a message: whom it is for, its type, texts, and whether readers may close it',
        params: IdParams,
        body: MessageFields,
        response: { 200: PostedMessage, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const current = await findPostedMessage(tx, id, true);
        if (!current) throw new NotFoundError();
        const content = await checkedContent(tx, request.body);
        await appendAfterCheck(
          tx,
          messageStream(id),
          current.version,
          [{ type: 'MessageEdited', data: content }],
          commandMetadata(request, app.now()),
        );
      });
      const message = await findPostedMessage(app.db, id);
      if (!message) throw new NotFoundError();
      const { version: _version, ...answer } = message;
      return answer;
    },
  );

  app.delete(
    '/api/messages/:id',
    {
      config: { access: admins },
      schema: {
        tags: ['messages'],
        summary: 'Clear a message: it leaves every banner and the login page',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const current = await findPostedMessage(tx, id, true);
        if (!current) throw new NotFoundError();
        await appendAfterCheck(
          tx,
          messageStream(id),
          current.version,
          [{ type: 'MessageCleared', data: {} }],
          commandMetadata(request, app.now()),
        );
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/messages/mine',
    {
      config: { access: readers },
      schema: {
        tags: ['messages'],
        summary:
          "The banner's messages of the caller: for everyone and for their account, less those they closed",
        response: { 200: ShownMessages, ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      // Closing is the person's own: an admin emulating someone closes it for themselves.
      const items = await messagesFor(app.db, {
        accountId: session.user.accountId,
        userId: session.realUser.id,
      });
      return { items };
    },
  );

  app.post(
    '/api/messages/:id/dismiss',
    {
      config: { access: readers },
      schema: {
        tags: ['messages'],
        summary:
          'Close a cancelable message for the caller; it stays closed on every page and device',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const shown = await messagesFor(app.db, {
        accountId: session.user.accountId,
        userId: session.realUser.id,
      });
      const message = shown.find((item) => item.id === request.params.id);
      if (!message) {
        // Already closed, cleared, or never for this reader: the same answer as a missing one.
        const closed = await app.db.query(
          'select 1 from message_dismissals where message_id = $1 and user_id = $2',
          [request.params.id, session.realUser.id],
        );
        if (closed.length > 0) return reply.status(204).send(null);
        throw new NotFoundError();
      }
      if (!message.cancelable) throw new ConflictError(MESSAGE_NOT_CANCELABLE);
      await app.db.query(
        `insert into message_dismissals (message_id, user_id, dismissed_at) values ($1, $2, $3)
         on conflict do nothing`,
        [message.id, session.realUser.id, app.now().toISOString()],
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/messages/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['messages'],
        summary: "The login page's announcement: the messages posted for it, never an account's",
        response: { 200: ShownMessages, ...errorResponses },
      },
    },
    async () => ({ items: await loginMessages(app.db) }),
  );
};

export default messageRoutes;
