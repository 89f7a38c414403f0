import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ConflictError } from '../errors';
import { appendToStream } from '../events/store';
import { commandMetadata } from '../plugins/auth';
import { errorResponses, ListOf, ListQuery } from '../schemas/common';

const Distributor = Type.Object({
  id: Type.String(),
  name: Type.String(),
  uploadable: Type.Boolean(),
});

const NewDistributor = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    uploadable: Type.Boolean(),
  },
  { additionalProperties: false },
);

interface DistributorRow {
  id: string;
  name: string;
  uploadable: boolean;
  total: string;
}

const distributorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/distributors',
    {
      config: {
        access: { session: true, permissions: ['distributor:ro', 'import:ro', 'statement:ro'] },
      },
      schema: {
        tags: ['distributors'],
        querystring: ListQuery,
        response: { 200: ListOf(Distributor), ...errorResponses },
      },
    },
    async (request) => {
      const { q = '', limit = 100, offset = 0 } = request.query;
      const rows = await app.db.query<DistributorRow>(
        `select id, name, uploadable, count(*) over () as total from distributors
          where $1 = '' or name ilike '%' || $1 || '%' order by name, id limit $2 offset $3`,
        [q, limit, offset],
      );
      return {
        items: rows.map(({ id, name, uploadable }) => ({ id, name, uploadable })),
        total: Number(rows[0]?.total ?? 0),
      };
    },
  );

  app.post(
    '/api/distributors',
    {
      config: {
        access: { session: true, permissions: ['distributor:rw'], roles: ['overseer', 'admin'] },
      },
      schema: {
        tags: ['distributors'],
        body: NewDistributor,
        response: { 201: Distributor, ...errorResponses },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      const distributorId = randomUUID();
      await app.db.transaction(async (tx) => {
        const taken = await tx.query('select 1 from distributors where lower(name) = lower($1)', [
          name,
        ]);
        if (taken.length > 0)
          throw new ConflictError('A distributor with this name already exists.');
        await appendToStream(
          tx,
          `distributor-${distributorId}`,
          0,
          [
            {
              type: 'DistributorCreated',
              data: { distributorId, name, uploadable: request.body.uploadable },
            },
          ],
          commandMetadata(request, app.now()),
        );
      });
      return reply
        .status(201)
        .send({ id: distributorId, name, uploadable: request.body.uploadable });
    },
  );
};

export default distributorRoutes;
