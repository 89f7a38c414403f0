import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { seesAllAccounts } from '../auth/scope';
import { NotFoundError } from '../errors';
import { LANGUAGES, type Language } from '../i18n';
import { appendAfterCheck } from '../events/store';
import type { Role } from '../events/types';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { epochSeconds, errorResponses, IdParams, ListOf, ListQuery } from '../schemas/common';

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
          where ($1::text is null or account_id = $1)
            and ($2 = '' or fullname ilike '%' || $2 || '%' or username ilike '%' || $2 || '%')
          order by fullname, id limit $3 offset $4`,
        [seesAllAccounts(user) ? null : user.accountId, q, limit, offset],
      );
      return { items: rows.map(toUser), total: Number(rows[0]?.total ?? 0) };
    },
  );

  const findVisibleUser = async (id: string, viewerAccount: string | null) => {
    const rows = await app.db.query<UserRow>(
      `select ${userColumns} from users where id = $1 and ($2::text is null or account_id = $2)`,
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
          'select id from users where id = $1 and ($2::text is null or account_id = $2)',
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
