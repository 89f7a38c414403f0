import type { Queryable } from '../db/database';
import { ConflictError } from '../errors';
import { refuseClosedPeriodChanges } from './closedPeriods';
import { project } from './projections';
import type { EventMetadata, PortalEvent, StoredEvent } from './types';

/** The channel a committed event's sequence number is announced on (see `server/events/liveFeed.ts`). */
export const EVENTS_CHANNEL = 'portal_events';

/** Postgres unique_violation: another writer took this stream version first. */
const UNIQUE_VIOLATION = '23505';

export const CONFLICT_MESSAGE = 'This item was changed by someone else. Reload it and try again.';

export async function streamVersion(tx: Queryable, streamId: string): Promise<number> {
  const rows = await tx.query<{ version: number | null }>(
    'select max(stream_version) as version from events where stream_id = $1',
    [streamId],
  );
  return Number(rows[0]?.version ?? 0);
}

/**
 * Appends events at expectedVersion + 1.. and updates the read models in the same transaction.
 * A writer that lost the race for a version gets a ConflictError (409).
 */
export async function appendToStream(
  tx: Queryable,
  streamId: string,
  expectedVersion: number,
  events: PortalEvent[],
  metadata: EventMetadata,
): Promise<number> {
  await refuseClosedPeriodChanges(tx, streamId, events);
  let version = expectedVersion;
  let lastSeq = '';
  for (const event of events) {
    version += 1;
    try {
      const rows = await tx.query<{ seq: string }>(
        `insert into events (stream_id, stream_version, type, data, actor, emulating_actor, at)
         values ($1, $2, $3, $4, $5, $6, $7) returning seq::text as seq`,
        [
          streamId,
          version,
          event.type,
          JSON.stringify(event.data),
          metadata.actor,
          metadata.emulatingActor,
          metadata.at.toISOString(),
        ],
      );
      const stored = {
        seq: rows[0]?.seq ?? '',
        streamId,
        streamVersion: version,
        type: event.type,
        data: event.data,
        actor: metadata.actor,
        emulatingActor: metadata.emulatingActor,
        at: metadata.at,
      } as StoredEvent;
      await project(tx, stored);
      lastSeq = stored.seq;
    } catch (error) {
      // Either the stream version or a unique read-model key was taken by a concurrent writer.
      if (isUniqueViolation(error)) throw new ConflictError(CONFLICT_MESSAGE);
      throw error;
    }
  }
  // Sent when the transaction commits, never if it rolls back; the listeners read the events
  // themselves from the table, so the payload is only a wake-up call.
  if (lastSeq) await tx.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, lastSeq]);
  return version;
}

/** Appends to a new or existing stream after checking the version the command was decided on. */
export async function appendAfterCheck(
  tx: Queryable,
  streamId: string,
  expectedVersion: number,
  events: PortalEvent[],
  metadata: EventMetadata,
): Promise<number> {
  const current = await streamVersion(tx, streamId);
  if (current !== expectedVersion) {
    throw new ConflictError(CONFLICT_MESSAGE);
  }
  return appendToStream(tx, streamId, expectedVersion, events, metadata);
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === UNIQUE_VIOLATION
  );
}

export async function readAllEvents(
  db: Queryable,
  afterSeq = '0',
  limit = 1000,
  streamId: string | null = null,
): Promise<StoredEvent[]> {
  const rows = await db.query<{
    seq: string;
    stream_id: string;
    stream_version: number;
    type: PortalEvent['type'];
    data: unknown;
    actor: string | null;
    emulating_actor: string | null;
    at: Date | string;
  }>(
    `select seq::text as seq, stream_id, stream_version, type, data, actor, emulating_actor, at
       from events where seq > $1::bigint and ($3::text is null or stream_id = $3)
      order by events.seq limit $2`,
    [afterSeq, limit, streamId],
  );
  // The log only ever holds what appendToStream wrote, so the stored shape is the event's own.
  return rows.map(
    (row) =>
      ({
        seq: row.seq,
        streamId: row.stream_id,
        streamVersion: Number(row.stream_version),
        type: row.type,
        data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as unknown,
        actor: row.actor,
        emulatingActor: row.emulating_actor,
        at: new Date(row.at),
      }) as StoredEvent,
  );
}
