import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { seesAllAccounts } from '../auth/scope';
import { addAccountPayees } from '../catalog/splitSets';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { sendAccountLink } from '../services/accountLinks';
import { invitePayee, type Invitee } from '../services/payeeInvitations';
import { EMAIL_TAKEN, isEmail, openAccount, registerUser } from '../services/registration';
import { ALREADY_ACTIVE } from './accountLinks';
import { LANGUAGES, type Language } from '../i18n';
import { appendAfterCheck } from '../events/store';
import type { Role } from '../events/types';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { epochSeconds, errorResponses, IdParams, ListOf, ListQuery } from '../../api/common';

const User = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  fullname: Type.String(),
  roles: Type.Array(Type.String()),
  status: Type.String(),
  language: Type.String(),
  warranter: Type.Boolean(),
  lastLogin: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
  version: Type.Integer(),
});

const UserPatch = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: 'The version the change was made on' }),
    fullname: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    language: Type.Optional(Type.Unsafe<Language>({ type: 'string', enum: [...LANGUAGES] })),
  },
  { additionalProperties: false },
);

interface UserRow {
  owned: boolean;
  relationship: string | null;
  id: string;
  account_id: string;
  username: string | null;
  fullname: string;
  roles: Role[] | string;
  status: string;
  language: string;
  last_login: Date | string | null;
  created_at: Date | string;
  version: number;
  total: string;
}

function toUser(row: UserRow) {
  const roles = typeof row.roles === 'string' ? (JSON.parse(row.roles) as Role[]) : row.roles;
  return {
    id: row.id,
    accountId: row.account_id,
    username: row.username,
    fullname: row.fullname,
    roles,
    status: row.status,
    language: row.language,
    warranter: roles.includes('warranter'),
    lastLogin: epochSeconds(row.last_login),
    createdAt: epochSeconds(row.created_at) ?? 0,
    version: Number(row.version),
  };
}

/**
 * The users a viewer account sees (all of them for staff, `viewer` null): its own people, and the
 * payees who work with it. A person invited from another account shows only the address the
 * account typed until they accept. `owned` says whether the viewer may change the person.
 */
const visibleUsers = (viewer: string) => `(
  select u.id, u.account_id, u.username,
         case when shown.whole then u.fullname else coalesce(u.username, '') end as fullname,
         u.roles, u.status,
         case when shown.whole then u.language else '' end as language,
         case when shown.whole then u.last_login end as last_login,
         u.created_at, u.version,
         (${viewer}::text is null or u.account_id = ${viewer}) as owned,
         ap.status as relationship
    from users u
    left join account_payees ap on ap.account_id = ${viewer} and ap.user_id = u.id
    cross join lateral (select (${viewer}::text is null or u.account_id = ${viewer}
                                or ap.status = 'accepted') as whole) shown
   where ${viewer}::text is null or u.account_id = ${viewer} or ap.user_id is not null)`;

export const NOT_YOURS = 'This person manages their own account.';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/users',
    {
      config: { access: { session: true, permissions: ['user:ro'] } },
      schema: {
        tags: ['users'],
        summary: 'Payees and users of the account',
        querystring: ListQuery,
        response: { 200: ListOf(User), ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const { q = '', limit = 100, offset = 0 } = request.query;
      const rows = await app.db.query<UserRow>(
        `select v.*, count(*) over () as total from ${visibleUsers('$1')} v
          where ($2 = '' or v.fullname ilike '%' || $2 || '%' or v.username ilike '%' || $2 || '%')
          order by v.fullname, v.id limit $3 offset $4`,
        [seesAllAccounts(user) ? null : user.accountId, q, limit, offset],
      );
      return { items: rows.map(toUser), total: Number(rows[0]?.total ?? 0) };
    },
  );

  const findVisibleUser = async (id: string, viewerAccount: string | null) => {
    const rows = await app.db.query<UserRow>(
      `select v.*, 1 as total from ${visibleUsers('$2')} v where v.id = $1`,
      [id, viewerAccount],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError('User not found');
    return row;
  };

  app.get(
    '/api/users/:id',
    {
      config: { access: { session: true, permissions: ['user:ro'] } },
      schema: {
        tags: ['users'],
        params: IdParams,
        response: { 200: User, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      return toUser(
        await findVisibleUser(request.params.id, seesAllAccounts(user) ? null : user.accountId),
      );
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
        const rows = await tx.query<{ owned: boolean }>(
          `select v.owned from ${visibleUsers('$2')} v where v.id = $1`,
          [id, viewerAccount],
        );
        if (!rows[0]) throw new NotFoundError('User not found');
        // A payee from another account keeps their own name, language and login.
        if (!rows[0].owned) throw new ForbiddenError(NOT_YOURS);
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
      return toUser(await findVisibleUser(id, viewerAccount));
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
        const rows = await tx.query<{ version: number }>(
          'select version from users where id = $1',
          [id],
        );
        if (!rows[0]) throw new NotFoundError('User not found');
        await appendAfterCheck(
          tx,
          `user-${id}`,
          Number(rows[0].version),
          [{ type: 'UserUnlocked', data: {} }],
          commandMetadata(request, app.now()),
        );
      });
      return toUser(await findVisibleUser(id, null));
    },
  );
};

export default userRoutes;

const invitableRoles = ['payee', 'collaborator', 'artist', 'warranter'] as const;

const NewUser = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    fullname: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    role: Type.Optional(
      Type.Unsafe<(typeof invitableRoles)[number]>({ type: 'string', enum: [...invitableRoles] }),
    ),
  },
  { additionalProperties: false },
);

/** Inviting payees and sending them account e-mails (SPEC section 4, Account). */
export const userInvitationRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (
  app,
  options,
) => {
  const manageAccess = { session: true, permissions: ['user:rw'] } as const;

  const findManagedUser = async (id: string, viewerAccount: string | null) => {
    const rows = await app.db.query<UserRow>(
      `select v.*, 1 as total from ${visibleUsers('$2')} v where v.id = $1`,
      [id, viewerAccount],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError('User not found');
    return row;
  };

  app.post(
    '/api/users',
    {
      config: { access: manageAccess },
      schema: {
        tags: ['users'],
        summary: 'Invite a payee by e-mail: an account of their own and an activation link',
        body: NewUser,
        response: { 201: User, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const email = request.body.email.trim().toLowerCase();
      if (!isEmail(email)) throw new BadRequestError('Not a valid email');
      const metadata = commandMetadata(request, app.now());
      const userId = await app.db.transaction(async (tx) => {
        const existing = await tx.query<Invitee & { account_id: string }>(
          `select id, username, fullname, language, account_id from users
            where lower(username) = $1 and status <> 'deleted'`,
          [email],
        );
        const person = existing[0];
        if (person) {
          const related = await tx.query(
            'select 1 from account_payees where account_id = $1 and user_id = $2',
            [session.user.accountId, person.id],
          );
          if (person.account_id === session.user.accountId || related.length > 0)
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
      return reply.status(201).send(toUser(await findManagedUser(userId, session.user.accountId)));
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
          response: { 202: Type.Object({ status: Type.Literal('sent') }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const viewerAccount = seesAllAccounts(session.user) ? null : session.user.accountId;
        const user = await findManagedUser(request.params.id, viewerAccount);
        // The account's own people, and payees who work with it (SPEC: invited, sent a claim
        // notification or a reset); never someone it has only invited.
        const mayWrite = user.owned || user.relationship === 'accepted';
        if (!mayWrite) throw new ForbiddenError(NOT_YOURS);
        if (!user.username) throw new BadRequestError('Not a valid email');
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
