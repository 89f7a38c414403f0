import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { readAllEvents } from '../events/store';
import { errorResponses } from '../../api/common';

const AuditEvent = Type.Object({
  seq: Type.String(),
  streamId: Type.String(),
  streamVersion: Type.Integer(),
  type: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  actor: Type.Union([Type.String(), Type.Null()]),
  emulatingActor: Type.Union([Type.String(), Type.Null()]),
  at: Type.Integer(),
});

/** Secrets stay in the log for replay but never leave the server. */
function redact(data: object): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...data };
  if ('passwordHash' in copy) copy.passwordHash = copy.passwordHash === null ? null : '[redacted]';
  return copy;
}

const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/events',
    {
      config: { access: { session: true, permissions: ['emulate:rw'] } },
      schema: {
        tags: ['events'],
        summary: 'The audit log, in global order, after a sequence number',
        querystring: Type.Object(
          {
            after: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$', default: '0' })),
            stream: Type.Optional(Type.String({ maxLength: 200 })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ items: Type.Array(AuditEvent), total: Type.Integer() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { after = '0', stream, limit = 100 } = request.query;
      const events = await readAllEvents(app.db, after, limit, stream ?? null);
      const counted = await app.db.query<{ total: string }>(
        'select count(*)::text as total from events where ($1::text is null or stream_id = $1)',
        [stream ?? null],
      );
      return {
        items: events.map((event) => ({
          seq: event.seq,
          streamId: event.streamId,
          streamVersion: event.streamVersion,
          type: event.type,
          data: redact(event.data),
          actor: event.actor,
          emulatingActor: event.emulatingActor,
          at: Math.floor(event.at.getTime() / 1000),
        })),
        total: Number(counted[0]?.total ?? 0),
      };
    },
  );
};

export default eventRoutes;
