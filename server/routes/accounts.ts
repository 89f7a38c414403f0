import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { seesAllAccounts } from '../auth/scope';
import { NotFoundError } from '../errors';
import { sessionOf } from '../plugins/auth';
import { epochSeconds, errorResponses, IdParams, ListOf, ListQuery } from '../../api/common';

const Account = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  status: Type.String(),
  createdAt: Type.Integer(),
});

interface AccountRow {
  id: string;
  name: string;
  type: string;
  status: string;
  created_at: Date | string;
  total: string;
}

const toAccount = (row: AccountRow) => ({
  id: row.id,
  name: row.name,
  type: row.type,
  status: row.status,
  createdAt: epochSeconds(row.created_at) ?? 0,
});

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/accounts',
    {
      config: { access: { session: true, permissions: ['account:ro'] } },
      schema: {
        tags: ['accounts'],
        summary: 'Accounts: every account for admins and overseers, else the own one',
        querystring: ListQuery,
        response: { 200: ListOf(Account), ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const { q = '', limit = 100, offset = 0 } = request.query;
      const rows = await app.db.query<AccountRow>(
        `select id, name, type, status, created_at, count(*) over () as total from accounts
          where ($1::text is null or id = $1) and ($2 = '' or name ilike '%' || $2 || '%')
          order by name, id limit $3 offset $4`,
        [seesAllAccounts(user) ? null : user.accountId, q, limit, offset],
      );
      return { items: rows.map(toAccount), total: Number(rows[0]?.total ?? 0) };
    },
  );

  app.get(
    '/api/accounts/:id',
    {
      config: { access: { session: true, permissions: ['account:ro'] } },
      schema: {
        tags: ['accounts'],
        params: IdParams,
        response: { 200: Account, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const rows = await app.db.query<AccountRow>(
        `select id, name, type, status, created_at, 1 as total from accounts
          where id = $1 and ($2::text is null or id = $2)`,
        [request.params.id, seesAllAccounts(user) ? null : user.accountId],
      );
      const row = rows[0];
      if (!row) throw new NotFoundError();
      return toAccount(row);
    },
  );
};

export default accountRoutes;
