import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminOverview, OverviewError, StatusCount } from '../../api/adminOverview';
import { epochSeconds } from '../../api/common';
import type { HoldReason, PaymentState } from '../../api/payments';
import { statusOfState } from '../../machines/statementMachine';
import { paymentMachineStateOf, paymentSnapshotOf, statusOf } from '../../machines/paymentMachine';
import type { Database } from '../db/database';

/** How many of the latest errors the overview lists. */
export const OVERVIEW_ERRORS = 10;

const packageVersion = (): string => {
  const file = join(import.meta.dirname, '..', '..', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
};

/** Adds counts that land on the same status (several machine states read as one status). */
function summed(pairs: { status: string; count: number }[]): StatusCount[] {
  const totals = new Map<string, number>();
  for (const { status, count } of pairs) totals.set(status, (totals.get(status) ?? 0) + count);
  return [...totals].map(([status, count]) => ({ status, count }));
}

interface ErrorRow {
  source: OverviewError['source'];
  message: string;
  at: Date | string | null;
  statement_id: string | null;
  statement_title: string | null;
  account_name: string | null;
  job_id: string | null;
}

const toError = (row: ErrorRow): OverviewError => ({
  source: row.source,
  message: row.message,
  at: epochSeconds(row.at),
  statementId: row.statement_id,
  statementTitle: row.statement_title,
  accountName: row.account_name,
  jobId: row.job_id,
});

/**
 * The latest errors: jobs that failed (their last error), files refused at reading and failed
 * calculations (both from the statements' events, which keep when they happened).
 */
const ERRORS_SQL = `
  select * from (
    select 'job' as source, j.error as message, j.finished_at as at, s.id as statement_id,
           s.title as statement_title, a.name as account_name, j.id::text as job_id
      from jobs j left join statements s on s.id = j.payload->>'statementId'
      left join accounts a on a.id = s.account_id
     where j.error is not null and j.status <> 'done'
    union all
    select case e.type when 'StatementFileRejected' then 'file' else 'calculation' end,
           coalesce(e.data->>'error', e.data->>'message'), e.at, s.id, s.title, a.name, null
      from events e join statements s on 'statement-' || s.id = e.stream_id
      join accounts a on a.id = s.account_id
     where e.type in ('StatementFileRejected', 'CalculationFailed')
  ) errors order by at desc nulls last limit $1`;

export async function readOverview(db: Database): Promise<AdminOverview> {
  const [size] = await db.query<{ size: string }>(
    'select pg_database_size(current_database())::text as size',
  );
  const [events] = await db.query<{ total: string }>('select count(*)::text as total from events');
  const jobRows = await db.query<{ status: string; count: string }>(
    'select status, count(*)::text as count from jobs group by status',
  );
  const jobCount = (status: string) =>
    Number(jobRows.find((row) => row.status === status)?.count ?? 0);
  const [lastJobError] = await db.query<ErrorRow>(
    `select 'job' as source, j.error as message, j.finished_at as at, s.id as statement_id,
            s.title as statement_title, a.name as account_name, j.id::text as job_id
       from jobs j left join statements s on s.id = j.payload->>'statementId'
       left join accounts a on a.id = s.account_id
      where j.error is not null order by j.finished_at desc nulls last, j.id desc limit 1`,
  );
  const statementRows = await db.query<{ state: string; count: string }>(
    'select state, count(*)::text as count from statements group by state',
  );
  const paymentRows = await db.query<{
    state: PaymentState;
    hold_reason: HoldReason | null;
    count: string;
  }>(
    'select state, hold_reason, count(*)::text as count from payments group by state, hold_reason',
  );
  const [outbox] = await db.query<{
    count: string;
    unsent: string;
    last_written: Date | string | null;
    last_sent: Date | string | null;
  }>(
    `select count(*)::text as count, count(*) filter (where sent_at is null)::text as unsent,
            max(created_at) as last_written, max(sent_at) as last_sent from outbox`,
  );
  const errors = await db.query<ErrorRow>(ERRORS_SQL, [OVERVIEW_ERRORS]);
  return {
    version: packageVersion(),
    database: { kind: db.kind, sizeBytes: Number(size?.size ?? 0) },
    events: Number(events?.total ?? 0),
    jobs: {
      queued: jobCount('queued'),
      running: jobCount('running'),
      failed: jobCount('failed'),
      done: jobCount('done'),
      lastError: lastJobError ? toError(lastJobError) : null,
    },
    statements: summed(
      statementRows.map((row) => ({
        status: statusOfState[row.state] ?? row.state,
        count: Number(row.count),
      })),
    ),
    payments: summed(
      paymentRows.map((row) => ({
        status: statusOf(paymentSnapshotOf(paymentMachineStateOf(row.state, row.hold_reason))),
        count: Number(row.count),
      })),
    ),
    outbox: {
      count: Number(outbox?.count ?? 0),
      unsent: Number(outbox?.unsent ?? 0),
      lastWrittenAt: epochSeconds(outbox?.last_written ?? null),
      lastSentAt: epochSeconds(outbox?.last_sent ?? null),
    },
    errors: errors.map(toError),
  };
}
