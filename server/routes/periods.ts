import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CsvText, errorResponses, IdParams, inMediaTypes } from '../../api/common';
import {
  CorrectionOpened,
  PeriodDetail,
  PeriodLengthChange,
  PeriodParams,
  PeriodsOverview,
  StatementCorrections,
} from '../../api/periods';
import { NotFoundError } from '../errors';
import { toCsv } from '../format/csv';
import { closedSummary, closePeriod, readPeriods, setPeriodLength } from '../periods/periods';
import { SUMMARY_FIELDS } from '../periods/summary';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import { openCorrection, readCorrections } from '../periods/corrections';
import { lockVisibleStatement, statementIsVisible } from '../queries/statements';

// A label's periods are its own: every route reads and changes the caller's account only. Those
// who read its statements read its periods; those who change statements close them; the length
// is a setting of the label's owner, as its payment settings are.
const readAccess: RouteAccess = { session: true, permissions: ['statement:ro'] };
const closeAccess: RouteAccess = { session: true, permissions: ['statement:rw'] };
const settingsAccess: RouteAccess = {
  session: true,
  permissions: ['account:rw'],
  roles: ['owner'],
};

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const periodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const detail = async (accountId: string, period: string) => {
    const closed = await closedSummary(app.db, accountId, period);
    if (!closed) throw new NotFoundError();
    return { period, ...closed };
  };

  app.get(
    '/api/periods',
    {
      config: { access: readAccess },
      schema: {
        tags: ['periods'],
        summary: "The label's periods: open, ready to close and closed, with what blocks a close",
        response: { 200: PeriodsOverview, ...errorResponses },
      },
    },
    (request) => readPeriods(request.reads, sessionOf(request).user.accountId),
  );

  app.put(
    '/api/periods/length',
    {
      config: { access: settingsAccess },
      schema: {
        tags: ['periods'],
        summary: "Set the length of the label's next periods: a month or a quarter",
        body: PeriodLengthChange,
        response: { 200: PeriodsOverview, ...errorResponses },
      },
    },
    async (request) => {
      const accountId = sessionOf(request).user.accountId;
      await setPeriodLength(app.db, accountId, request.body, commandMetadata(request, app.now()));
      return readPeriods(app.db, accountId);
    },
  );

  app.get(
    '/api/periods/:period',
    {
      config: { access: readAccess },
      schema: {
        tags: ['periods'],
        summary: "A closed period's summary per currency, as its close computed it",
        params: PeriodParams,
        response: { 200: PeriodDetail, ...errorResponses },
      },
    },
    (request) => detail(sessionOf(request).user.accountId, request.params.period),
  );

  app.get(
    '/api/periods/:period/summary.csv',
    {
      config: { access: readAccess },
      schema: {
        tags: ['periods'],
        summary: "A closed period's summary per currency as CSV",
        params: PeriodParams,
        response: { 200: inMediaTypes({ 'text/csv': CsvText }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { period } = request.params;
      const { summary } = await detail(sessionOf(request).user.accountId, period);
      const csv = toCsv(
        ['period', ...SUMMARY_FIELDS.map(snake)],
        summary.map((row) => [
          { text: period },
          { text: row.currency },
          ...SUMMARY_FIELDS.slice(1).map((field) => ({ decimal: row[field] })),
        ]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="period-${period}-summary.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/api/periods/:period/close',
    {
      config: { access: closeAccess },
      schema: {
        tags: ['periods'],
        summary: 'Close the period: nothing in it changes afterwards',
        params: PeriodParams,
        response: { 200: PeriodDetail, ...errorResponses },
      },
    },
    async (request) => {
      const accountId = sessionOf(request).user.accountId;
      await closePeriod(
        app.db,
        accountId,
        request.params.period,
        commandMetadata(request, app.now()),
      );
      return detail(accountId, request.params.period);
    },
  );

  app.get(
    '/api/statements/:id/corrections',
    {
      config: { access: readAccess },
      schema: {
        tags: ['periods'],
        summary:
          'The statement a correction statement corrects, and the corrections of a statement',
        params: IdParams,
        response: { 200: StatementCorrections, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (!(await statementIsVisible(request.reads, sessionOf(request).user, id))) {
        throw new NotFoundError();
      }
      return readCorrections(request.reads, id);
    },
  );

  app.post(
    '/api/statements/:id/correction',
    {
      config: { access: closeAccess },
      schema: {
        tags: ['periods'],
        summary:
          'Open a correction statement in the next open period for a statement of a closed period',
        params: IdParams,
        response: { 200: CorrectionOpened, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const correctionId = await app.db.transaction(async (tx) => {
        await lockVisibleStatement(tx, sessionOf(request).user, id);
        return openCorrection(tx, id, commandMetadata(request, app.now()));
      });
      app.jobs.poke();
      return { id: correctionId };
    },
  );
};

export default periodRoutes;
