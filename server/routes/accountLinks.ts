import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isSecurePassword, PASSWORD_MESSAGES } from '../../rules/passwords';
import { hashPassword } from '../auth/passwords';
import { BadRequestError, ConflictError, HttpError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { LinkPurpose, UserEvent } from '../events/types';
import { findLinkUser, linkUserById } from '../queries/accountLinks';
import { ALREADY_ACTIVE, sendAccountLink } from '../services/accountLinks';
import { consumeLink } from '../services/links';
import { queueAlreadyActiveMail } from '../services/mailer';
import {
  LinkCompleted,
  LinkCompletion,
  linkErrorResponses,
  LinkRequest,
  LinkSent,
} from '../../api/accountLinks';

export const USER_NOT_FOUND = 'User not found';
export const RESET_EXPIRED = 'Password reset link has expired.';
export const RESET_FAILED = 'There was an error resetting your password';
export const ACTIVATION_FAILED = 'There was an error activating your account';
export const SIGNUP_EXPIRED =
  'Your signup request has expired. Please complete the signup form again.';
export const CLAIM_FAILED = 'Unable to claim this account.';
export const WEAK_PASSWORD = PASSWORD_MESSAGES.passwordRule;

export interface AccountLinkRouteOptions {
  publicUrl: string;
  rateLimit: { max: number; timeWindow: number };
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

  // Known or not, active or not, every request gets the same answer: only the person's inbox
  // learns which it was, so the form tells nobody who has an account.
  const request = async (purpose: LinkPurpose, username: string) => {
    const user = await findLinkUser(app.db, username);
    if (!user) return { status: 'sent' as const };
    const metadata = { actor: null, emulatingActor: null, at: app.now() };
    await app.db.transaction(async (tx) => {
      if (purpose !== 'reset' && user.status === 'active') {
        await queueAlreadyActiveMail(
          tx,
          {
            recipient: user.username,
            fullname: user.fullname,
            language: user.language,
            loginUrl: `${options.publicUrl}/login`,
          },
          metadata.at,
        );
        return;
      }
      await sendAccountLink(tx, purpose, user, options.publicUrl, metadata);
    });
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
      const user = await linkUserById(tx, check.userId);
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
          body: LinkRequest,
          response: { 202: LinkSent, ...linkErrorResponses },
        },
      },
      async (req, reply) => reply.status(202).send(await request(purpose, req.body.username)),
    );
    app.post(
      `${path}/complete`,
      {
        // A token cut short (a link broken across lines in the e-mail) is a link that failed.
        config: { ...publicAccess, fieldTexts: { token: completions[purpose].failed } },
        schema: {
          tags: ['account links'],
          summary: 'Use the e-mailed link to set a password',
          body: LinkCompletion,
          response: { 200: LinkCompleted, ...linkErrorResponses },
        },
      },
      async (req) => complete(purpose, req.body.token, req.body.password),
    );
  }
};

export default accountLinkRoutes;
