import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Health } from '../../api/health';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Answers once the database is reachable',
        response: { 200: Health },
      },
    },
    async () => {
      await app.db.query('select 1');
      return { status: 'ok' as const, database: app.db.kind };
    },
  );

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
};

export default healthRoutes;
