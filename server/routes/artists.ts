import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { seesAllAccounts } from '../auth/scope';
import { sessionOf } from '../plugins/auth';
import { errorResponses, ListOf, ListQuery } from '../schemas/common';

const Artist = Type.Object({ id: Type.String(), name: Type.String(), accountId: Type.String() });

interface ArtistRow {
  id: string;
  name: string;
  account_id: string;
  total: string;
}

const artistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const listArtists = async (
    accountId: string | null,
    q: string,
    limit: number,
    offset: number,
  ) => {
    const rows = await app.db.query<ArtistRow>(
      `select id, name, account_id, count(*) over () as total from artists
        where ($1::text is null or account_id = $1) and ($2 = '' or name ilike '%' || $2 || '%')
        order by name, id limit $3 offset $4`,
      [accountId, q, limit, offset],
    );
    return {
      items: rows.map((row) => ({ id: row.id, name: row.name, accountId: row.account_id })),
      total: Number(rows[0]?.total ?? 0),
    };
  };

  app.get(
    '/api/artists',
    {
      config: { access: { session: true, permissions: ['artist:ro'] } },
      schema: {
        tags: ['artists'],
        querystring: ListQuery,
        response: { 200: ListOf(Artist), ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const { q = '', limit = 100, offset = 0 } = request.query;
      return listArtists(seesAllAccounts(user) ? null : user.accountId, q, limit, offset);
    },
  );

  // SPEC section 7 names this path: the artist filter of the dashboard and analytics.
  app.get(
    '/api/artist/list',
    {
      config: {
        access: { session: true, permissions: ['artist:ro', 'dashboard:ro', 'analytics:ro'] },
      },
      schema: {
        tags: ['artists'],
        querystring: Type.Object(
          { q: Type.Optional(Type.String({ maxLength: 200 })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(Artist), ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const list = await listArtists(
        seesAllAccounts(user) ? null : user.accountId,
        request.query.q ?? '',
        1000,
        0,
      );
      return list.items;
    },
  );
};

export default artistRoutes;
