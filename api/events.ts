// The audit log: every recorded event in global order, secrets redacted.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf } from './common';

export const AuditQuery = Type.Object(
  {
    after: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$', default: '0' })),
    stream: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEvent = Type.Object({
  seq: Type.String(),
  streamId: Type.String(),
  streamVersion: Type.Integer(),
  type: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  actor: Type.Union([Type.String(), Type.Null()]),
  emulatingActor: Type.Union([Type.String(), Type.Null()]),
  at: EpochSeconds,
});
export type AuditEvent = Static<typeof AuditEvent>;

/** One page of events after `after`, and the count of all events of the stream (or of all). */
export const AuditEventList = ListOf(AuditEvent);
export type AuditEventList = Static<typeof AuditEventList>;

/**
 * One change as `GET /api/events/stream` sends it (Server-Sent Events, `event: change`): which
 * stream changed and how, for the browser to read again what it shows of that stream. `data` is
 * the event's own data only for those who read the audit log.
 */
export const LiveEvent = Type.Object({
  seq: Type.String(),
  streamId: Type.String(),
  type: Type.String(),
  at: EpochSeconds,
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type LiveEvent = Static<typeof LiveEvent>;

export const LiveStreamQuery = Type.Object(
  {
    /** Where to resume when the browser cannot send `Last-Event-ID` (a reconnection of its own). */
    after: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  },
  { additionalProperties: false },
);
export type LiveStreamQuery = Static<typeof LiveStreamQuery>;
