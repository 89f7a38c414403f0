import type { Queryable } from '../../db/database';
import type { PortalEvent, StoredEvent } from '../types';

/** What every projection needs besides the event; times come from the event, never from now(). */
export interface ProjectionContext {
  /** The entity the stream is about: the stream id after `<kind>-`. */
  id: string;
  /** When the event happened, as the ISO text the tables store. */
  at: string;
  /** The stream's version after this event. */
  version: number;
}

/** Updates the read-model tables for one kind of event. */
export type Projection<E extends PortalEvent> = (
  tx: Queryable,
  event: StoredEvent<E>,
  context: ProjectionContext,
) => Promise<void>;

/** One projection per event type of a stream: a type without one fails to compile. */
export type Projector<E extends PortalEvent> = {
  [T in E['type']]: Projection<Extract<E, { type: T }>>;
};

/** Events kept for the audit trail only move their stream's version. */
export async function bumpVersion(
  tx: Queryable,
  table: 'accounts' | 'users' | 'artists' | 'products' | 'statements' | 'recoupments',
  id: string,
  version: number,
): Promise<void> {
  await tx.query(`update ${table} set version = $2 where id = $1`, [id, version]);
}
