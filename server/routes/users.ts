import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { seesAllAccounts } from '../auth/scope';
import { addAccountPayees } from '../catalog/splitSets';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { sendAccountLink } from '../services/accountLinks';
import { ALREADY_DELETED } from '../services/adminAccounts';
import { invitePayee } from '../services/payeeInvitations';
import {
  EMAIL_TAKEN,
  isEmail,
  openAccount,
  registerUser,
  usernameInUse,
} from '../services/registration';
import type { EventMetadata } from '../events/types';
import { ALREADY_ACTIVE } from '../services/accountLinks';
import { appendAfterCheck } from '../events/store';
import { commandMetadata, sessionOf } from '../plugins/auth';
import type { Queryable } from '../db/database';
import {
  findPersonByEmail,
  findVisibleUser,
  isAccountPayee,
  listUsers,
  toUser,
  userVersion,
  type UserRow,
} from '../queries/users';
import { errorResponses, IdParams, ListQuery } from '../../api/common';
import { MailSent, NewUser, PersonEmail, User, UserList, UserPatch } from '../../api/users';
import { normalUsername } from '../../rules/usernames';

export const NOT_YOURS = 'This person manages their own account.';
export const NAME_OR_EMAIL = 'Give the payee a name or an e-mail.';
export const HAS_EMAIL = 'This person already has an e-mail.';

/**
 * A payee added by name alone (SPEC section 4: the username may be left blank to allow the user
 * to claim the account): an account of their own, paid like anyone, no login until they claim it
 * with the e-mail the label gives them later.
 */
async function addUnclaimedPerson(
  tx: Queryable,
  labelAccount: string,
  body: NewUser,
  metadata: EventMetadata,
): Promise<string> {
  const fullname = body.fullname?.trim() ?? '';
  if (!fullname) throw new BadRequestError(NAME_OR_EMAIL);
  const accountId = await openAccount(tx, fullname, 'person', metadata);
  const id = await registerUser(
    tx,
    { accountId, username: null, fullname, roles: [body.role ?? 'payee'], passwordHash: null },
    metadata,
  );
  await addAccountPayees(tx, labelAccount, [id], metadata);
  return id;
}

/**
 * What a caller may do with a user it sees: `read`, `change` them (the account's own people
 * only), or `email` them (also the payees who accepted to work with the account).
 */
export type UserAccess = 'read' | 'change' | 'email';

/** The user as the viewer account sees them (null: every user); 404 unseen, 403 out of reach. */
export async function findUser(
  db: Queryable,
  id: string,
  viewerAccount: string | null,
  access: UserAccess,
): Promise<UserRow> {
  const row = await findVisibleUser(db, id, viewerAccount);
  if (!row) throw new NotFoundError('User not found');
  // A payee from another account keeps their own name, language and login; the account may
  // still send them account e-mails once they work with it (SPEC: claim notification, reset).
  const mayChange = row.owned;
  const mayEmail = row.owned || row.relationship === 'accepted';
  if (access === 'change' && !mayChange) throw new ForbiddenError(NOT_YOURS);
  if (access === 'email' && !mayEmail) throw new ForbiddenError(NOT_YOURS);
  return row;
}

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/users',
    {
      config: { access: { session: true, permissions: ['user:ro'] } },
      schema: {
        tags: ['users'],
        summary: 'Payees and users of the account',
        querystring: ListQuery,
        response: { 200: UserList, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      return listUsers(request.reads, seesAllAccounts(user) ? null : user.accountId, request.query);
    },
  );

  app.get(
    '/api/users/:id',
    {
      config: { access: { session: true, permissions: ['user:ro'] } },
      schema: {
        tags: ['users'],
        summary: 'One user the caller may see',
        params: IdParams,
        response: { 200: User, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const viewerAccount = seesAllAccounts(user) ? null : user.accountId;
      return toUser(await findUser(request.reads, request.params.id, viewerAccount, 'read'));
    },
  );

  app.patch(
    '/api/users/:id',
    {
      config: { access: { session: true, permissions: ['user:rw'] } },
      schema: {
        tags: ['users'],
        summary: 'Change a user; `version` must be the one the change was made on (409 otherwise)',
        params: IdParams,
        body: UserPatch,
        response: { 200: User, ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const viewerAccount = session.user.roles.includes('admin') ? null : session.user.accountId;
      const { version, fullname, language } = request.body;
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        await findUser(tx, id, viewerAccount, 'change');
        const change: { fullname?: string; language?: string } = {};
        if (fullname !== undefined) change.fullname = fullname;
        if (language !== undefined) change.language = language;
        await appendAfterCheck(
          tx,
          `user-${id}`,
          version,
          [{ type: 'UserProfileChanged', data: change }],
          commandMetadata(request, app.now()),
        );
      });
      return toUser(await findUser(app.db, id, viewerAccount, 'read'));
    },
  );

  app.post(
    '/api/users/:id/unlock',
    {
      config: { access: { session: true, permissions: ['user:rw'], roles: ['admin'] } },
      schema: {
        tags: ['users'],
        summary: 'Lift a login lock before its 60 minutes run out (admins)',
        params: IdParams,
        response: { 200: User, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const version = await userVersion(tx, id);
        if (version === null) throw new NotFoundError('User not found');
        await appendAfterCheck(
          tx,
          `user-${id}`,
          version,
          [{ type: 'UserUnlocked', data: {} }],
          commandMetadata(request, app.now()),
        );
      });
      return toUser(await findUser(app.db, id, null, 'read'));
    },
  );
};

export default userRoutes;

/** Inviting payees and sending them account e-mails (SPEC section 4, Account). */
export const userInvitationRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (
  app,
  options,
) => {
  const manageAccess = { session: true, permissions: ['user:rw'] } as const;

  app.post(
    '/api/users',
    {
      config: { access: manageAccess },
      schema: {
        tags: ['users'],
        summary:
          'Invite a payee by e-mail (an account of their own and an activation link), or add them by name alone, to be claimed later',
        body: NewUser,
        response: { 201: User, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const metadata = commandMetadata(request, app.now());
      const typed = request.body.email?.trim() ?? '';
      if (!typed) {
        const userId = await app.db.transaction((tx) =>
          addUnclaimedPerson(tx, session.user.accountId, request.body, metadata),
        );
        const added = await findUser(app.db, userId, session.user.accountId, 'read');
        return reply.status(201).send(toUser(added));
      }
      const email = normalUsername(typed);
      if (!isEmail(email)) throw new BadRequestError('Not a valid email');
      const userId = await app.db.transaction(async (tx) => {
        const person = await findPersonByEmail(tx, email);
        if (person) {
          const related = await isAccountPayee(tx, session.user.accountId, person.id);
          if (person.account_id === session.user.accountId || related)
            throw new ConflictError(EMAIL_TAKEN);
          // Someone with a login of their own: asked, never taken over.
          await invitePayee(tx, session.user.accountId, person, options.publicUrl, metadata);
          return person.id;
        }
        const accountId = await openAccount(tx, request.body.fullname ?? email, 'person', metadata);
        const id = await registerUser(
          tx,
          {
            accountId,
            username: email,
            fullname: request.body.fullname?.trim() ?? email,
            roles: [request.body.role ?? 'payee'],
            passwordHash: null,
          },
          metadata,
        );
        await addAccountPayees(tx, session.user.accountId, [id], metadata);
        const recipient = {
          id,
          username: email,
          fullname: request.body.fullname ?? email,
          language: 'en',
        };
        await sendAccountLink(tx, 'activate', recipient, options.publicUrl, metadata);
        return id;
      });
      const invited = await findUser(app.db, userId, session.user.accountId, 'read');
      return reply.status(201).send(toUser(invited));
    },
  );

  app.put(
    '/api/users/:id/email',
    {
      config: { access: manageAccess },
      schema: {
        tags: ['users'],
        summary: 'Give a person added by name alone the e-mail they will claim their account with',
        params: IdParams,
        body: PersonEmail,
        response: { 200: User, ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const viewerAccount = seesAllAccounts(session.user) ? null : session.user.accountId;
      const email = normalUsername(request.body.email);
      if (!isEmail(email)) throw new BadRequestError('Not a valid email');
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const user = await findUser(tx, id, viewerAccount, 'email');
        // Only a blank username is filled in here: a login of their own is theirs to change.
        if (user.username !== null || user.status !== 'pending') throw new ConflictError(HAS_EMAIL);
        if (await usernameInUse(tx, email)) throw new ConflictError(EMAIL_TAKEN);
        await appendAfterCheck(
          tx,
          `user-${id}`,
          Number(user.version),
          [{ type: 'UserUsernameChanged', data: { from: null, to: email } }],
          commandMetadata(request, app.now()),
        );
      });
      return toUser(await findUser(app.db, id, viewerAccount, 'read'));
    },
  );

  for (const [action, purpose, summary] of [
    ['claim-notification', 'claim', 'E-mail the user a link to claim their account'],
    ['password-reset', 'reset', 'E-mail the user a password reset link'],
    ['activation', 'activate', 'E-mail the user their activation link again'],
  ] as const) {
    app.post(
      `/api/users/:id/${action}`,
      {
        config: { access: manageAccess },
        schema: {
          tags: ['users'],
          summary,
          params: IdParams,
          response: { 202: MailSent, ...errorResponses },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const viewerAccount = seesAllAccounts(session.user) ? null : session.user.accountId;
        // The account's own people, and payees who work with it (SPEC: invited, sent a claim
        // notification or a reset); never someone it has only invited.
        const user = await findUser(app.db, request.params.id, viewerAccount, 'email');
        if (!user.username) throw new BadRequestError('Not a valid email');
        if (user.status === 'deleted') throw new ConflictError(ALREADY_DELETED);
        if (purpose !== 'reset' && user.status === 'active')
          throw new ConflictError(ALREADY_ACTIVE);
        await app.db.transaction((tx) =>
          sendAccountLink(
            tx,
            purpose,
            {
              id: user.id,
              username: user.username ?? '',
              fullname: user.fullname,
              language: user.language,
            },
            options.publicUrl,
            commandMetadata(request, app.now()),
          ),
        );
        return reply.status(202).send({ status: 'sent' as const });
      },
    );
  }
};
