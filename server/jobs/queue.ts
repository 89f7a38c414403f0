import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';

/**
 * What a job does: read a statement's files, calculate it, or keep its read files' records as
 * record tables in the blob store (written after the reading, so an import's time is its reading
 * alone; a calculation that comes first writes the missing tables itself).
 */
export type JobKind = 'statement.parse' | 'statement.calculate' | 'statement.record-tables';

export interface Job {
  id: string;
  kind: JobKind;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Channel on which a committed enqueue wakes the runners of every process. */
const JOBS_CHANNEL = 'portal_jobs';

/**
 * Queued in the same transaction as the change that needs it, so neither exists alone. The job
 * belongs to the statement's account, which is what the runners share their time fairly between.
 */
export async function enqueueJob(
  tx: Queryable,
  kind: JobKind,
  payload: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into jobs (kind, payload, status, created_at, account_id)
     values ($1, $2, 'queued', $3, (select account_id from statements where id = $2::jsonb->>'statementId'))`,
    [kind, JSON.stringify(payload), now.toISOString()],
  );
  // Sent when the transaction commits, and never if it rolls back.
  await tx.query(`select pg_notify($1, '')`, [JOBS_CHANNEL]);
}

/** Why a job stopped being tried: its handler kept failing, or its process kept dying in it. */
export type GiveUpCause = { crashed: true } | { crashed: false; error: string };

export interface JobHandler {
  run: (job: Job) => Promise<void>;
  /**
   * After the last attempt: records on the job's statement why it was set aside, in the
   * transaction that marks the job failed, so a crash never does it twice or not at all.
   */
  giveUp: (tx: Queryable, job: Job, cause: GiveUpCause, now: Date) => Promise<void>;
}

/** What the jobs log shows for a run whose process died before it ended. */
export const CRASHED_ERROR = 'The process stopped while this job was running.';

/** After this many runs (failed, or whose process died) a job stays failed and its statement shows why. */
export const MAX_ATTEMPTS = 3;

export interface JobRunnerOptions {
  /** Jobs this process runs at once, each of a different account. */
  concurrency: number;
  /**
   * How long a running job stays its process's without a heartbeat; null: for the life of the
   * process (the embedded database, which one process holds, frees its jobs at the next start).
   */
  leaseMs: number | null;
  heartbeatMs: number;
  /** Wait before the second attempt of a failed job; each later one waits four times longer. */
  retryDelayMs: number;
  pollMs: number;
  /**
   * Called after each job this process ran, done or not (with standbys: its writers' sessions
   * then read from a standby only once it has replayed the job's work).
   */
  afterEachJob?: (() => Promise<void>) | undefined;
}

export function defaultJobRunnerOptions(kind: Database['kind']): JobRunnerOptions {
  return kind === 'postgres'
    ? { concurrency: 2, leaseMs: 30_000, heartbeatMs: 6_000, retryDelayMs: 5_000, pollMs: 1000 }
    : // One PGlite connection runs one transaction at a time: a second runner would only wait.
      { concurrency: 1, leaseMs: null, heartbeatMs: 0, retryDelayMs: 5_000, pollMs: 1000 };
}

// Serialises claims across processes, so two runners never start two jobs of one account.
const CLAIM_LOCK = 72_400_001;

interface JobRow {
  id: string;
  kind: JobKind;
  payload: Record<string, unknown>;
  attempts: number;
}

const toJob = (row: JobRow): Job => ({ ...row, attempts: Number(row.attempts) });

/**
 * The job queue on the portal's database, shared by every process that opens it.
 *
 * A process takes a job with a lease that its heartbeat renews while the job runs; a job whose
 * lease ran out belongs to a process that died, and goes back to the queue, that run counting as
 * an attempt. A failed job waits longer before each new attempt. An account has one job running
 * at a time across all processes, and the account whose last job started longest ago goes
 * first, so one label's big imports never hold the others back. Handlers redo their work in one
 * transaction, so a rerun never doubles it.
 */
export class JobRunner {
  private readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly options: JobRunnerOptions;
  private wakers = new Set<() => void>();
  private stopped = false;
  private loops: Promise<void>[] = [];
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<JobKind, JobHandler>,
    private readonly now: () => Date,
    private readonly log: (message: string, detail: object) => void,
    options: Partial<JobRunnerOptions> = {},
  ) {
    this.options = { ...defaultJobRunnerOptions(db.kind), ...options };
  }

  async start(): Promise<void> {
    await this.recover();
    this.unlisten = await this.db.listen(JOBS_CHANNEL, () => this.poke());
    this.stopped = false;
    this.loops = Array.from({ length: this.options.concurrency }, () => this.run());
  }

  /**
   * At start on the embedded database, every running job is a dead process's (this process
   * holds the data folder): its lease ends now. Then expired jobs go back to the queue, or end
   * failed once they have used their attempts.
   */
  async recover(): Promise<void> {
    if (this.db.kind === 'pglite') {
      await this.db.query(
        `update jobs set locked_until = '-infinity' where status = 'running'
            and (locked_until is null or locked_until > now())`,
      );
    }
    await this.reclaimExpired();
  }

  /** Asks the runners to look at the queue now rather than at their next poll. */
  poke(): void {
    for (const wake of [...this.wakers]) wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    await Promise.all(this.loops);
    this.loops = [];
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Runs every job that is due to the end; for tests and command-line tools. */
  async drain(): Promise<void> {
    while (await this.runNext()) {
      // keep going until no job is due
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const ran = await this.runNext().catch((error: unknown) => {
        this.log('job runner failed', { error: String(error) });
        return false;
      });
      if (!ran && !this.stopped) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.wakers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, this.options.pollMs);
          this.wakers.add(wake);
        });
      }
    }
  }

  /** Jobs whose process died: queued again, or failed with the reason once out of attempts. */
  private async reclaimExpired(): Promise<void> {
    await this.db.query(
      `update jobs set status = 'queued', locked_by = null, locked_until = null, run_after = null,
              error = $2
        where status = 'running' and locked_until < now() and attempts < $1`,
      [MAX_ATTEMPTS, CRASHED_ERROR],
    );
    const exhausted = await this.db.query<JobRow>(
      `select id::text as id, kind, payload, attempts from jobs
        where status = 'running' and locked_until < now() and attempts >= $1`,
      [MAX_ATTEMPTS],
    );
    for (const row of exhausted) await this.finishFailed(toJob(row), { crashed: true }, null);
  }

  private async claim(): Promise<Job | null> {
    const leaseMs = this.options.leaseMs;
    const rows = await this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      return tx.query<JobRow>(
        `update jobs set status = 'running', attempts = attempts + 1, started_at = $1,
                locked_by = $2,
                locked_until = case when $3::int is null then 'infinity'::timestamptz
                                    else clock_timestamp() + $3::int * interval '1 millisecond' end
          where id = (
            select j.id from jobs j
             where j.status = 'queued' and (j.run_after is null or j.run_after <= $1)
               and (j.account_id is null or not exists (
                     select 1 from jobs r where r.account_id = j.account_id and r.status = 'running'))
             order by (select max(r.started_at) from jobs r where r.account_id = j.account_id)
                      asc nulls first, j.id
             limit 1)
          returning id::text as id, kind, payload, attempts`,
        [this.now().toISOString(), this.workerId, leaseMs],
      );
    });
    const row = rows[0];
    return row ? toJob(row) : null;
  }

  /** Renews the job's lease while it runs; says so when another process took it meanwhile. */
  private keepLease(job: Job): () => void {
    const leaseMs = this.options.leaseMs;
    if (leaseMs === null) return () => {};
    const timer = setInterval(() => {
      this.db
        .query(
          `update jobs set locked_until = clock_timestamp() + $3::int * interval '1 millisecond'
            where id = $1 and locked_by = $2 and status = 'running' returning id`,
          [job.id, this.workerId, leaseMs],
        )
        .then(
          (renewed) => {
            if (renewed.length === 0) this.log('job lease lost', { job: job.id, kind: job.kind });
          },
          (error: unknown) =>
            this.log('job heartbeat failed', { job: job.id, error: String(error) }),
        );
    }, this.options.heartbeatMs);
    return () => clearInterval(timer);
  }

  private async runNext(): Promise<boolean> {
    await this.reclaimExpired();
    const job = await this.claim();
    if (!job) return false;
    try {
      await this.runClaimed(job);
    } finally {
      await this.options
        .afterEachJob?.()
        .catch((error: unknown) =>
          this.log('job end not noted', { job: job.id, error: String(error) }),
        );
    }
    return true;
  }

  private async runClaimed(job: Job): Promise<void> {
    const release = this.keepLease(job);
    try {
      await this.handlers[job.kind].run(job);
      release();
      // Done whoever holds it now: a process that lost its lease and still finished did the work,
      // and a later run of it finds nothing left to do.
      await this.db.query(
        `update jobs set status = 'done', finished_at = $2, locked_by = null, locked_until = null
          where id = $1 and status <> 'done'`,
        [job.id, this.now().toISOString()],
      );
    } catch (error) {
      release();
      const exhausted = job.attempts >= MAX_ATTEMPTS;
      this.log('job failed', {
        job: job.id,
        kind: job.kind,
        error: String(error),
        status: exhausted ? 'failed' : 'queued',
      });
      if (exhausted) {
        await this.finishFailed(job, { crashed: false, error: String(error) }, this.workerId);
        return;
      }
      const retryAt = new Date(
        this.now().getTime() + this.options.retryDelayMs * 4 ** (job.attempts - 1),
      );
      await this.db.query(
        `update jobs set status = 'queued', error = $3, finished_at = $4, run_after = $5,
                locked_by = null, locked_until = null
          where id = $1 and locked_by = $2 and status = 'running'`,
        [job.id, this.workerId, String(error), this.now().toISOString(), retryAt.toISOString()],
      );
    }
  }

  /**
   * Out of attempts: the statement says why, and the job stays failed with its last error. Only
   * the holder (`lockedBy`), or anyone once the lease ran out (null), ends it: each job once.
   */
  private async finishFailed(job: Job, cause: GiveUpCause, lockedBy: string | null): Promise<void> {
    const now = this.now();
    const error = cause.crashed ? CRASHED_ERROR : cause.error;
    const takeJob = (tx: Queryable) =>
      tx.query(
        `select id from jobs where id = $1 and status = 'running'
            and (locked_by = $2 or ($2::text is null and locked_until < now()))
          for update skip locked`,
        [job.id, lockedBy],
      );
    const markFailed = (tx: Queryable) =>
      tx.query(
        `update jobs set status = 'failed', error = $2, finished_at = $3, locked_by = null,
                locked_until = null where id = $1`,
        [job.id, error, now.toISOString()],
      );
    try {
      await this.db.transaction(async (tx) => {
        if ((await takeJob(tx)).length === 0) return;
        await this.handlers[job.kind].giveUp(tx, job, cause, now);
        await markFailed(tx);
      });
    } catch (giveUpError) {
      // The statement could not take the reason (it moved on meanwhile): the job still ends.
      this.log('job could not be set aside', {
        job: job.id,
        kind: job.kind,
        error: String(giveUpError),
      });
      await this.db.transaction(async (tx) => {
        if ((await takeJob(tx)).length > 0) await markFailed(tx);
      });
    }
  }
}
