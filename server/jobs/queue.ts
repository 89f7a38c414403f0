import type { Database, Queryable } from '../db/database';

export type JobKind = 'statement.parse' | 'statement.calculate';

export interface Job {
  id: string;
  kind: JobKind;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Queued in the same transaction as the change that needs it, so neither exists alone. */
export async function enqueueJob(
  tx: Queryable,
  kind: JobKind,
  payload: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into jobs (kind, payload, status, created_at) values ($1, $2, 'queued', $3)`,
    [kind, JSON.stringify(payload), now.toISOString()],
  );
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

/** After this many failed runs a job stays failed and its statement shows the error. */
export const MAX_ATTEMPTS = 3;

/**
 * Runs queued jobs one at a time. A job that was running when the process died is queued
 * again at start: handlers redo their work in one transaction, so a rerun never doubles it.
 */
export class JobRunner {
  private wake: (() => void) | null = null;
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<JobKind, JobHandler>,
    private readonly now: () => Date,
    private readonly log: (message: string, detail: object) => void,
  ) {}

  async start(): Promise<void> {
    await this.recover();
    this.loop = this.run();
  }

  /**
   * Queues again what a process that died was running (its transaction never committed): that
   * run counts as an attempt, so a job that kills the process every time ends failed after
   * MAX_ATTEMPTS instead of running again at every start.
   */
  async recover(): Promise<void> {
    const crashed = await this.db.query<{
      id: string;
      kind: JobKind;
      payload: Record<string, unknown>;
      attempts: number;
    }>(
      `update jobs set status = case when attempts >= $1 then 'running' else 'queued' end, error = $2
        where status = 'running'
        returning id::text as id, kind, payload, attempts`,
      [MAX_ATTEMPTS, CRASHED_ERROR],
    );
    for (const job of crashed.filter((row) => Number(row.attempts) >= MAX_ATTEMPTS)) {
      await this.finishFailed({ ...job, attempts: Number(job.attempts) }, { crashed: true });
    }
  }

  /** Out of attempts: the statement says why, and the job stays failed with its last error. */
  private async finishFailed(job: Job, cause: GiveUpCause): Promise<void> {
    const now = this.now();
    const markFailed = (tx: Queryable) =>
      tx.query(`update jobs set status = 'failed', error = $2, finished_at = $3 where id = $1`, [
        job.id,
        cause.crashed ? CRASHED_ERROR : cause.error,
        now.toISOString(),
      ]);
    try {
      await this.db.transaction(async (tx) => {
        await this.handlers[job.kind].giveUp(tx, job, cause, now);
        await markFailed(tx);
      });
    } catch (error) {
      // The statement could not take the reason (it moved on meanwhile): the job still ends.
      this.log('job could not be set aside', { job: job.id, kind: job.kind, error: String(error) });
      await markFailed(this.db);
    }
  }

  /** Asks the runner to look at the queue now rather than at its next poll. */
  poke(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.loop;
  }

  /** Runs every queued job to the end; for tests and command-line tools. */
  async drain(): Promise<void> {
    while (await this.runNext()) {
      // keep going until the queue is empty
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
          const timer = setTimeout(resolve, 1000);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }

  private async runNext(): Promise<boolean> {
    const claimed = await this.db.query<{
      id: string;
      kind: JobKind;
      payload: Record<string, unknown>;
      attempts: number;
    }>(
      `update jobs set status = 'running', attempts = attempts + 1, started_at = $1
        where id = (select id from jobs where status = 'queued' order by id limit 1 for update skip locked)
        returning id::text as id, kind, payload, attempts`,
      [this.now().toISOString()],
    );
    const job = claimed[0];
    if (!job) return false;
    try {
      await this.handlers[job.kind].run({ ...job, attempts: Number(job.attempts) });
      await this.db.query(`update jobs set status = 'done', finished_at = $2 where id = $1`, [
        job.id,
        this.now().toISOString(),
      ]);
    } catch (error) {
      const status = Number(job.attempts) >= MAX_ATTEMPTS ? 'failed' : 'queued';
      this.log('job failed', { job: job.id, kind: job.kind, error: String(error), status });
      if (status === 'failed') {
        const attempts = Number(job.attempts);
        await this.finishFailed({ ...job, attempts }, { crashed: false, error: String(error) });
        return true;
      }
      await this.db.query(
        `update jobs set status = $2, error = $3, finished_at = $4 where id = $1`,
        [job.id, status, String(error), this.now().toISOString()],
      );
    }
    return true;
  }
}
