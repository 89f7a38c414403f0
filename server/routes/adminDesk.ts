// The admin's desk: the install at a glance, the statement and job logs (SPEC sections 2 and 7),
// and the overseer's work list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../api/common';
import { AdminOverview } from '../../api/adminOverview';
import { JobLog, JobLogQuery, StatementLog, StatementLogQuery } from '../../api/adminLogs';
import { OverseerDesk } from '../../api/overseer';
import { readOverview } from '../queries/adminOverview';
import { listJobs, listStatementLog } from '../queries/adminLogs';
import { readOverseerDesk } from '../queries/overseer';

/** The admin pages' access: emulate rw, as /admin needs (SPEC section 2). */
const adminAccess = { session: true, permissions: ['emulate:rw'] } as const;

const adminDeskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/overview',
    {
      config: { access: adminAccess },
      schema: {
        tags: ['admin'],
        summary:
          'The install at a glance: version, database, jobs, statements, payments, outbox, errors',
        response: { 200: AdminOverview, ...errorResponses },
      },
    },
    async () => readOverview(app.db),
  );

  app.get(
    '/api/admin/logs/statements',
    {
      config: { access: adminAccess },
      schema: {
        tags: ['admin'],
        summary:
          'Every pipeline step of every statement, newest first, with its duration and outcome',
        querystring: StatementLogQuery,
        response: { 200: StatementLog, ...errorResponses },
      },
    },
    async (request) => listStatementLog(request.reads, request.query),
  );

  app.get(
    '/api/admin/logs/jobs',
    {
      config: { access: adminAccess },
      schema: {
        tags: ['admin'],
        summary: 'Every run of the job queue, newest first, with its attempts and last error',
        querystring: JobLogQuery,
        response: { 200: JobLog, ...errorResponses },
      },
    },
    async (request) => listJobs(request.reads, request.query),
  );

  app.get(
    '/api/overseer',
    {
      // Admins and overseers: emulate rw satisfies ro. Staff serve every account.
      config: { access: { session: true, permissions: ['emulate:ro'] } },
      schema: {
        tags: ['admin'],
        summary:
          'What an overseer works on: accounts needing attention, distributors, waiting codes',
        response: { 200: OverseerDesk, ...errorResponses },
      },
    },
    async (request) => readOverseerDesk(request.reads),
  );
};

export default adminDeskRoutes;
