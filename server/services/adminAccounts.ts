import type { Queryable } from '../db/database';
import { ConflictError, NotFoundError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata } from '../events/types';

/** SPEC section 9: a lock lasts 60 minutes, whoever set it. */
const LOCK_MS = 60 * 60 * 1000;

export const ALREADY_DELETED = 'This person was deleted.';

async function personStatus(tx: Queryable, personId: string): Promise<string> {
  const rows = await tx.query<{ status: string }>(
    'select status from users where id = $1 for update',
    [personId],
  );
  if (!rows[0]) throw new NotFoundError('User not found');
  return rows[0].status;
}

/** Their open sessions and e-mailed links end with them: none of it is history. */
async function endAccess(tx: Queryable, personId: string, at: Date) {
  await tx.query('delete from sessions where user_id = $1', [personId]);
  await tx.query('update links set used_at = $2 where user_id = $1 and used_at is null', [
    personId,
    at.toISOString(),
  ]);
}

/**
 * An admin deletes a person after typing DELETE: they cannot log in, their sessions and links
 * end, and the next payment batch holds their payments ('account-deleted'). Their events, ledger
 * transfers and balances stay as they are, so the money stays accounted for.
 */
export async function deletePerson(tx: Queryable, personId: string, metadata: EventMetadata) {
  if ((await personStatus(tx, personId)) === 'deleted') throw new ConflictError(ALREADY_DELETED);
  const stream = `user-${personId}`;
  await appendToStream(
    tx,
    stream,
    await streamVersion(tx, stream),
    [{ type: 'UserDeleted', data: {} }],
    metadata,
  );
  await endAccess(tx, personId, metadata.at);
}

/** An admin locks a person out for 60 minutes and ends their sessions. */
export async function lockPerson(tx: Queryable, personId: string, metadata: EventMetadata) {
  if ((await personStatus(tx, personId)) === 'deleted') throw new ConflictError(ALREADY_DELETED);
  const stream = `user-${personId}`;
  const until = new Date(metadata.at.getTime() + LOCK_MS).toISOString();
  await appendToStream(
    tx,
    stream,
    await streamVersion(tx, stream),
    [{ type: 'UserLocked', data: { until } }],
    metadata,
  );
  await tx.query('delete from sessions where user_id = $1', [personId]);
}
