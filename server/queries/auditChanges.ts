// What a change in the audit log replaced. Events that carry both sides (before/after, from/to)
// are shown as they are; events that record only the new values of some fields get each field's
// last value from the earlier events of the same stream. Folding the stream through its projector
// would give the same answer for these fields but would tie the audit to every projector.
import type { AuditChange } from '../../api/events';
import type { Queryable } from '../db/database';

type Data = Record<string, unknown>;

/** Events that set fields to new values without saying what they were. */
const FIELD_SETTING_TYPES = new Set([
  'UserProfileChanged',
  'UserNamesChanged',
  'UserPreferencesChanged',
  'PersonDetailsChanged',
  'BusinessDetailsSet',
  'PassbackModeSet',
  'StatementTakeSet',
]);

const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The names a transition or a move gives its one changed value. */
const FROM_TO_FIELD: Record<string, string> = {
  StatementTransitioned: 'state',
  StatementDateMoved: 'statementDate',
  UserUsernameChanged: 'username',
};

/** The change an event carries itself, or null. */
export function carriedChange(type: string, data: Data): AuditChange | null {
  if ('before' in data && 'after' in data) {
    const wrap = (value: unknown): Data => (isObject(value) ? value : { value });
    return { before: wrap(data.before), after: wrap(data.after), source: 'event' };
  }
  const field = FROM_TO_FIELD[type];
  if (field && 'from' in data && 'to' in data) {
    return { before: { [field]: data.from }, after: { [field]: data.to }, source: 'event' };
  }
  return null;
}

/** A field's value as an earlier event of the stream recorded it, wherever the event keeps it. */
function valueIn(data: Data, field: string): { found: boolean; value?: unknown } {
  for (const holder of [data, data.after, data.details, data.terms]) {
    if (isObject(holder) && field in holder) return { found: true, value: holder[field] };
  }
  if (isObject(data) && 'to' in data && field === 'username')
    return { found: true, value: data.to };
  return { found: false };
}

/** Whether an event of `type` needs its "before" read from the stream. */
export const needsStreamBefore = (type: string, data: Data): boolean =>
  FIELD_SETTING_TYPES.has(type) && carriedChange(type, data) === null;

/**
 * "Before" of a field-setting event: each of its fields' last value in the earlier events of its
 * stream (null when none recorded it). `redact` hides secrets in the values found.
 */
export async function streamChange(
  db: Queryable,
  event: { seq: string; streamId: string; data: Data },
  redact: (data: Data) => Data,
): Promise<AuditChange> {
  const earlier = await db.query<{ data: Data | string }>(
    `select data from events where stream_id = $1 and seq < $2::bigint order by seq desc limit 200`,
    [event.streamId, event.seq],
  );
  const previous = earlier.map((row) =>
    redact(typeof row.data === 'string' ? (JSON.parse(row.data) as Data) : row.data),
  );
  const before: Data = {};
  for (const field of Object.keys(event.data)) {
    const hit = previous.map((data) => valueIn(data, field)).find((found) => found.found);
    before[field] = hit ? (hit.value ?? null) : null;
  }
  return { before, after: event.data, source: 'stream' };
}
