import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { allows } from '../auth/permissions';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import { ConflictError, NotFoundError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { errorResponses, IdParams, ListOf, ListQuery } from '../../api/common';

const Artist = Type.Object({ id: Type.String(), name: Type.String(), accountId: Type.String() });

const ArtistDetail = Type.Object({
  ...Artist.properties,
  users: Type.Array(
    Type.Object({
      id: Type.String(),
      fullname: Type.String(),
      username: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  products: Type.Array(
    Type.Object({ id: Type.String(), title: Type.String(), type: Type.String() }),
  ),
  version: Type.Integer(),
});

interface ArtistRow {
  id: string;
  name: string;
  account_id: string;
  version: number;
  total: string;
}

/** Labels and staff see the account's artists; anyone else only the artists linked to them. */
function artistScope(user: SessionUser): { account: string | null; linkedUser: string | null } {
  if (seesAllAccounts(user)) return { account: null, linkedUser: null };
  if (allows(user.permissions, 'artist:rw')) return { account: user.accountId, linkedUser: null };
  return { account: null, linkedUser: user.id };
}

const scopeFilter = `($1::text is null or a.account_id = $1)
  and ($2::text is null or exists (select 1 from artist_users au where au.artist_id = a.id and au.user_id = $2))`;

const readAccess = {
  session: true,
  permissions: ['artist:ro', 'dashboard:ro', 'analytics:ro'],
} as const;
const writeAccess = { session: true, permissions: ['artist:rw'] } as const;

const artistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const listArtists = async (user: SessionUser, q: string, limit: number, offset: number) => {
    const scope = artistScope(user);
    const rows = await app.db.query<ArtistRow>(
      `select a.id, a.name, a.account_id, a.version, count(*) over () as total from artists a
        where ${scopeFilter} and ($3 = '' or a.name ilike '%' || $3 || '%')
        order by a.name, a.id limit $4 offset $5`,
      [scope.account, scope.linkedUser, q, limit, offset],
    );
    return {
      items: rows.map((row) => ({ id: row.id, name: row.name, accountId: row.account_id })),
      total: Number(rows[0]?.total ?? 0),
    };
  };

  const loadArtist = async (id: string, user: SessionUser) => {
    const scope = artistScope(user);
    const rows = await app.db.query<ArtistRow>(
      `select a.id, a.name, a.account_id, a.version, 1 as total from artists a
        where a.id = $3 and ${scopeFilter}`,
      [scope.account, scope.linkedUser, id],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError();
    return row;
  };

  const detail = async (row: ArtistRow) => {
    const users = await app.db.query<{ id: string; fullname: string; username: string | null }>(
      `select u.id, u.fullname, u.username from artist_users au join users u on u.id = au.user_id
        where au.artist_id = $1 order by u.fullname, u.id`,
      [row.id],
    );
    const products = await app.db.query<{ id: string; title: string; type: string }>(
      'select id, title, type from products where artist_id = $1 order by title, id',
      [row.id],
    );
    return {
      id: row.id,
      name: row.name,
      accountId: row.account_id,
      users,
      products,
      version: Number(row.version),
    };
  };

  app.get(
    '/api/artists',
    {
      config: { access: readAccess },
      schema: {
        tags: ['artists'],
        querystring: ListQuery,
        response: { 200: ListOf(Artist), ...errorResponses },
      },
    },
    async (request) => {
      const { q = '', limit = 100, offset = 0 } = request.query;
      return listArtists(sessionOf(request).user, q, limit, offset);
    },
  );

  // SPEC section 7 names this path: the artist filter of the dashboard and analytics.
  app.get(
    '/api/artist/list',
    {
      config: { access: readAccess },
      schema: {
        tags: ['artists'],
        querystring: Type.Object(
          { q: Type.Optional(Type.String({ maxLength: 200 })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(Artist), ...errorResponses },
      },
    },
    async (request) =>
      (await listArtists(sessionOf(request).user, request.query.q ?? '', 1000, 0)).items,
  );

  app.get(
    '/api/artists/:id',
    {
      config: { access: readAccess },
      schema: {
        tags: ['artists'],
        params: IdParams,
        response: { 200: ArtistDetail, ...errorResponses },
      },
    },
    async (request) => detail(await loadArtist(request.params.id, sessionOf(request).user)),
  );

  app.post(
    '/api/artists',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['artists'],
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: { 201: ArtistDetail, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const artistId = randomUUID();
      const name = request.body.name.trim();
      await app.db.transaction(async (tx) => {
        const same = await tx.query(
          'select 1 from artists where account_id = $1 and lower(name) = lower($2)',
          [user.accountId, name],
        );
        if (same.length > 0) throw new ConflictError('An artist with this name already exists.');
        await appendToStream(
          tx,
          `artist-${artistId}`,
          0,
          [{ type: 'ArtistCreated', data: { artistId, accountId: user.accountId, name } }],
          commandMetadata(request, app.now()),
        );
      });
      return reply.status(201).send(await detail(await loadArtist(artistId, user)));
    },
  );

  app.post(
    '/api/artists/:id/users',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['artists'],
        summary: 'Link a user to the artist: they get access to it',
        params: IdParams,
        body: Type.Object(
          { userId: Type.String({ minLength: 1, maxLength: 100 }) },
          { additionalProperties: false },
        ),
        response: { 200: ArtistDetail, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const artist = await loadArtist(request.params.id, user);
      // Only one of the artist account's own people, or a payee who accepted to work with it.
      const target = await app.db.query(
        `select 1 from users u
          where u.id = $1 and u.status <> 'deleted'
            and (u.account_id = $2 or exists (select 1 from account_payees ap
                   where ap.account_id = $2 and ap.user_id = u.id and ap.status = 'accepted'))`,
        [request.body.userId, artist.account_id],
      );
      if (target.length === 0) throw new NotFoundError('User not found');
      await app.db.transaction(async (tx) => {
        const stream = `artist-${artist.id}`;
        await appendToStream(
          tx,
          stream,
          await streamVersion(tx, stream),
          [{ type: 'ArtistUserLinked', data: { userId: request.body.userId } }],
          commandMetadata(request, app.now()),
        );
      });
      return detail(await loadArtist(artist.id, user));
    },
  );

  app.delete(
    '/api/artists/:id/users/:userId',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['artists'],
        summary: 'Unlink a user from the artist',
        params: Type.Object({ id: Type.String(), userId: Type.String() }),
        response: { 200: ArtistDetail, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const artist = await loadArtist(request.params.id, user);
      await app.db.transaction(async (tx) => {
        const linked = await tx.query(
          'select 1 from artist_users where artist_id = $1 and user_id = $2',
          [artist.id, request.params.userId],
        );
        if (linked.length === 0) throw new NotFoundError('User not found');
        const stream = `artist-${artist.id}`;
        await appendToStream(
          tx,
          stream,
          await streamVersion(tx, stream),
          [{ type: 'ArtistUserUnlinked', data: { userId: request.params.userId } }],
          commandMetadata(request, app.now()),
        );
      });
      return detail(await loadArtist(artist.id, user));
    },
  );
};

export default artistRoutes;
