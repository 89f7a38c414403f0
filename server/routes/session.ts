import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { hashPassword, verifyPassword } from '../auth/passwords';
import {
  CSRF_COOKIE,
  SESSION_COOKIE,
  SESSION_SECONDS,
  createSession,
  endSession,
  findSession,
  renewSession,
  type ActiveSession,
} from '../auth/sessions';
import { decideLogin, type LoginDecision } from '../domain/login';
import { ConflictError, HttpError } from '../errors';
import { CONFLICT_MESSAGE, appendAfterCheck, appendToStream, streamVersion } from '../events/store';
import { sessionOf } from '../plugins/auth';
import { findLoginUser } from '../queries/session';
import { recordUnknownLogin, unknownLoginState } from '../auth/unknownLogins';
import { sendAccountLink } from '../services/accountLinks';
import { ErrorBody, errorResponses } from '../../api/common';
import type { PaymentRail } from '../../rules/paymentRails';
import { Credentials, Session, SessionSettings } from '../../api/session';
import { sessionBody } from '../auth/sessionBody';

export const INVALID_LOGIN = 'The username or password you entered is not recognized.';
export const INVALID_LOGIN_TITLE = 'Invalid Login Credentials';
export const LOCKED_MESSAGE =
  'You have had more then 10 incorrect login attempts, your account is now temporarily locked. Please try again later.';
export const LOCKED_TITLE = 'Account Locked for 60 Minutes';

export interface SessionRouteOptions {
  environment: string;
  adaHubUrl: string | null;
  paymentRail?: PaymentRail;
  /** Where the portal is reached, for the link in the e-mail that tells of a lock. */
  publicUrl: string;
  secureCookies: boolean;
  loginRateLimit: { max: number; timeWindow: number };
  /**
   * No refused login (wrong password, unknown username, locked) is answered sooner than this many
   * milliseconds after it arrived: what is left of the difference between a known person's
   * refusal (it writes an event) and an unknown username's is under the floor, so an answer's
   * time tells nobody who has an account.
   */
  refusedLoginMs: number;
}

/** How often a login whose person changed password meanwhile is checked again. */
const LOGIN_ATTEMPTS = 5;

const sessionRoutes: FastifyPluginAsyncTypebox<SessionRouteOptions> = async (app, options) => {
  // Verifying against a real hash when the user is unknown keeps both answers equally slow.
  const decoyHash = await hashPassword('decoy password that never matches 1!');

  const setCookies = (reply: FastifyReply, token: string, csrf: string) => {
    const common = {
      path: '/',
      sameSite: 'lax' as const,
      secure: options.secureCookies,
      maxAge: SESSION_SECONDS,
    };
    reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
    reply.setCookie(CSRF_COOKIE, csrf, { ...common, httpOnly: false });
  };

  const body = (session: ActiveSession) => sessionBody(session, options, app.now());

  app.post(
    '/api/session',
    {
      config: { access: 'public', rateLimit: options.loginRateLimit },
      schema: {
        tags: ['session'],
        summary: 'Log in',
        body: Credentials,
        response: { 200: Session, ...errorResponses, 423: ErrorBody },
      },
    },
    async (request, reply) => {
      const arrived = performance.now();
      /** A refusal, answered no sooner than the floor after the login arrived. */
      const refuse = async (status: 401 | 423): Promise<never> => {
        const left = options.refusedLoginMs - (performance.now() - arrived);
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        if (status === 423) throw new HttpError(423, LOCKED_MESSAGE, LOCKED_TITLE);
        throw new HttpError(401, INVALID_LOGIN, INVALID_LOGIN_TITLE);
      };
      const now = app.now();
      const username = request.body.username.trim().toLowerCase();
      const user = await findLoginUser(app.db, username);
      if (!user) {
        // The work of a known person's refusal, so that its time tells nobody who exists: one
        // password verification, then one transaction that locks the person's row (there is none
        // here) and keeps the count.
        await verifyPassword(decoyHash, request.body.password);
        const unknown = await app.db.transaction(async (tx) => {
          await findLoginUser(tx, username, true);
          const decision = decideLogin(await unknownLoginState(tx, username, true), false, now);
          await recordUnknownLogin(tx, username, decision, now);
          return decision;
        });
        return refuse(unknown.outcome === 'locked' ? 423 : 401);
      }
      let current = user;
      let matches = await verifyPassword(current.password_hash, request.body.password);
      // Logins of one person at once (two tabs, two devices) are decided one after the other on
      // the person's locked row, each counting what the previous one left; a password changed
      // meanwhile is checked again.
      for (let attempt = 1; ; attempt++) {
        const checked = current;
        let outcome: {
          decision: LoginDecision;
          session: Awaited<ReturnType<typeof createSession>> | null;
        };
        try {
          outcome = await app.db.transaction(async (tx) => {
            const user = await findLoginUser(tx, username, true);
            if (!user || user.password_hash !== checked.password_hash) {
              throw new ConflictError(CONFLICT_MESSAGE);
            }
            const decision = decideLogin(
              {
                failedLogins: Number(user.failed_logins),
                lockedUntil: user.locked_until === null ? null : new Date(user.locked_until),
              },
              matches,
              now,
            );
            const metadata = { actor: user.id, emulatingActor: null, at: now };
            await appendAfterCheck(
              tx,
              `user-${user.id}`,
              Number(user.version),
              decision.events,
              metadata,
            );
            if (decision.events.some((event) => event.type === 'UserLocked')) {
              // The person hears of the lock at once, with a way back in that only their inbox opens.
              await sendAccountLink(tx, 'reset', user, options.publicUrl, metadata, 'locked');
            }
            const session =
              decision.outcome === 'accepted' ? await createSession(tx, user.id, now) : null;
            return { decision, session };
          });
        } catch (error) {
          if (!(error instanceof ConflictError) || attempt >= LOGIN_ATTEMPTS) throw error;
          const again = await findLoginUser(app.db, username);
          if (!again) return refuse(401);
          if (again.password_hash !== current.password_hash)
            matches = await verifyPassword(again.password_hash, request.body.password);
          current = again;
          continue;
        }
        const { decision, session } = outcome;
        if (decision.outcome === 'locked') return refuse(423);
        if (!session) return refuse(401);

        const active = await findSession(app.db, session.token, now);
        if (!active) throw new Error('A session just created could not be read back');
        setCookies(reply, session.token, session.csrf);
        return body(active);
      }
    },
  );

  app.get(
    '/api/session',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['session'],
        summary: 'The current session',
        response: { 200: Session, ...errorResponses },
      },
    },
    async (request) => body(sessionOf(request)),
  );

  app.put(
    '/api/session',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['session'],
        summary: 'Renew the session',
        response: { 200: Session, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const expiresAt = await renewSession(app.db, session.tokenHash, app.now());
      const token = request.cookies[SESSION_COOKIE] ?? '';
      setCookies(reply, token, session.csrf);
      return body({ ...session, expiresAt });
    },
  );

  app.patch(
    '/api/session/settings',
    {
      config: { access: { session: true, realUser: true } },
      schema: {
        tags: ['session'],
        summary: 'Change the settings of the person logged in (their language)',
        body: SessionSettings,
        response: { 200: Session, ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const stream = `user-${session.realUser.id}`;
      await app.db.transaction(async (tx) =>
        appendToStream(
          tx,
          stream,
          await streamVersion(tx, stream),
          [{ type: 'UserProfileChanged', data: { language: request.body.language } }],
          { actor: session.realUser.id, emulatingActor: null, at: app.now() },
        ),
      );
      const token = request.cookies[SESSION_COOKIE] ?? '';
      const updated = await findSession(app.db, token, app.now());
      if (!updated) throw new Error('The session vanished while changing settings');
      return body(updated);
    },
  );

  app.delete(
    '/api/session',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['session'],
        summary: 'Log out',
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      await endSession(app.db, sessionOf(request).tokenHash);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(CSRF_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
};

export default sessionRoutes;
