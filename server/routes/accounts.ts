import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotFoundError } from '../errors';
import { sessionOf } from '../plugins/auth';
import { findAccount, listAccounts } from '../queries/accounts';
import { Account, AccountList } from '../../api/accounts';
import { errorResponses, IdParams, ListQuery } from '../../api/common';

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/accounts',
    {
      config: { access: { session: true, permissions: ['account:ro'] } },
      schema: {
        tags: ['accounts'],
        summary: 'Accounts: every account for admins and overseers, else the own one',
        querystring: ListQuery,
        response: { 200: AccountList, ...errorResponses },
      },
    },
    async (request) => listAccounts(request.reads, sessionOf(request).user, request.query),
  );

  app.get(
    '/api/accounts/:id',
    {
      config: { access: { session: true, permissions: ['account:ro'] } },
      schema: {
        tags: ['accounts'],
        summary: 'One account the caller may see',
        params: IdParams,
        response: { 200: Account, ...errorResponses },
      },
    },
    async (request) => {
      const account = await findAccount(request.reads, sessionOf(request).user, request.params.id);
      if (!account) throw new NotFoundError();
      return account;
    },
  );
};

export default accountRoutes;
