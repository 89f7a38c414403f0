import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountList } from '../../api/accounts';
import {
  AdminAccount,
  DELETE_NOT_CONFIRMED,
  DELETE_WORD,
  DeleteConfirmation,
} from '../../api/adminAccounts';
import { errorResponses, IdParams, ListQuery } from '../../api/common';
import { BadRequestError, NotFoundError } from '../errors';
import { commandMetadata, type RouteAccess } from '../plugins/auth';
import { readAdminAccount, searchAccounts } from '../queries/adminAccounts';
import { deletePerson, lockPerson } from '../services/adminAccounts';

/** Admins only (SPEC section 6: admin delete, the admin toolkit). */
const readAccess: RouteAccess = { session: true, permissions: ['user:ro'], roles: ['admin'] };
const writeAccess: RouteAccess = { session: true, permissions: ['user:rw'], roles: ['admin'] };

const adminAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const accountOf = async (personId: string) => {
    const rows = await app.db.query<{ account_id: string }>(
      'select account_id from users where id = $1',
      [personId],
    );
    const accountId = rows[0]?.account_id;
    if (!accountId) throw new NotFoundError('User not found');
    return accountId;
  };
  const answer = async (accountId: string) => {
    const account = await readAdminAccount(app.db, accountId, app.now());
    if (!account) throw new NotFoundError();
    return account;
  };

  app.get(
    '/api/admin/accounts',
    {
      config: { access: readAccess },
      schema: {
        tags: ['admin'],
        summary: 'Any account, found by its name or one of its people (admins)',
        querystring: ListQuery,
        response: { 200: AccountList, ...errorResponses },
      },
    },
    async (request) => searchAccounts(request.reads, request.query),
  );

  app.get(
    '/api/admin/accounts/:id',
    {
      config: { access: readAccess },
      schema: {
        tags: ['admin'],
        summary: 'The account, its people, and what is missing before it can be paid (admins)',
        params: IdParams,
        response: { 200: AdminAccount, ...errorResponses },
      },
    },
    async (request) => answer(request.params.id),
  );

  app.post(
    '/api/admin/users/:id/lock',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['admin'],
        summary: 'Lock a person out for 60 minutes and end their sessions (admins)',
        params: IdParams,
        response: { 200: AdminAccount, ...errorResponses },
      },
    },
    async (request) => {
      const accountId = await accountOf(request.params.id);
      await app.db.transaction((tx) =>
        lockPerson(tx, request.params.id, commandMetadata(request, app.now())),
      );
      return answer(accountId);
    },
  );

  app.post(
    '/api/admin/users/:id/delete',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['admin'],
        summary:
          'Delete a person after typing DELETE: no login, payments held, history kept (admins)',
        params: IdParams,
        body: DeleteConfirmation,
        response: { 200: AdminAccount, ...errorResponses },
      },
    },
    async (request) => {
      if (request.body.confirmation !== DELETE_WORD)
        throw new BadRequestError(DELETE_NOT_CONFIRMED);
      const accountId = await accountOf(request.params.id);
      await app.db.transaction((tx) =>
        deletePerson(tx, request.params.id, commandMetadata(request, app.now())),
      );
      return answer(accountId);
    },
  );
};

export default adminAccountRoutes;
