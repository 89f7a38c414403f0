import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { sessionBody } from '../auth/sessionBody';
import { findSession, setEmulation, SESSION_COOKIE } from '../auth/sessions';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { Role } from '../events/types';
import { sessionOf } from '../plugins/auth';
import { errorResponses } from '../../api/common';
import { SessionBody } from '../schemas/session';

/** SPEC section 9: the emulate search answers at most 250 users. */
export const EMULATE_LIMIT = 250;
export const RECENT_LIMIT = 50;

const EmulationUser = Type.Object({
  fullname: Type.String(),
  username: Type.String(),
  role: Type.String(),
});

const EmulateBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 320 }) },
  { additionalProperties: false },
);

interface CandidateRow {
  id: string;
  fullname: string;
  username: string;
  roles: Role[] | string;
}

const rolesOf = (row: CandidateRow): Role[] =>
  typeof row.roles === 'string' ? (JSON.parse(row.roles) as Role[]) : row.roles;

const toEmulationUser = (row: CandidateRow) => ({
  fullname: row.fullname,
  username: row.username,
  role: rolesOf(row)[0] ?? '',
});

export interface EmulationRouteOptions {
  environment: string;
}

const emulationRoutes: FastifyPluginAsyncTypebox<EmulationRouteOptions> = async (app, options) => {
  // Only the person who logged in may emulate, whoever they currently emulate.
  const listAccess = { session: true, realUser: true, permissions: ['emulate:ro'] } as const;
  const changeAccess = { session: true, realUser: true, permissions: ['emulate:rw'] } as const;

  const answer = async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE] ?? '';
    const session = await findSession(app.db, token, app.now());
    if (!session) throw new Error('The session vanished while emulating');
    return sessionBody(session, options.environment, app.now());
  };

  const emulate = async (request: FastifyRequest, username: string, mustBeEmulating: boolean) => {
    const session = sessionOf(request);
    if (mustBeEmulating && !session.emulating) {
      throw new ConflictError('Start emulating an account before switching to another.');
    }
    const rows = await app.db.query<CandidateRow>(
      `select id, fullname, username, roles from users
        where lower(username) = lower($1) and status = 'active'`,
      [username.trim()],
    );
    const target = rows[0];
    if (!target) throw new NotFoundError('User not found');
    if (target.id === session.realUser.id)
      throw new BadRequestError('You cannot emulate yourself.');
    const adminStream = `user-${session.realUser.id}`;
    await app.db.transaction(async (tx) => {
      const metadata = { actor: session.realUser.id, emulatingActor: null, at: app.now() };
      const events = session.emulating
        ? [
            { type: 'UserEmulationStopped' as const, data: { targetUserId: session.user.id } },
            { type: 'UserEmulationStarted' as const, data: { targetUserId: target.id } },
          ]
        : [{ type: 'UserEmulationStarted' as const, data: { targetUserId: target.id } }];
      await appendToStream(tx, adminStream, await streamVersion(tx, adminStream), events, metadata);
      await setEmulation(tx, session.tokenHash, target.id);
    });
    return answer(request);
  };

  app.get(
    '/api/session/emulate',
    {
      config: { access: listAccess },
      schema: {
        tags: ['session'],
        summary: 'Users that may be emulated',
        querystring: Type.Object(
          {
            q: Type.Optional(Type.String({ maxLength: 200 })),
            limit: Type.Optional(
              Type.Integer({ minimum: 1, maximum: EMULATE_LIMIT, default: EMULATE_LIMIT }),
            ),
            warranter: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(EmulationUser), ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { q = '', limit = EMULATE_LIMIT, warranter } = request.query;
      const rows = await app.db.query<CandidateRow>(
        `select id, fullname, username, roles from users
          where status = 'active' and username is not null and id <> $1
            and ($2 = '' or fullname ilike '%' || $2 || '%' or username ilike '%' || $2 || '%')
            and ($3::boolean is null or (roles ? 'warranter') = $3)
          order by fullname, username limit $4`,
        [session.realUser.id, q.trim(), warranter ?? null, limit],
      );
      return rows.map(toEmulationUser);
    },
  );

  app.get(
    '/api/session/emulate/recent',
    {
      config: { access: listAccess },
      schema: {
        tags: ['session'],
        summary: 'Accounts this admin emulated, most recent first',
        response: { 200: Type.Array(EmulationUser), ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.db.query<CandidateRow>(
        `select u.id, u.fullname, u.username, u.roles from recent_emulations r
           join users u on u.id = r.user_id
          where r.admin_id = $1 and u.username is not null
          order by r.emulated_at desc, u.fullname limit $2`,
        [sessionOf(request).realUser.id, RECENT_LIMIT],
      );
      return rows.map(toEmulationUser);
    },
  );

  app.post(
    '/api/session/emulate',
    {
      config: { access: changeAccess },
      schema: {
        tags: ['session'],
        summary: 'Start emulating a user',
        body: EmulateBody,
        response: { 200: SessionBody, ...errorResponses },
      },
    },
    async (request) => emulate(request, request.body.username, false),
  );

  app.put(
    '/api/session/emulate',
    {
      config: { access: changeAccess },
      schema: {
        tags: ['session'],
        summary: 'Switch emulation to another user',
        body: EmulateBody,
        response: { 200: SessionBody, ...errorResponses },
      },
    },
    async (request) => emulate(request, request.body.username, true),
  );

  app.delete(
    '/api/session/emulate',
    {
      config: { access: changeAccess },
      schema: {
        tags: ['session'],
        summary: 'Stop emulating',
        response: { 200: SessionBody, ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      if (session.emulating) {
        const adminStream = `user-${session.realUser.id}`;
        await app.db.transaction(async (tx) => {
          await appendToStream(
            tx,
            adminStream,
            await streamVersion(tx, adminStream),
            [{ type: 'UserEmulationStopped', data: { targetUserId: session.user.id } }],
            { actor: session.realUser.id, emulatingActor: null, at: app.now() },
          );
          await setEmulation(tx, session.tokenHash, null);
        });
      }
      return answer(request);
    },
  );
};

export default emulationRoutes;
