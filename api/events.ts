// The audit log: every recorded event in global order, secrets redacted, as an admin reads it.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf } from './common';

const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

/** The stream kinds of the log: the `<kind>-` prefix of each stream id. */
export const streamKinds = [
  'account',
  'user',
  'artist',
  'distributor',
  'product',
  'statement',
  'recoupment',
  'payment',
  'bankaccount',
  'paymentsettings',
  'person',
  'business',
  'intakekey',
  'layout',
  'bankfileoriginator',
  'message',
  'period',
  'books',
  'taxform',
] as const;
export type StreamKind = (typeof streamKinds)[number];

/** 9999-12-31T23:59:59Z: PostgreSQL keeps no later time. */
const LAST_SECOND = 253_402_300_799;

const Text = Type.String({ minLength: 1, maxLength: 200 });

export const AuditQuery = Type.Object(
  {
    /** Events after this sequence number (oldest first), as a replay reads the log. */
    after: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$', default: '0' })),
    /** One whole stream id (`statement-<id>`). */
    stream: Type.Optional(Type.String({ maxLength: 200 })),
    streamType: Type.Optional(literals(streamKinds)),
    /** The entity the stream is about: the stream id after `<kind>-`. */
    streamId: Type.Optional(Text),
    type: Type.Optional(Type.String({ pattern: '^[A-Za-z]{1,60}$' })),
    actor: Type.Optional(Text),
    emulatingActor: Type.Optional(Text),
    /** Epoch seconds, inclusive (at the latest the last second of the year 9999). */
    from: Type.Optional(Type.Integer({ minimum: 0, maximum: LAST_SECOND })),
    /** Epoch seconds, inclusive. */
    to: Type.Optional(Type.Integer({ minimum: 0, maximum: LAST_SECOND })),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

/**
 * What a change replaced: the values the event carries itself (before/after, from/to), or for an
 * event that only records new values, each field's last value in the same stream before it.
 */
export const AuditChange = Type.Object({
  before: Type.Record(Type.String(), Type.Unknown()),
  after: Type.Record(Type.String(), Type.Unknown()),
  /** `event`: the event carries both sides; `stream`: "before" is read from earlier events. */
  source: Type.Union([Type.Literal('event'), Type.Literal('stream')]),
});
export type AuditChange = Static<typeof AuditChange>;

export const AuditEvent = Type.Object({
  seq: Type.String(),
  streamId: Type.String(),
  streamVersion: Type.Integer(),
  type: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  actor: Type.Union([Type.String(), Type.Null()]),
  emulatingActor: Type.Union([Type.String(), Type.Null()]),
  /** The people behind `actor` and `emulatingActor`, by name (null: the system, or gone). */
  actorName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  emulatingActorName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** What people call the item the event is on (a statement's title, a person's name). */
  streamName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  change: Type.Optional(Type.Union([AuditChange, Type.Null()])),
  /** The names of the ids the change holds (people, products, statements), by id. */
  names: Type.Optional(Type.Record(Type.String(), Type.String())),
  at: EpochSeconds,
});
export type AuditEvent = Static<typeof AuditEvent>;

/** One page of events and the count of every event the filters match. */
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
