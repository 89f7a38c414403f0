import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASHED_ERROR, MAX_ATTEMPTS } from '../../../server/jobs/queue';
import { makeRecordPartition } from '../../../server/db/recordPartitions';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';

interface JobRow {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  error: string | null;
}

describe('a job whose process dies', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id as string;
  });
  afterAll(() => portal.close());

  const jobsOf = (statementId: string) =>
    portal.db.query<JobRow>(
      `select id::text as id, kind, status, attempts, error from jobs
        where payload->>'statementId' = $1 order by id`,
      [statementId],
    );
  // What the runner does when it takes a job; its process then dies, and its lease runs out.
  const takeAndDie = async (jobId: string) => {
    await portal.db.query(
      `update jobs set status = 'running', attempts = attempts + 1, started_at = now(),
              locked_by = 'a process that died', locked_until = now() - interval '1 second'
        where id = $1`,
      [jobId],
    );
    await portal.app.jobs.recover();
  };

  it('counts each crash as an attempt and, after the last, refuses the file it was reading', async () => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-09', expected: null },
      [
        { filename: 'a-poison.tsv', content: distroKidHeader() + distroKidLine({ earnings: '7' }) },
        { filename: 'b-good.tsv', content: distroKidHeader() + distroKidLine({ earnings: '3' }) },
      ],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const statementId = answer.json()[0].id as string;
    const [job] = await jobsOf(statementId);
    if (!job) throw new Error('no job was queued');

    for (let crash = 1; crash < MAX_ATTEMPTS; crash += 1) {
      await takeAndDie(job.id);
      expect(await jobsOf(statementId)).toEqual([
        { ...job, status: 'queued', attempts: crash, error: CRASHED_ERROR },
      ]);
    }
    // The last run had copied part of the poison file's rows when its process died.
    await makeRecordPartition(portal.db, statementId);
    await portal.db.query(
      `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist,
                                      service, format, format_raw, units, revenue, kind, currency)
       select $1, f.id, n, 'QZDM12600001', 'isrc', 'Song', 'Aria Vale', 'Spotify', 'stream',
              'Stream', 1, 1000, 'sale', 'USD'
         from statement_files f, generate_series(2, 6) n
        where f.statement_id = $1 and f.name = 'a-poison.tsv'`,
      [statementId],
    );
    await takeAndDie(job.id);

    const [failed, next] = await jobsOf(statementId);
    expect(failed).toEqual({
      ...job,
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      error: CRASHED_ERROR,
    });
    expect(next).toMatchObject({ kind: 'statement.parse', status: 'queued', attempts: 0 });
    // A later start never runs the failed job again; the new one reads the other file.
    await portal.app.jobs.recover();
    await portal.app.jobs.drain();
    // The second reading is followed by the job that keeps its records as record tables.
    expect((await jobsOf(statementId)).map((row) => [row.kind, row.status])).toEqual([
      ['statement.parse', 'failed'],
      ['statement.parse', 'done'],
      ['statement.record-tables', 'done'],
    ]);

    const statement = (await get(portal.app, lena, `/api/statements/${statementId}`)).json();
    expect(statement.status).toBe('failed');
    const byName = (name: string) =>
      statement.files.find((file: { name: string }) => file.name === name);
    expect(byName('a-poison.tsv')).toMatchObject({
      status: 'rejected',
      error: `The portal stopped ${MAX_ATTEMPTS} times while reading this file, so it was set aside: check the file and upload it again, or ask support.`,
    });
    expect(byName('b-good.tsv')).toMatchObject({ status: 'read', error: null });
    expect(statement.revenue).toBe('3');
    const [stored] = await portal.db.query<{ n: string }>(
      'select count(*)::text as n from statement_records where statement_id = $1',
      [statementId],
    );
    expect(stored?.n).toBe('1');
  });

  it('fails a calculation that keeps stopping the process, and the label can calculate again', async () => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-08', expected: null, cashless: true },
      [{ filename: 'august.tsv', content: distroKidHeader() + distroKidLine({ earnings: '5' }) }],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const statementId = answer.json()[0].id as string;
    await portal.app.jobs.drain();
    const calculate = () =>
      write(portal.app, lena, 'POST', `/api/statements/${statementId}/calculate`, {});
    expect((await calculate()).statusCode).toBe(200);
    const calculation = (await jobsOf(statementId)).find(
      (row) => row.kind === 'statement.calculate',
    );
    if (!calculation) throw new Error('no calculation was queued');
    for (let crash = 1; crash <= MAX_ATTEMPTS; crash += 1) await takeAndDie(calculation.id);

    // Back where the label calculates from, with the reason in its history.
    const statement = (await get(portal.app, lena, `/api/statements/${statementId}`)).json();
    expect(statement.status).toBe('funded');
    expect((await jobsOf(statementId)).map((row) => [row.kind, row.status])).toEqual([
      ['statement.parse', 'done'],
      ['statement.record-tables', 'done'],
      ['statement.calculate', 'failed'],
    ]);
    const history = (
      await portal.db.query<{ message: string }>(
        `select data->>'message' as message from events
          where stream_id = $1 and type = 'CalculationFailed'`,
        [`statement-${statementId}`],
      )
    ).map((row) => row.message);
    expect(history).toEqual([
      `The portal stopped ${MAX_ATTEMPTS} times while calculating this statement: calculate again, or ask support if it happens again.`,
    ]);
    expect((await calculate()).statusCode).toBe(200);
    await portal.app.jobs.drain();
    const again = (await get(portal.app, lena, `/api/statements/${statementId}`)).json();
    expect(again.status).toBe('pending-approval');
  });
});
