import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../api/common';
import { HistoryQuery, StreamHistory } from '../../api/history';
import { NotFoundError } from '../errors';
import { sessionOf, type RouteAccess } from '../plugins/auth';
import { accountStreams, readHistory } from '../queries/history';
import { readPayment, paymentScope } from '../queries/payments';
import { catalogScope, loadProduct } from '../queries/products';
import { readRecoupment, recoupmentScope } from '../queries/recoupments';

// Each history is read by whoever may read its thing, with the same permission and scope as the
// thing's own read route (the product's history as GET /api/products/{id}/events).
const productAccess: RouteAccess = { session: true, permissions: ['product:rw'] };
const recoupmentAccess: RouteAccess = { session: true, permissions: ['recoup:ro'] };
const paymentAccess: RouteAccess = { session: true, permissions: ['payment:ro', 'transaction:ro'] };
const accountAccess: RouteAccess = { session: true, permissions: ['user:ro'], roles: ['admin'] };

const schema = (tags: string, summary: string) => ({
  tags: [tags],
  summary,
  params: IdParams,
  querystring: HistoryQuery,
  response: { 200: StreamHistory, ...errorResponses },
});

const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/products/:id/history',
    {
      config: { access: productAccess },
      schema: schema('products', 'The product’s events after a sequence number, for replay'),
    },
    async (request) => {
      const scope = catalogScope(sessionOf(request).user);
      const product = await loadProduct(request.reads, request.params.id, scope);
      return readHistory(
        request.reads,
        { streams: [`product-${product.id}`], reader: scope.account },
        request.query.after ?? '0',
      );
    },
  );

  app.get(
    '/api/recoupments/:id/history',
    {
      config: { access: recoupmentAccess },
      schema: schema('recoupments', 'The recoupment’s events after a sequence number, for replay'),
    },
    async (request) => {
      const scope = recoupmentScope(sessionOf(request).user);
      const found = await readRecoupment(request.reads, scope, request.params.id);
      if (!found) throw new NotFoundError();
      const streams = [`recoupment-${request.params.id}`];
      return readHistory(
        request.reads,
        { streams, reader: scope.account },
        request.query.after ?? '0',
      );
    },
  );

  app.get(
    '/api/payments/:id/history',
    {
      config: { access: paymentAccess },
      schema: schema('payments', 'The payment’s events after a sequence number, for replay'),
    },
    async (request) => {
      const scope = paymentScope(sessionOf(request).user);
      const payment = await readPayment(request.reads, scope, request.params.id);
      if (!payment) throw new NotFoundError();
      const selection = {
        streams: [`payment-${payment.id}`],
        reader: scope.account,
        preparedPayment: { statementId: payment.statementId, paymentId: payment.id },
        payeeReading: scope.payee !== null,
      };
      return readHistory(request.reads, selection, request.query.after ?? '0');
    },
  );

  app.get(
    '/api/admin/accounts/:id/history',
    {
      config: { access: accountAccess },
      schema: schema('admin', 'The account’s life, its people’s included, for replay (admins)'),
    },
    async (request) => {
      const streams = await accountStreams(request.reads, request.params.id);
      if (!streams) throw new NotFoundError();
      return readHistory(request.reads, { streams, reader: null }, request.query.after ?? '0');
    },
  );
};

export default historyRoutes;
