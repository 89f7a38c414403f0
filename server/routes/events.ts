import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allEvents, listEvents } from '../queries/events';
import { CsvText, errorResponses, inMediaTypes } from '../../api/common';
import { AuditEventList, AuditQuery } from '../../api/events';
import { toCsv } from '../format/csv';

/** The most events one CSV export holds; narrow the filters for more. */
export const AUDIT_CSV_CAP = 100_000;

const CSV_HEADER = [
  'seq',
  'at',
  'stream',
  'version',
  'type',
  'actor',
  'actor name',
  'emulating actor',
  'emulating actor name',
  'before',
  'after',
  'data',
];

const json = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(value);

const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/events',
    {
      config: { access: { session: true, permissions: ['emulate:rw'] } },
      schema: {
        tags: ['events'],
        summary:
          'The audit log, filtered by stream, type, actor and time, paged; format=csv answers every matching event as a file',
        querystring: AuditQuery,
        response: {
          200: inMediaTypes({ 'application/json': AuditEventList, 'text/csv': CsvText }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query.format !== 'csv')
        return listEvents(request.reads, { ...query, limit: query.limit ?? 100 });
      const events = await allEvents(request.reads, query, AUDIT_CSV_CAP);
      const csv = toCsv(
        CSV_HEADER,
        events.map((event) => [
          { text: event.seq },
          { text: new Date(event.at * 1000).toISOString() },
          { text: event.streamId },
          { integer: event.streamVersion },
          { text: event.type },
          { text: event.actor },
          { text: event.actorName ?? null },
          { text: event.emulatingActor },
          { text: event.emulatingActorName ?? null },
          { text: json(event.change?.before) },
          { text: json(event.change?.after) },
          { text: JSON.stringify(event.data) },
        ]),
      );
      const day = app.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .send(csv);
    },
  );
};

export default eventRoutes;
