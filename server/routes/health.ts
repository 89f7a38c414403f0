import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../api/common';
import { Health } from '../../api/health';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Answers once the database is reachable; says which standbys reads use',
        // The API's rate limit counts this route too.
        response: { 200: Health, 429: ErrorBody },
      },
    },
    async () => {
      await app.db.query('select 1');
      const standbys = app.readReplicas?.states();
      return { status: 'ok' as const, database: app.db.kind, ...(standbys ? { standbys } : {}) };
    },
  );

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
};

export default healthRoutes;
