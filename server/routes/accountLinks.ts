import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { hashPassword, isSecurePassword } from '../auth/passwords';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { LinkPurpose, UserEvent } from '../events/types';
import { ErrorBody } from '../../api/common';
import { sendAccountLink, type LinkRecipient } from '../services/accountLinks';
import { consumeLink } from '../services/links';

export const USER_NOT_FOUND = 'User not found';
export const ALREADY_ACTIVE =
  'Your account is already active. Please login or reset your password.';
export const RESET_EXPIRED = 'Password reset link has expired.';
export const RESET_FAILED = 'There was an error resetting your password';
export const ACTIVATION_FAILED = 'There was an error activating your account';
export const SIGNUP_EXPIRED =
  'Your signup request has expired. Please complete the signup form again.';
export const CLAIM_FAILED = 'Unable to claim this account.';
export const WEAK_PASSWORD =
  'A secure password is at least 12 characters mixing letters, numbers and symbols.';

export interface AccountLinkRouteOptions {
  publicUrl: string;
  rateLimit: { max: number; timeWindow: number };
}

const RequestBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 320 }) },
  { additionalProperties: false },
);
const CompleteBody = Type.Object(
  {
    token: Type.String({ minLength: 10, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
const Sent = Type.Object({ status: Type.Literal('sent') });
const Done = Type.Object({ status: Type.Literal('done'), username: Type.String() });
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

interface UserRow extends LinkRecipient {
  status: string;
}

/** What a link completes: the event it records and the texts of its failures. */
const completions: Record<
  LinkPurpose,
  {
    event: (passwordHash: string) => UserEvent;
    expired: string;
    failed: string;
    mustBePending: boolean;
  }
> = {
  reset: {
    event: (passwordHash) => ({ type: 'UserPasswordSet', data: { passwordHash } }),
    expired: RESET_EXPIRED,
    failed: RESET_FAILED,
    mustBePending: false,
  },
  claim: {
    event: (passwordHash) => ({ type: 'UserClaimed', data: { passwordHash } }),
    expired: CLAIM_FAILED,
    failed: CLAIM_FAILED,
    mustBePending: true,
  },
  activate: {
    event: (passwordHash) => ({ type: 'UserActivated', data: { passwordHash } }),
    expired: SIGNUP_EXPIRED,
    failed: ACTIVATION_FAILED,
    mustBePending: true,
  },
};

const accountLinkRoutes: FastifyPluginAsyncTypebox<AccountLinkRouteOptions> = async (
  app,
  options,
) => {
  const publicAccess = { access: 'public' as const, rateLimit: options.rateLimit };

  const findUser = async (username: string) => {
    const rows = await app.db.query<UserRow>(
      `select id, username, fullname, language, status from users
        where lower(username) = lower($1) and status <> 'deleted'`,
      [username.trim()],
    );
    const user = rows[0];
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  };

  const request = async (purpose: LinkPurpose, username: string) => {
    const user = await findUser(username);
    if (purpose !== 'reset' && user.status === 'active') throw new ConflictError(ALREADY_ACTIVE);
    await app.db.transaction((tx) =>
      sendAccountLink(tx, purpose, user, options.publicUrl, {
        actor: null,
        emulatingActor: null,
        at: app.now(),
      }),
    );
    return { status: 'sent' as const };
  };

  const complete = async (purpose: LinkPurpose, token: string, password: string) => {
    if (!isSecurePassword(password)) throw new BadRequestError(WEAK_PASSWORD);
    const passwordHash = await hashPassword(password);
    const rules = completions[purpose];
    const now = app.now();
    const outcome = await app.db.transaction(async (tx) => {
      const check = await consumeLink(tx, purpose, token, now);
      if (check.status === 'expired') return new BadRequestError(rules.expired);
      if (check.status === 'invalid') return new BadRequestError(rules.failed);
      const rows = await tx.query<UserRow>(
        'select id, username, fullname, language, status from users where id = $1',
        [check.userId],
      );
      const user = rows[0];
      if (!user) return new BadRequestError(rules.failed);
      if (rules.mustBePending && user.status === 'active') return new ConflictError(ALREADY_ACTIVE);
      const stream = `user-${user.id}`;
      await appendToStream(
        tx,
        stream,
        await streamVersion(tx, stream),
        [rules.event(passwordHash)],
        {
          actor: user.id,
          emulatingActor: null,
          at: now,
        },
      );
      return user;
    });
    // A refused link is still used up only when it was valid; expiry and misuse change nothing.
    if (outcome instanceof HttpError) throw outcome;
    return { status: 'done' as const, username: outcome.username };
  };

  for (const [path, purpose, summary] of [
    ['/api/password-resets', 'reset', 'E-mail a password reset link'],
    ['/api/claims', 'claim', 'E-mail an account claim link'],
    ['/api/activations', 'activate', 'E-mail an activation link again'],
  ] as const) {
    app.post(
      path,
      {
        config: publicAccess,
        schema: {
          tags: ['account links'],
          summary,
          body: RequestBody,
          response: { 202: Sent, ...errors },
        },
      },
      async (req, reply) => reply.status(202).send(await request(purpose, req.body.username)),
    );
    app.post(
      `${path}/complete`,
      {
        config: publicAccess,
        schema: {
          tags: ['account links'],
          summary: 'Use the e-mailed link to set a password',
          body: CompleteBody,
          response: { 200: Done, ...errors },
        },
      },
      async (req) => complete(purpose, req.body.token, req.body.password),
    );
  }
};

export default accountLinkRoutes;
