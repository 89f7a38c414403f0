import type { AuditEvent, AuditEventList } from '../../api/events';
import type { Queryable } from '../db/database';
import { readAllEvents } from '../events/store';
import type { StoredEvent } from '../events/types';

/** Secrets stay in the log for replay but never leave the server. */
function redact(data: object): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...data };
  if ('passwordHash' in copy) copy.passwordHash = copy.passwordHash === null ? null : '[redacted]';
  return copy;
}

export const toAuditEvent = (event: StoredEvent): AuditEvent => ({
  seq: event.seq,
  streamId: event.streamId,
  streamVersion: event.streamVersion,
  type: event.type,
  data: redact(event.data),
  actor: event.actor,
  emulatingActor: event.emulatingActor,
  at: Math.floor(event.at.getTime() / 1000),
});

/** Up to `limit` events after sequence number `after`, of one stream or of all. */
export async function listEvents(
  db: Queryable,
  { after, stream, limit }: { after: string; stream: string | null; limit: number },
): Promise<AuditEventList> {
  const events = await readAllEvents(db, after, limit, stream);
  const counted = await db.query<{ total: string }>(
    'select count(*)::text as total from events where ($1::text is null or stream_id = $1)',
    [stream],
  );
  return { items: events.map(toAuditEvent), total: Number(counted[0]?.total ?? 0) };
}
