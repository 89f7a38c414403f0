import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listOutbox } from '../queries/outbox';
import { errorResponses, ListQuery } from '../../api/common';
import { OutboxList } from '../../api/outbox';

const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/outbox',
    {
      config: { access: { session: true, realUser: true, permissions: ['emulate:rw'] } },
      schema: {
        tags: ['outbox'],
        summary: 'E-mails the portal wrote, newest first (read here when no SMTP server is set)',
        querystring: ListQuery,
        response: { 200: OutboxList, ...errorResponses },
      },
    },
    async (request) => listOutbox(request.reads, request.query),
  );
};

export default outboxRoutes;
