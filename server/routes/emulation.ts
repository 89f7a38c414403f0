import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { sessionBody } from '../auth/sessionBody';
import { findSession, setEmulation, SESSION_COOKIE } from '../auth/sessions';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import { sessionOf } from '../plugins/auth';
import { emulationCandidates, findEmulationTarget, recentEmulations } from '../queries/emulation';
import { errorResponses } from '../../api/common';
import { EmulateBody, EmulationQuery, EmulationUsers } from '../../api/emulation';
import { EMULATE_LIMIT } from '../../rules/emulation';
import type { PaymentRail } from '../../rules/paymentRails';
import { Session } from '../../api/session';

export interface EmulationRouteOptions {
  environment: string;
  adaHubUrl: string | null;
  paymentRail?: PaymentRail;
}

const emulationRoutes: FastifyPluginAsyncTypebox<EmulationRouteOptions> = async (app, options) => {
  // Only the person who logged in may emulate, whoever they currently emulate.
  const listAccess = { session: true, realUser: true, permissions: ['emulate:ro'] } as const;
  const changeAccess = { session: true, realUser: true, permissions: ['emulate:rw'] } as const;

  const answer = async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE] ?? '';
    const session = await findSession(app.db, token, app.now());
    if (!session) throw new Error('The session vanished while emulating');
    return sessionBody(session, options, app.now());
  };

  const emulate = async (request: FastifyRequest, username: string, mustBeEmulating: boolean) => {
    const session = sessionOf(request);
    if (mustBeEmulating && !session.emulating) {
      throw new ConflictError('Start emulating an account before switching to another.');
    }
    const targetId = await findEmulationTarget(app.db, username);
    if (!targetId) throw new NotFoundError('User not found');
    if (targetId === session.realUser.id) throw new BadRequestError('You cannot emulate yourself.');
    const adminStream = `user-${session.realUser.id}`;
    await app.db.transaction(async (tx) => {
      const metadata = { actor: session.realUser.id, emulatingActor: null, at: app.now() };
      const events = session.emulating
        ? [
            { type: 'UserEmulationStopped' as const, data: { targetUserId: session.user.id } },
            { type: 'UserEmulationStarted' as const, data: { targetUserId: targetId } },
          ]
        : [{ type: 'UserEmulationStarted' as const, data: { targetUserId: targetId } }];
      await appendToStream(tx, adminStream, await streamVersion(tx, adminStream), events, metadata);
      await setEmulation(tx, session.tokenHash, targetId);
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
        querystring: EmulationQuery,
        response: { 200: EmulationUsers, ...errorResponses },
      },
    },
    async (request) => {
      const { q = '', limit = EMULATE_LIMIT, warranter } = request.query;
      return emulationCandidates(app.db, sessionOf(request).realUser.id, {
        text: q,
        warranter: warranter ?? null,
        limit,
      });
    },
  );

  app.get(
    '/api/session/emulate/recent',
    {
      config: { access: listAccess },
      schema: {
        tags: ['session'],
        summary: 'Accounts this admin emulated, most recent first',
        response: { 200: EmulationUsers, ...errorResponses },
      },
    },
    async (request) => recentEmulations(app.db, sessionOf(request).realUser.id),
  );

  app.post(
    '/api/session/emulate',
    {
      config: { access: changeAccess },
      schema: {
        tags: ['session'],
        summary: 'Start emulating a user',
        body: EmulateBody,
        response: { 200: Session, ...errorResponses },
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
        response: { 200: Session, ...errorResponses },
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
        response: { 200: Session, ...errorResponses },
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
