import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import {
  CRASHED_ERROR,
  JobRunner,
  MAX_ATTEMPTS,
  type Job,
  type JobHandler,
  type JobRunnerOptions,
} from '../../../server/jobs/queue';
import { freshDatabase, TestClock } from '../harness';

/** A job that waits until the test lets it end. */
class Gate {
  private open: () => void = () => {};
  readonly passed = new Promise<void>((resolve) => (this.open = resolve));
  release(): void {
    this.open();
  }
}

const until = async (condition: () => boolean, timeoutMs = 10_000) => {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the job queue', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const clock = new TestClock();
  // Names of the jobs in the order they started, and the gates some of them wait at.
  let started: string[];
  let gates: Map<string, Gate>;
  let failOnce: Set<string>;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await drop();
  });
  beforeEach(async () => {
    await db.query('delete from jobs');
    started = [];
    gates = new Map();
    failOnce = new Set();
  });

  const handler: JobHandler = {
    run: async (job: Job) => {
      const name = String(job.payload.name);
      started.push(name);
      if (failOnce.delete(name)) throw new Error(`${name} broke`);
      await gates.get(name)?.passed;
    },
    giveUp: async () => {},
  };
  const runner = (options: Partial<JobRunnerOptions> = {}) => {
    const created = new JobRunner(
      db,
      {
        'statement.parse': handler,
        'statement.calculate': handler,
        'statement.record-tables': handler,
      },
      clock.now,
      () => {},
      { pollMs: 50, ...options },
    );
    runners.push(created);
    return created;
  };
  const queue = async (name: string, account: string) =>
    (
      await db.query<{ id: string }>(
        `insert into jobs (kind, payload, status, created_at, account_id)
         values ('statement.parse', $1, 'queued', $2, $3) returning id::text as id`,
        [JSON.stringify({ name }), clock.now().toISOString(), account],
      )
    )[0]?.id ?? '';
  const jobRow = async (id: string) =>
    (
      await db.query<{ status: string; attempts: number; error: string | null }>(
        'select status, attempts, error from jobs where id = $1',
        [id],
      )
    )[0];

  it('takes turns between accounts, so one label’s long queue never holds another’s back', async () => {
    await queue('a1', 'label-a');
    await queue('a2', 'label-a');
    await queue('a3', 'label-a');
    await queue('b1', 'label-b');
    await runner().drain();
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('runs one job of an account at a time across processes, and other accounts’ meanwhile', async () => {
    const a1 = new Gate();
    gates.set('a1', a1);
    await queue('a1', 'label-a');
    await queue('a2', 'label-a');
    await queue('b1', 'label-b');
    const first = runner({ leaseMs: 2000, heartbeatMs: 200 });
    const second = runner({ leaseMs: 2000, heartbeatMs: 200 });
    await first.start();
    await second.start();
    await until(() => started.includes('b1'));
    // b1 has run to its end while a1 still runs; a2 waits for a1 however free the runners are.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started).toEqual(['a1', 'b1']);
    a1.release();
    await until(() => started.includes('a2'));
    await Promise.all([first.stop(), second.stop()]);
    expect(started).toEqual(['a1', 'b1', 'a2']);
  });

  it('never takes a job from a live process, whose heartbeat renews its lease', async () => {
    const long = new Gate();
    gates.set('long', long);
    const id = await queue('long', 'label-a');
    const holder = runner({ leaseMs: 300, heartbeatMs: 75 });
    await holder.start();
    await until(() => started.includes('long'));
    const other = runner({ leaseMs: 300, heartbeatMs: 75 });
    // Four leases long, the other process keeps looking and finds nothing to take.
    for (let look = 0; look < 12; look += 1) {
      await other.drain();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(started).toEqual(['long']);
    long.release();
    await holder.stop();
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: 1, error: null });
  });

  it('takes again the job of a process that died once its lease ran out, counting that attempt', async () => {
    const id = await queue('orphan', 'label-a');
    await db.query(
      `update jobs set status = 'running', attempts = 1, locked_by = 'a process that died',
              locked_until = now() + interval '400 milliseconds' where id = $1`,
      [id],
    );
    const survivor = runner({ leaseMs: 300, heartbeatMs: 75 });
    await survivor.drain();
    expect(started).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await survivor.drain();
    expect(started).toEqual(['orphan']);
    // The log keeps what happened to the first run.
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: 2, error: CRASHED_ERROR });
  });

  it('waits longer before each new attempt of a failed job', async () => {
    failOnce.add('flaky');
    const id = await queue('flaky', 'label-a');
    const retrying = runner({ retryDelayMs: 5000 });
    await retrying.drain();
    expect(await jobRow(id)).toEqual({
      status: 'queued',
      attempts: 1,
      error: 'Error: flaky broke',
    });
    clock.advance(4000);
    await retrying.drain();
    expect(started).toEqual(['flaky']);
    clock.advance(1000);
    await retrying.drain();
    expect(started).toEqual(['flaky', 'flaky']);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(MAX_ATTEMPTS).toBe(3);
  });
});
