import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowsAny, type Permission } from '../auth/permissions';
import { authenticateIntakeKey, type IntakeCaller } from '../auth/intakeKeys';
import { checkQueryFilters } from '../auth/queryFilters';
import {
  CSRF_HEADER,
  SESSION_COOKIE,
  findSession,
  recordWritePosition,
  type ActiveSession,
} from '../auth/sessions';
import type { Reader } from '../db/readReplicas';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { EventMetadata, Role } from '../events/types';

/**
 * What a route needs. 'public' routes need nothing; `intakeKey` routes a partner distributor's
 * intake key and nothing else (no session, no csrf); every other route needs a session,
 * its csrf token, and one of `permissions` (or of `roles` when given).
 */
export type RouteAccess =
  | 'public'
  | { intakeKey: true }
  | {
      session: true;
      permissions?: readonly Permission[];
      roles?: readonly Role[];
      csrf?: boolean;
      /** Check the person who logged in rather than the account they emulate (the emulation routes). */
      realUser?: boolean;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** What each route declared it needs, by `METHOD /path/{param}` as the OpenAPI document names it. */
    routeAccess: ReadonlyMap<string, RouteAccess | undefined>;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
    /** The distributor and account of the intake key an `intakeKey` route was called with. */
    intakeCaller: IntakeCaller | null;
    csrfParam: string | undefined;
    /**
     * The database this request's reads use (README, "Reads from standbys"): for a GET with a
     * session, a standby that has replayed the caller's last write when the portal has one; the
     * primary for everything else. Commands write through `app.db`, never through this.
     */
    reads: Reader;
  }
}

/** The session of a route that declared it needs one. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new UnauthorizedError();
  return request.session;
}

/** The intake key of a route that declared it needs one. */
export function intakeCallerOf(request: FastifyRequest): IntakeCaller {
  if (!request.intakeCaller) throw new UnauthorizedError();
  return request.intakeCaller;
}

/** Who acts, on whose behalf, and when: the metadata of every event a request appends. */
export function commandMetadata(request: FastifyRequest, at: Date): EventMetadata {
  const session = sessionOf(request);
  return {
    actor: session.user.id,
    emulatingActor: session.emulating ? session.realUser.id : null,
    at,
  };
}

export default fp(
  (app, _options, done) => {
    app.decorateRequest('session', null);
    app.decorateRequest('intakeCaller', null);
    app.decorateRequest('csrfParam', undefined);
    app.decorateRequest('reads', null as unknown as Reader);
    const replicas = app.readReplicas;
    const reads = (method: string, session: ActiveSession): Reader =>
      replicas && (method === 'GET' || method === 'HEAD')
        ? replicas.readerFor(session.writeLsn)
        : app.db;

    const routeAccess = new Map<string, RouteAccess | undefined>();
    app.decorate('routeAccess', routeAccess);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routeAccess.set(`${method} ${path}`, route.config?.access);
      }
    });

    app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
      // The primary unless a session's GET is given a standby below.
      request.reads = app.db;
      // The csrf query parameter belongs to the transport, not to any route's query schema.
      const query = request.query as Record<string, unknown> | undefined;
      if (query && typeof query.csrf === 'string') {
        request.csrfParam = query.csrf;
        delete query.csrf;
      }
      const access = request.routeOptions.config?.access;
      if (!request.url.startsWith('/api/') || access === 'public') return;
      if (access === undefined) {
        // An /api route that forgot to declare its access is closed, never open.
        if (request.routeOptions.url === undefined) return;
        throw new ForbiddenError();
      }
      if ('intakeKey' in access) {
        // A machine's credential: a session cookie sent alongside is not looked at.
        request.intakeCaller = await authenticateIntakeKey(
          app.db,
          request.headers.authorization,
          app.now(),
        );
        return;
      }
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await findSession(app.db, token, app.now()) : null;
      if (!session) throw new UnauthorizedError();
      request.session = session;
      request.reads = reads(request.method, session);

      if (access.csrf !== false) {
        const sent =
          request.method === 'GET' || request.method === 'HEAD'
            ? request.csrfParam
            : headerValue(request.headers[CSRF_HEADER]);
        if (sent !== session.csrf)
          throw new ForbiddenError(
            'The security token is missing or wrong. Reload the page and try again.',
          );
      }
      const subject = access.realUser ? session.realUser : session.user;
      const byPermission = access.permissions
        ? allowsAny(subject.permissions, access.permissions)
        : false;
      const byRole = access.roles
        ? access.roles.some((role) => subject.roles.includes(role))
        : false;
      const needsPermission = access.permissions !== undefined;
      const needsRole = access.roles !== undefined;
      const allowed = (!needsPermission || byPermission) && (!needsRole || byRole);
      if (!allowed) throw new ForbiddenError();
    });

    // With standbys, a command's caller reads from a standby only once it has replayed this far:
    // noted before the answer leaves, so the caller's next request already knows it.
    if (replicas) {
      app.addHook('onSend', async (request: FastifyRequest) => {
        if (!request.session || request.method === 'GET' || request.method === 'HEAD') return;
        try {
          await recordWritePosition(app.db, request.session.tokenHash);
        } catch (error) {
          // The primary is gone: the caller's next request fails at its session anyway.
          request.log.warn({ err: error }, 'could not note the write position of a session');
        }
      });
    }

    // After validation, on the query the route reads: its filters name only rows the caller reads.
    app.addHook('preHandler', async (request: FastifyRequest) => {
      if (!request.session) return;
      const schema = request.routeOptions.schema?.querystring as
        { properties?: Record<string, unknown> } | undefined;
      const declared = new Set(Object.keys(schema?.properties ?? {}));
      if (declared.size === 0) return;
      await checkQueryFilters(
        app.db,
        request.session.user,
        request.query as Record<string, unknown>,
        declared,
      );
    });
    done();
  },
  { name: 'auth', dependencies: ['database'] },
);

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
