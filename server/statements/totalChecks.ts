import type { Queryable } from '../db/database';
import type { PortalEvent } from '../events/types';
import { ConflictError, NotFoundError } from '../errors';
import {
  totalHold,
  type LargestMonth,
  type ReadTotals,
  type TotalHold,
} from '../../rules/totalChecks';

/** What the statement's read files total to (its records are in one currency, or none said). */
async function readTotals(tx: Queryable, statementId: string): Promise<ReadTotals> {
  const rows = await tx.query<{
    currency: string | null;
    revenue: string;
    stream_revenue: string;
    stream_units: string;
    files: string;
  }>(
    `select (select currency from statements where id = $1) as currency,
            coalesce(trim_scale(sum(r.revenue)), 0)::text as revenue,
            coalesce(trim_scale(sum(r.revenue) filter (where r.format in ('stream', 'video'))), 0)::text
              as stream_revenue,
            coalesce(sum(r.units) filter (where r.format in ('stream', 'video')), 0)::text as stream_units,
            (select count(*) from statement_files f
              where f.statement_id = $1 and f.status = 'read')::text as files
       from statement_records r where r.statement_id = $1`,
    [statementId],
  );
  const row = rows[0];
  return {
    currency: row?.currency ?? null,
    revenue: row?.revenue ?? '0',
    streamRevenue: row?.stream_revenue ?? '0',
    streamUnits: row?.stream_units ?? '0',
    files: Number(row?.files ?? 0),
  };
}

/**
 * The label's largest month from the statement's distributor in its currency, if it has one. Its
 * history with a distributor is what it approved: not a statement still read, held, waiting or
 * calculated, nor one cancelled or deleted (a first small test month the label never approved
 * does not make every later month look out of line).
 */
async function largestMonth(
  tx: Queryable,
  statementId: string,
  currency: string | null,
): Promise<LargestMonth | null> {
  // The statements named first: the records' query names them, so it reads their tables only.
  const approved = await tx.query<{ id: string }>(
    `select o.id from statements s
       join statements o on o.account_id = s.account_id and o.distributor_id = s.distributor_id
                        and o.id <> s.id and o.approved_seq is not null
      where s.id = $1`,
    [statementId],
  );
  if (approved.length === 0) return null;
  const rows = await tx.query<{ month: string; revenue: string }>(
    `select o.period as month, trim_scale(sum(r.revenue))::text as revenue
       from statement_records r join statements o on o.id = r.statement_id
      where r.statement_id = any($1::text[]) and r.currency is not distinct from $2
      group by o.period
      order by abs(sum(r.revenue)) desc, o.period
      limit 1`,
    [approved.map((row) => row.id), currency],
  );
  return rows[0] ?? null;
}

/**
 * Checks what the statement's files read to, once read: the event that holds it for the label's
 * confirmation (or that lifts a hold an earlier reading made), or none when nothing changes.
 */
export async function checkTotal(tx: Queryable, statementId: string): Promise<PortalEvent[]> {
  const rows = await tx.query<{
    expected: string | null;
    total_hold: TotalHold | null;
    total_confirmed: string | null;
  }>(
    `select trim_scale(expected)::text as expected, total_hold, total_confirmed
       from statements where id = $1`,
    [statementId],
  );
  const statement = rows[0];
  if (!statement) throw new NotFoundError();
  const read = await readTotals(tx, statementId);
  // A statement of which no file was read has no total to check.
  const hold =
    read.files === 0
      ? null
      : totalHold(read, {
          expected: statement.expected,
          largestMonth:
            statement.expected === null ? await largestMonth(tx, statementId, read.currency) : null,
          confirmed: statement.total_confirmed,
        });
  if (hold === null && statement.total_hold === null) return [];
  return [{ type: 'StatementTotalChecked', data: { hold } }];
}

/** SPEC-style refusal: the statement is not held on its total. */
export const NOTHING_TO_CONFIRM = 'This statement’s total is not waiting for a confirmation.';

/**
 * The label confirms the figure the statement was held on: kept in the log with who confirmed
 * it. Returns the events to append; the caller releases the statement when nothing else holds it.
 */
export async function confirmTotalEvents(
  tx: Queryable,
  statementId: string,
): Promise<PortalEvent[]> {
  const rows = await tx.query<{ state: string; total_hold: TotalHold | null }>(
    'select state, total_hold from statements where id = $1',
    [statementId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError();
  if (row.state !== 'needsAttention' || row.total_hold === null)
    throw new ConflictError(NOTHING_TO_CONFIRM);
  const hold = row.total_hold;
  return [
    {
      type: 'StatementTotalConfirmed',
      data: { check: hold.check, read: hold.read, currency: hold.currency },
    },
  ];
}
