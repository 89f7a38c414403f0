import type {
  JobLog,
  JobLogQuery,
  JobRun,
  StatementLog,
  StatementLogQuery,
  StatementLogStep,
} from '../../api/adminLogs';
import { epochSeconds } from '../../api/common';
import { statusOfState } from '../../machines/statementMachine';
import type { Queryable } from '../db/database';
import { pagedList } from './pagedList';

/** The statement states whose status is `status` (several states read as one status). */
const statesOf = (status: string | undefined): string[] | null =>
  status
    ? Object.entries(statusOfState)
        .filter(([, read]) => read === status)
        .map(([state]) => state)
    : null;

interface StepRow extends Record<string, unknown> {
  seq: string;
  statement_id: string;
  statement_title: string;
  account_id: string;
  account_name: string;
  type: string;
  data: Record<string, unknown> | string;
  file_name: string | null;
  at: Date | string;
  previous_at: Date | string | null;
}

const seconds = (from: Date | string | null, to: Date | string | null): number | null =>
  from === null || to === null
    ? null
    : Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000));

/** A step failed when it refused a file, failed to parse or failed to calculate. */
function outcomeOf(type: string, data: Record<string, unknown>): StatementLogStep['outcome'] {
  if (type === 'StatementFileRejected' || type === 'CalculationFailed') return 'failed';
  if (type === 'StatementParsed' && data.outcome === 'failed') return 'failed';
  if (type === 'StatementTransitioned' && data.event === 'calculation.fail') return 'failed';
  return 'ok';
}

function toStep(row: StepRow): StatementLogStep {
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<
    string,
    unknown
  >;
  const transition = row.type === 'StatementTransitioned';
  const message = typeof data.error === 'string' ? data.error : data.message;
  return {
    seq: row.seq,
    statementId: row.statement_id,
    statementTitle: row.statement_title,
    accountId: row.account_id,
    accountName: row.account_name,
    type: row.type,
    machineEvent: transition && typeof data.event === 'string' ? data.event : null,
    statusAfter:
      transition && typeof data.to === 'string' ? (statusOfState[data.to] ?? data.to) : null,
    fileName: row.file_name,
    outcome: outcomeOf(row.type, data),
    message: typeof message === 'string' ? message : null,
    at: epochSeconds(row.at) ?? 0,
    durationSeconds: seconds(row.previous_at, row.at),
  };
}

/** Every step of every statement the filters keep, newest first, timed from the step before. */
export function listStatementLog(db: Queryable, query: StatementLogQuery): Promise<StatementLog> {
  return pagedList(
    db,
    {
      sql: `select e.seq, e.seq::text as seq_text, s.id as statement_id, s.title as statement_title,
                   s.account_id, a.name as account_name, e.type, e.data, f.name as file_name, e.at,
                   lag(e.at) over (partition by e.stream_id order by e.seq) as previous_at
              from events e join statements s on e.stream_id = 'statement-' || s.id
              join accounts a on a.id = s.account_id
              left join statement_files f on f.id = e.data->>'fileId'
             where ($1::text is null or s.account_id = $1)
               and ($2::text is null or s.id = $2)
               and ($3::text[] is null or s.state = any($3::text[]))`,
      params: [query.account ?? null, query.statement ?? null, statesOf(query.status)],
      orderBy: 'seq desc',
    },
    query,
    (row: StepRow & { seq_text: string }) => toStep({ ...row, seq: row.seq_text }),
  );
}

interface JobRow extends Record<string, unknown> {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  error: string | null;
  statement_id: string | null;
  statement_title: string | null;
  account_name: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const toJob = (row: JobRow): JobRun => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  attempts: Number(row.attempts),
  error: row.error,
  statementId: row.statement_id,
  statementTitle: row.statement_title,
  accountName: row.account_name,
  createdAt: epochSeconds(row.created_at) ?? 0,
  startedAt: epochSeconds(row.started_at),
  finishedAt: epochSeconds(row.finished_at),
  durationSeconds: row.finished_at ? seconds(row.started_at, row.finished_at) : null,
});

/** Every job the filters keep, newest first. */
export function listJobs(db: Queryable, query: JobLogQuery): Promise<JobLog> {
  return pagedList(
    db,
    {
      sql: `select j.id as job_seq, j.id::text as id, j.kind, j.status, j.attempts, j.error,
                   s.id as statement_id, s.title as statement_title, a.name as account_name,
                   j.created_at, j.started_at, j.finished_at
              from jobs j left join statements s on s.id = j.payload->>'statementId'
              left join accounts a on a.id = s.account_id
             where ($1::text is null or s.account_id = $1)
               and ($2::text is null or s.id = $2)
               and ($3::text is null or j.status = $3)`,
      params: [query.account ?? null, query.statement ?? null, query.status ?? null],
      orderBy: 'job_seq desc',
    },
    query,
    toJob,
  );
}
