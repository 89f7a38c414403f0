import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listEvents } from '../queries/events';
import { errorResponses } from '../../api/common';
import { AuditEventList, AuditQuery } from '../../api/events';

const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/events',
    {
      config: { access: { session: true, permissions: ['emulate:rw'] } },
      schema: {
        tags: ['events'],
        summary: 'The audit log, in global order, after a sequence number',
        querystring: AuditQuery,
        response: { 200: AuditEventList, ...errorResponses },
      },
    },
    async (request) => {
      const { after = '0', stream, limit = 100 } = request.query;
      return listEvents(app.db, { after, stream: stream ?? null, limit });
    },
  );
};

export default eventRoutes;
