import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParams } from '../../api/common';
import { PayeeReserve, ReserveRules, ReserveRulesChange } from '../../api/reserves';
import { seesAllAccounts } from '../auth/scope';
import { NotFoundError } from '../errors';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import { statementIsVisible } from '../queries/statements';
import { readReserveRules, setReserveRules, statementReservesSeenBy } from '../reserves/service';

// A label's reserve rules are its settings, set by its staff as the payment settings are (the
// account permission of a label owner; an admin emulates the owner). Payees hold account:rw for
// their own profile but are no owners.
const settingsAccess: RouteAccess = {
  session: true,
  permissions: ['account:rw'],
  roles: ['owner'],
};

const reserveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/reserve-rules',
    {
      config: { access: settingsAccess },
      schema: {
        tags: ['payments'],
        summary: "The label's reserve rules against returns, per format and per product",
        response: { 200: ReserveRules, ...errorResponses },
      },
    },
    (request) => readReserveRules(app.db, sessionOf(request).user.accountId),
  );

  app.put(
    '/api/reserve-rules',
    {
      config: { access: settingsAccess },
      schema: {
        tags: ['payments'],
        summary:
          "Set the label's reserve rules as a whole; a product or format left out is no longer withheld against",
        body: ReserveRulesChange,
        response: { 200: ReserveRules, ...errorResponses },
      },
    },
    async (request) => {
      const accountId = sessionOf(request).user.accountId;
      await setReserveRules(app.db, accountId, request.body, commandMetadata(request, app.now()));
      return readReserveRules(app.db, accountId);
    },
  );

  app.get(
    '/api/statements/:id/reserves',
    {
      config: { access: { session: true, permissions: ['statement:ro'] } },
      schema: {
        tags: ['statement pipeline'],
        summary:
          'What reserves against returns take of each payee on the statement: withheld at its approval, or what approving the current result would withhold',
        params: IdParams,
        response: { 200: Type.Object({ items: Type.Array(PayeeReserve) }), ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      if (!(await statementIsVisible(request.reads, user, request.params.id)))
        throw new NotFoundError();
      return {
        items: await statementReservesSeenBy(request.reads, request.params.id, {
          userId: user.id,
          accountId: seesAllAccounts(user) ? null : user.accountId,
        }),
      };
    },
  );
};

export default reserveRoutes;
