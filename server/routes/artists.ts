import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SessionUser } from '../auth/sessions';
import { ConflictError, NotFoundError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import { commandMetadata, sessionOf } from '../plugins/auth';
import {
  artistDetail,
  artistNameTaken,
  findArtist,
  isLinkableUser,
  isLinkedUser,
  listArtists,
  type ArtistRow,
} from '../queries/artists';
import {
  ArtistDetail,
  ArtistFilterList,
  ArtistFilterQuery,
  ArtistList,
  ArtistListQuery,
  ArtistUserLink,
  ArtistUserParams,
  NewArtist,
} from '../../api/artists';
import { errorResponses, IdParams } from '../../api/common';

const readAccess = {
  session: true,
  permissions: ['artist:ro', 'dashboard:ro', 'analytics:ro'],
} as const;
const writeAccess = { session: true, permissions: ['artist:rw'] } as const;

const artistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const loadArtist = async (id: string, user: SessionUser) => {
    const row = await findArtist(app.db, user, id);
    if (!row) throw new NotFoundError();
    return row;
  };

  const detail = (row: ArtistRow) => artistDetail(app.db, row);

  app.get(
    '/api/artists',
    {
      config: { access: readAccess },
      schema: {
        tags: ['artists'],
        summary: 'Artists the caller may see, searched and paged',
        querystring: ArtistListQuery,
        response: { 200: ArtistList, ...errorResponses },
      },
    },
    async (request) =>
      listArtists(request.reads, sessionOf(request).user, request.query, app.now()),
  );

  // SPEC section 7 names this path: the artist filter of the dashboard and analytics.
  app.get(
    '/api/artist/list',
    {
      config: { access: readAccess },
      schema: {
        tags: ['artists'],
        summary: 'Artists whose name matches, unpaged, for a filter',
        querystring: ArtistFilterQuery,
        response: { 200: ArtistFilterList, ...errorResponses },
      },
    },
    async (request) => {
      const page = { q: request.query.q ?? '', limit: 1000, offset: 0 };
      const { items } = await listArtists(request.reads, sessionOf(request).user, page, app.now(), {
        revenue: false,
      });
      return items.map(({ id, name, accountId }) => ({ id, name, accountId }));
    },
  );

  app.get(
    '/api/artists/:id',
    {
      config: { access: readAccess },
      schema: {
        tags: ['artists'],
        summary: 'One artist with its details',
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
        summary: 'Add an artist',
        body: NewArtist,
        response: { 201: ArtistDetail, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const artistId = randomUUID();
      const name = request.body.name.trim();
      await app.db.transaction(async (tx) => {
        if (await artistNameTaken(tx, user.accountId, name))
          throw new ConflictError('An artist with this name already exists.');
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
        body: ArtistUserLink,
        response: { 200: ArtistDetail, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const artist = await loadArtist(request.params.id, user);
      // Only one of the artist account's own people, or a payee who accepted to work with it.
      if (!(await isLinkableUser(app.db, request.body.userId, artist.account_id)))
        throw new NotFoundError('User not found');
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
        params: ArtistUserParams,
        response: { 200: ArtistDetail, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const artist = await loadArtist(request.params.id, user);
      await app.db.transaction(async (tx) => {
        if (!(await isLinkedUser(tx, artist.id, request.params.userId)))
          throw new NotFoundError('User not found');
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
