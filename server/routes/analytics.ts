import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CsvText, errorResponses, IdParams, inMediaTypes } from '../../api/common';
import {
  AnalyticsList,
  AnalyticsQuery,
  AnalyticsSubject,
  analyticsViews,
  type AnalyticsView,
} from '../../api/analytics';
import { NotFoundError } from '../errors';
import { sessionOf, type RouteAccess } from '../plugins/auth';
import {
  analyticsArtist,
  analyticsList,
  analyticsProduct,
  analyticsScope,
} from '../queries/analytics';
import { toCsv } from '../format/csv';

const access: RouteAccess = { session: true, permissions: ['analytics:ro'] };

/** The first column's heading of each view's CSV. */
const KEY_HEADING: Record<AnalyticsView, string> = {
  overview: 'month',
  services: 'service',
  formats: 'format',
  territories: 'territory',
  distributors: 'distributor_id',
  products: 'product_id',
  artists: 'artist_id',
};
const NAMED = new Set<AnalyticsView>(['distributors', 'products', 'artists']);

const wantsCsv = (request: FastifyRequest, query: AnalyticsQuery) =>
  query.format === 'csv' ||
  (query.format === undefined && String(request.headers.accept ?? '').startsWith('text/csv'));

/** The amount's heading: a payee's earnings, else the revenue as the products' views say. */
function revenueHeading(list: AnalyticsList): string {
  if (list.basis === 'earned') return 'earned';
  if (list.revenueViews.length > 1) return 'revenue';
  return list.revenueViews[0] === 'net' ? 'net' : 'gross';
}

function sendCsv(reply: FastifyReply, view: AnalyticsView, list: AnalyticsList, day: string) {
  const named = NAMED.has(view);
  const header = [
    KEY_HEADING[view],
    ...(named ? ['name'] : []),
    'units',
    revenueHeading(list),
    'currency',
  ];
  const csv = toCsv(
    header,
    list.items.map((item) => [
      { text: item.key },
      ...(named ? [{ text: item.name }] : []),
      { integer: item.units },
      { decimal: item.amount },
      { text: list.currency },
    ]),
  );
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="analytics-${view}-${day}.csv"`)
    .send(csv);
}

const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const view of analyticsViews) {
    app.get(
      `/api/analytics/${view}`,
      {
        config: { access },
        schema: {
          tags: ['analytics'],
          summary: `Approved figures by ${view === 'overview' ? 'month of sale' : view}: the account's gross for staff, the caller's own earnings for everyone else; format=csv answers a file`,
          querystring: AnalyticsQuery,
          response: {
            200: inMediaTypes({ 'application/json': AnalyticsList, 'text/csv': CsvText }),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const scope = analyticsScope(sessionOf(request).user, request.query);
        const list = await analyticsList(request.reads, view, scope, request.query, app.now());
        if (!wantsCsv(request, request.query)) return list;
        return sendCsv(reply, view, list, app.now().toISOString().slice(0, 10));
      },
    );
  }

  app.get(
    '/api/analytics/artists/:id',
    {
      config: { access },
      schema: {
        tags: ['analytics'],
        summary:
          'An artist the caller may see figures of; its figures come from the lists with artist=',
        params: IdParams,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsSubject, ...errorResponses },
      },
    },
    async (request) => {
      const scope = analyticsScope(sessionOf(request).user, request.query);
      const found = await analyticsArtist(request.reads, scope, request.params.id);
      if (!found) throw new NotFoundError();
      return found;
    },
  );

  app.get(
    '/api/analytics/products/:id',
    {
      config: { access },
      schema: {
        tags: ['analytics'],
        summary:
          'A product the caller may see figures of; its figures come from the lists with product=',
        params: IdParams,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsSubject, ...errorResponses },
      },
    },
    async (request) => {
      const scope = analyticsScope(sessionOf(request).user, request.query);
      const found = await analyticsProduct(request.reads, scope, request.params.id);
      if (!found) throw new NotFoundError();
      return found;
    },
  );
};

export default analyticsRoutes;
