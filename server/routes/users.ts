import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { seesAllAccounts } from '../auth/scope';
import { addAccountPayees } from '../catalog/service';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { sendAccountLink } from '../services/accountLinks';
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

/** A label sees its own users and the payees who work with it; staff see everyone. */
const visibleTo = (accountParameter: string) =>
  `(${accountParameter}::text is null or account_id = ${accountParameter}
    or id in (select user_id from account_payees where account_id = ${accountParameter}))`;

const userColumns = `id, account_id, username, fullname, roles, status, language, last_login,
                     created_at, version, count(*) over () as total`;

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
        `select ${userColumns} from users
          where ${visibleTo('$1')}
            and ($2 = '' or fullname ilike '%' || $2 || '%' or username ilike '%' || $2 || '%')
          order by fullname, id limit $3 offset $4`,
        [seesAllAccounts(user) ? null : user.accountId, q, limit, offset],
      );
      return { items: rows.map(toUser), total: Number(rows[0]?.total ?? 0) };
    },
  );

  const findVisibleUser = async (id: string, viewerAccount: string | null) => {
    const rows = await app.db.query<UserRow>(
      `select ${userColumns} from users where id = $1 and ${visibleTo('$2')}`,
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
        const rows = await tx.query<{ id: string }>(
          `select id from users where id = $1 and ${visibleTo('$2')}`,
          [id, viewerAccount],
        );
        if (!rows[0]) throw new NotFoundError('User not found');
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
      `select ${userColumns} from users where id = $1 and ${visibleTo('$2')}`,
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
        const taken = await tx.query('select 1 from users where lower(username) = $1', [email]);
        if (taken.length > 0) throw new ConflictError(EMAIL_TAKEN);
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
