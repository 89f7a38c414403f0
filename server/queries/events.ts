import type { AuditEvent, AuditEventList, AuditQuery } from '../../api/events';
import type { Queryable } from '../db/database';
import { carriedChange, needsStreamBefore, streamChange } from './auditChanges';

type Data = Record<string, unknown>;

/** Secrets stay in the log for replay but never leave the server, at any depth of an event. */
export function redact(data: Data): Data {
  const copy: Data = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'passwordHash' || key === 'keyHash')
      copy[key] = value === null ? null : '[redacted]';
    else if (/^encrypted$|Encrypted$/.test(key)) copy[key] = value === null ? null : '[encrypted]';
    else if (Array.isArray(value))
      copy[key] = value.map((item: unknown) =>
        typeof item === 'object' && item !== null ? redact(item as Data) : item,
      );
    else if (typeof value === 'object' && value !== null) copy[key] = redact(value as Data);
    else copy[key] = value;
  }
  return copy;
}

interface EventRow extends Record<string, unknown> {
  seq: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: Data | string;
  actor: string | null;
  emulating_actor: string | null;
  actor_name: string | null;
  emulating_actor_name: string | null;
  stream_name: string | null;
  at: Date | string;
}

export type EventFilters = Omit<AuditQuery, 'limit' | 'offset' | 'format' | 'order'>;

/** The where clause of the filters, with its parameters. */
function filtersSql(filters: EventFilters): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filters.after && filters.after !== '0') add((n) => `e.seq > ${n}::bigint`, filters.after);
  add((n) => `e.stream_id = ${n}`, filters.stream);
  add((n) => `e.stream_id like ${n} || '-%'`, filters.streamType);
  add((n) => `substr(e.stream_id, position('-' in e.stream_id) + 1) = ${n}`, filters.streamId);
  add((n) => `e.type = ${n}`, filters.type);
  add((n) => `e.actor = ${n}`, filters.actor);
  add((n) => `e.emulating_actor = ${n}`, filters.emulatingActor);
  add((n) => `e.at >= to_timestamp(${n}::double precision)`, filters.from);
  // `to` names a second: every event within it is in.
  add((n) => `e.at < to_timestamp(${n}::double precision + 1)`, filters.to);
  return { where: clauses.length ? `where ${clauses.join(' and ')}` : '', params };
}

/** The entity a stream is about: its id after `<kind>-`. */
const ENTITY = `substr(e.stream_id, position('-' in e.stream_id) + 1)`;

/** What people call the entity of a stream (a statement's title, a person's name), when it has one. */
const STREAM_NAME = `case split_part(e.stream_id, '-', 1)
    when 'statement' then (select x.title from statements x where x.id = ${ENTITY})
    when 'product' then (select x.title from products x where x.id = ${ENTITY})
    when 'recoupment' then (select x.title from recoupments x where x.id = ${ENTITY})
    when 'artist' then (select x.name from artists x where x.id = ${ENTITY})
    when 'distributor' then (select x.name from distributors x where x.id = ${ENTITY})
    when 'account' then (select x.name from accounts x where x.id = ${ENTITY})
    when 'business' then (select x.name from accounts x where x.id = ${ENTITY})
    when 'user' then (select x.fullname from users x where x.id = ${ENTITY})
    when 'person' then (select x.fullname from users x where x.id = ${ENTITY})
    when 'payment' then (select u.fullname from payments x join users u on u.id = x.payee_id
                          where x.id = ${ENTITY})
  end`;

const SELECT = `select e.seq::text as seq, e.stream_id, e.stream_version, e.type, e.data, e.actor,
       e.emulating_actor, a.fullname as actor_name, m.fullname as emulating_actor_name,
       ${STREAM_NAME} as stream_name, e.at
  from events e left join users a on a.id = e.actor left join users m on m.id = e.emulating_actor`;

async function toAuditEvent(db: Queryable, row: EventRow): Promise<AuditEvent> {
  const raw = typeof row.data === 'string' ? (JSON.parse(row.data) as Data) : row.data;
  const data = redact(raw);
  const change = needsStreamBefore(row.type, data)
    ? await streamChange(db, { seq: row.seq, streamId: row.stream_id, data }, redact)
    : carriedChange(row.type, data);
  return {
    seq: row.seq,
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    type: row.type,
    data,
    actor: row.actor,
    emulatingActor: row.emulating_actor,
    actorName: row.actor_name,
    emulatingActorName: row.emulating_actor_name,
    streamName: row.stream_name,
    change,
    at: Math.floor(new Date(row.at).getTime() / 1000),
  };
}

/** One page of the events the filters match, oldest first unless `order` is desc, and their count. */
export async function listEvents(
  db: Queryable,
  query: AuditQuery & { limit: number },
): Promise<AuditEventList> {
  const { where, params } = filtersSql(query);
  const order = query.order === 'desc' ? 'desc' : 'asc';
  const n = params.length;
  const rows = await db.query<EventRow>(
    `${SELECT} ${where} order by e.seq ${order} limit $${n + 1} offset $${n + 2}`,
    [...params, query.limit, query.offset ?? 0],
  );
  const counted = await db.query<{ total: string }>(
    `select count(*)::text as total from events e ${where}`,
    params,
  );
  const items: AuditEvent[] = [];
  for (const row of rows) items.push(await toAuditEvent(db, row));
  return { items: await withNames(db, items), total: Number(counted[0]?.total ?? 0) };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Everything the portal names that an id in a change may point at, by its name or title. */
const NAMED = `select id, fullname as name from users
  union all select id, title from products
  union all select id, title from statements
  union all select id, title from recoupments
  union all select id, name from accounts
  union all select id, name from artists
  union all select id, name from distributors`;

/**
 * Each event with the names of the ids its change holds (a payee of a split, a product, a
 * statement), read in one query for the page, so the audit shows people and items by name.
 */
async function withNames(db: Queryable, items: AuditEvent[]): Promise<AuditEvent[]> {
  const idsOf = (event: AuditEvent) =>
    event.change ? [...new Set(JSON.stringify(event.change).match(UUID) ?? [])] : [];
  const wanted = [...new Set(items.flatMap(idsOf))];
  if (wanted.length === 0) return items;
  const rows = await db.query<{ id: string; name: string }>(
    `select id, name from (${NAMED}) named where id = any($1::text[])`,
    [wanted],
  );
  const known = new Map(rows.map((row) => [row.id, row.name]));
  return items.map((event) => {
    const names = Object.fromEntries(
      idsOf(event).flatMap((id) => (known.has(id) ? [[id, known.get(id) ?? '']] : [])),
    );
    return Object.keys(names).length ? { ...event, names } : event;
  });
}

/** Every event the filters match, for the CSV export (at most `cap`, oldest first unless desc). */
export async function allEvents(
  db: Queryable,
  query: AuditQuery,
  cap: number,
): Promise<AuditEvent[]> {
  return (await listEvents(db, { ...query, limit: cap, offset: 0 })).items;
}
