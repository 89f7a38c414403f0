import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { epochSeconds, errorResponses, ListOf, ListQuery } from '../../api/common';

const Mail = Type.Object({
  id: Type.String(),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Integer(),
  sentAt: Type.Union([Type.Integer(), Type.Null()]),
});

interface MailRow {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  total: string;
}

const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/outbox',
    {
      config: { access: { session: true, realUser: true, permissions: ['emulate:rw'] } },
      schema: {
        tags: ['outbox'],
        summary: 'E-mails the portal wrote, newest first (read here when no SMTP server is set)',
        querystring: ListQuery,
        response: { 200: ListOf(Mail), ...errorResponses },
      },
    },
    async (request) => {
      const { q = '', limit = 100, offset = 0 } = request.query;
      const rows = await app.db.query<MailRow>(
        `select id::text as id, recipient, subject, body, link, created_at, sent_at,
                count(*) over () as total
           from outbox where $1 = '' or recipient ilike '%' || $1 || '%'
          order by outbox.id desc limit $2 offset $3`,
        [q, limit, offset],
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          recipient: row.recipient,
          subject: row.subject,
          body: row.body,
          link: row.link,
          createdAt: epochSeconds(row.created_at) ?? 0,
          sentAt: epochSeconds(row.sent_at),
        })),
        total: Number(rows[0]?.total ?? 0),
      };
    },
  );
};

export default outboxRoutes;
