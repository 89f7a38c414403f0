import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponses, IdParams, ListQuery } from '../../api/common';
import {
  NewRecoupment,
  PreviewBasis,
  PreviewBasisQuery,
  Recoupment,
  RecoupmentList,
  RecoupmentListQuery,
  RecoupmentPatch,
  RemittanceList,
} from '../../api/recoupments';
import { seesAllAccounts } from '../auth/scope';
import { NotFoundError } from '../errors';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import {
  listRecoupments,
  listRemittances,
  readRecoupment,
  recoupmentScope,
} from '../queries/recoupments';
import { commandAccount } from '../queries/accounts';
import { changeRecoupment, createRecoupment, deleteRecoupment } from '../recoupments/service';

const readAccess: RouteAccess = { session: true, permissions: ['recoup:ro'] };
const writeAccess: RouteAccess = { session: true, permissions: ['recoup:rw'] };

const recoupmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const visible = async (request: FastifyRequest, id: string) => {
    const found = await readRecoupment(app.db, recoupmentScope(sessionOf(request).user), id);
    if (!found) throw new NotFoundError();
    return found;
  };

  app.get(
    '/api/recoupments',
    {
      config: { access: readAccess },
      schema: {
        tags: ['recoupments'],
        summary: 'Recoupments the caller may see; deleted ones only with status=deleted',
        querystring: RecoupmentListQuery,
        response: { 200: RecoupmentList, ...errorResponses },
      },
    },
    (request) =>
      listRecoupments(
        request.reads,
        recoupmentScope(sessionOf(request).user),
        request.query,
        app.now(),
      ),
  );

  app.get(
    '/api/recoupments/preview-basis',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['recoupments'],
        summary:
          "The account's latest calculated statement, on which a recoupment's edit is previewed",
        querystring: PreviewBasisQuery,
        response: { 200: PreviewBasis, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      // Staff name the account; a label previews on its own statements only.
      const account = seesAllAccounts(user) ? (request.query.account ?? null) : user.accountId;
      if (!account) return { statement: null };
      const rows = await request.reads.query<{ id: string; title: string; period: string }>(
        // The latest by the log's order: calculations at the same instant stay in order.
        `select s.id, s.title, s.period from statements s
          where s.account_id = $1 and s.calculation_id is not null
            and s.state not in ('cancelled', 'deleted')
          order by (select max(e.seq) from events e
                     where e.stream_id = 'statement-' || s.id and e.type = 'StatementCalculated')
                   desc nulls last, s.id
          limit 1`,
        [account],
      );
      return { statement: rows[0] ?? null };
    },
  );

  app.get(
    '/api/recoupments/:id',
    {
      config: { access: readAccess },
      schema: {
        tags: ['recoupments'],
        summary: 'One recoupment',
        params: IdParams,
        response: { 200: Recoupment, ...errorResponses },
      },
    },
    (request) => visible(request, request.params.id),
  );

  app.get(
    '/api/recoupments/:id/remittances',
    {
      config: { access: readAccess },
      schema: {
        tags: ['recoupments'],
        summary:
          'What approved statements took, statement by statement; debtor null is off the top',
        params: IdParams,
        querystring: ListQuery,
        response: { 200: RemittanceList, ...errorResponses },
      },
    },
    async (request) => {
      const found = await visible(request, request.params.id);
      return listRemittances(request.reads, found.id, request.query);
    },
  );

  app.post(
    '/api/recoupments',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['recoupments'],
        summary: 'Create a recoupment; staff pass the accountId of the label they serve',
        body: NewRecoupment,
        response: { 201: Recoupment, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const { accountId: requested, ...fields } = request.body;
      const accountId = await commandAccount(app.db, user, requested);
      const id = await app.db.transaction((tx) =>
        createRecoupment(tx, accountId, fields, commandMetadata(request, app.now())),
      );
      return reply.status(201).send(await visible(request, id));
    },
  );

  app.patch(
    '/api/recoupments/:id',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['recoupments'],
        summary: 'Change fields; `version` must be the one the change was made on',
        params: IdParams,
        body: RecoupmentPatch,
        response: { 200: Recoupment, ...errorResponses },
      },
    },
    async (request) => {
      const found = await visible(request, request.params.id);
      await app.db.transaction((tx) =>
        changeRecoupment(tx, found.id, request.body, commandMetadata(request, app.now())),
      );
      return visible(request, found.id);
    },
  );

  app.delete(
    '/api/recoupments/:id',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['recoupments'],
        summary: 'Delete: it takes nothing more; its history stays',
        params: IdParams,
        response: { 200: Recoupment, ...errorResponses },
      },
    },
    async (request) => {
      const found = await visible(request, request.params.id);
      await app.db.transaction((tx) =>
        deleteRecoupment(tx, found.id, commandMetadata(request, app.now())),
      );
      return visible(request, found.id);
    },
  );
};

export default recoupmentRoutes;
