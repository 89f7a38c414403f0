import type { HistoryEvent, StreamHistory } from '../../api/history';
import type { Queryable } from '../db/database';
import { nameSeenBy } from './users';

/** One answer holds at most this many events; the browser asks again after the last one. */
export const HISTORY_PAGE = 1000;

/** Which events make up one history: whole streams, and a payment's line of its statement's. */
export interface HistorySelection {
  streams: string[];
  /** The account reading, whose people and accepted payees are named (null: every name). */
  reader: string | null;
  /** The statement event that prepared this payment, cut down to the payment's own entry. */
  preparedPayment?: { statementId: string; paymentId: string };
  /** The payee reads their payment: what they receive, never the fee their label pays. */
  payeeReading?: boolean;
}

/** The label's fee in payment events: its own event, and the fields that carry it. */
const FEE_EVENT = 'PaymentFeePaid';
const FEE_FIELD = /^fee/;

interface EventRow {
  seq: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  actor: string | null;
  actor_name: string | null;
  emulating_actor: string | null;
  at: Date | string;
}

const SECRET_KEY = /(encrypted|passwordHash)$/i;

/** Secrets stay in the log for replay but never leave the server, encrypted or not. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

/** The part of an event this history shows: ledger legs and other payees' payments left out. */
function shownData(row: EventRow, selection: HistorySelection): Record<string, unknown> {
  const raw = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<
    string,
    unknown
  >;
  const { transfers: _transfers, ...data } = raw;
  if (row.type === 'PaymentsPrepared' && selection.preparedPayment) {
    const id = selection.preparedPayment.paymentId;
    const payments = (data.payments ?? []) as { paymentId?: string; transfer?: unknown }[];
    return {
      payments: payments
        .filter((payment) => payment.paymentId === id)
        .map(({ transfer: _transfer, ...payment }) => payment),
    };
  }
  const shown = withoutSecrets(data) as Record<string, unknown>;
  if (!selection.payeeReading) return shown;
  return Object.fromEntries(Object.entries(shown).filter(([key]) => !FEE_FIELD.test(key)));
}

/** The selection's events after sequence number `after`, in global order, named for the reader. */
export async function readHistory(
  db: Queryable,
  selection: HistorySelection,
  after: string,
): Promise<StreamHistory> {
  const prepared = selection.preparedPayment;
  const rows = await db.query<EventRow>(
    `select e.seq::text as seq, e.stream_id, e.stream_version, e.type, e.data, e.actor,
            case when u.id is not null then ${nameSeenBy('$6', 'u')} end as actor_name,
            e.emulating_actor, e.at
       from events e left join users u on u.id = e.actor
      where e.seq > $1::bigint
        and (e.stream_id = any($2::text[])
             or ($3::text is not null and e.stream_id = $3 and e.type = 'PaymentsPrepared'
                 and e.data -> 'payments' @> jsonb_build_array(jsonb_build_object('paymentId', $4::text))))
      order by e.seq limit $5`,
    [
      after,
      selection.streams,
      prepared ? `statement-${prepared.statementId}` : null,
      prepared?.paymentId ?? null,
      HISTORY_PAGE + 1,
      selection.reader,
    ],
  );
  const page = rows.slice(0, HISTORY_PAGE);
  const shownRows = selection.payeeReading ? page.filter((row) => row.type !== FEE_EVENT) : page;
  const items: HistoryEvent[] = shownRows.map((row) => ({
    seq: row.seq,
    streamId: row.stream_id,
    version: Number(row.stream_version),
    type: row.type,
    data: shownData(row, selection),
    actor: row.actor,
    actorName: row.actor_name,
    emulatingActor: row.emulating_actor,
    at: Math.floor(new Date(row.at).getTime() / 1000),
  }));
  return { items, more: rows.length > HISTORY_PAGE };
}

/** An account's own streams and those of the people it made. */
export async function accountStreams(db: Queryable, accountId: string): Promise<string[] | null> {
  const found = await db.query('select 1 from accounts where id = $1', [accountId]);
  if (found.length === 0) return null;
  const people = await db.query<{ id: string }>('select id from users where account_id = $1', [
    accountId,
  ]);
  return [
    `account-${accountId}`,
    `business-${accountId}`,
    `paymentsettings-${accountId}`,
    ...people.flatMap(({ id }) => [`user-${id}`, `person-${id}`, `bankaccount-${id}`]),
  ];
}
