import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, type TestPortal } from '../harness';
import { deskFixture, UNKNOWN_ISRC, YEN_REFUSAL, type DeskFixture } from './deskFixture';

const DESK_ROUTES = [
  '/api/admin/overview',
  '/api/admin/logs/statements',
  '/api/admin/logs/jobs',
  '/api/events',
  '/api/events?format=csv',
];

describe("the admin's desk", () => {
  let portal: TestPortal;
  let desk: DeskFixture;

  beforeAll(async () => {
    portal = await startPortal();
    desk = await deskFixture(portal);
  });
  afterAll(() => portal.close());

  it('shows the install at a glance with the numbers its tables hold', async () => {
    const overview = (await get(portal.app, desk.ada, '/api/admin/overview')).json();
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(overview.version).toBe(pkg.version);
    expect(overview.database.kind).toBe(portal.databaseUrl ? 'postgres' : 'pglite');
    expect(overview.database.sizeBytes).toBeGreaterThan(1_000_000);
    const statusOf = (status: string) =>
      overview.statements.find((row: { status: string }) => row.status === status)?.count ?? 0;
    expect(statusOf('failed')).toBe(1);
    expect(
      overview.statements.reduce((sum: number, row: { count: number }) => sum + row.count, 0),
    ).toBe(2);
    // The jobs as the table holds them: the desk's statements read, nothing waiting or running,
    // and as failed the job another test of this file fails, if it ran first.
    const jobs = await portal.db.query<{ status: string; count: number }>(
      'select status, count(*)::int as count from jobs group by status',
    );
    const jobsIn = (status: string) => jobs.find((row) => row.status === status)?.count ?? 0;
    expect(overview.jobs).toMatchObject({
      queued: 0,
      running: 0,
      failed: jobsIn('failed'),
      done: jobsIn('done'),
    });
    expect(overview.jobs.done).toBeGreaterThanOrEqual(2);
    const [mails] = await portal.db.query<{ count: string }>(
      'select count(*)::text as count from outbox',
    );
    expect(overview.outbox.count).toBe(Number(mails?.count));
    expect(overview.payments).toEqual([]);
    expect(overview.errors[0]).toMatchObject({
      source: 'file',
      message: YEN_REFUSAL,
      statementId: desk.refused,
      accountName: 'Demo Records',
    });
  });

  it('lists a failed job in the overview and the job log with its last error', async () => {
    await portal.db.query(
      `insert into jobs (kind, payload, status, attempts, error, created_at, started_at, finished_at)
       values ('statement.parse', $1, 'failed', 3, 'disk full', $2, $2, $3)`,
      [JSON.stringify({ statementId: desk.read }), '2026-11-01T10:00:00Z', '2026-11-01T10:00:07Z'],
    );
    const overview = (await get(portal.app, desk.ada, '/api/admin/overview')).json();
    expect(overview.jobs.failed).toBe(1);
    expect(overview.jobs.lastError).toMatchObject({
      source: 'job',
      message: 'disk full',
      statementId: desk.read,
    });
    const failed = (await get(portal.app, desk.ada, '/api/admin/logs/jobs?status=failed')).json();
    expect(failed.total).toBe(1);
    expect(failed.items[0]).toMatchObject({
      kind: 'statement.parse',
      attempts: 3,
      error: 'disk full',
      statementId: desk.read,
      accountName: 'Demo Records',
      durationSeconds: 7,
    });
    const ofRefused = (
      await get(portal.app, desk.ada, `/api/admin/logs/jobs?statement=${desk.refused}`)
    ).json();
    expect(ofRefused.items.map((job: { statementId: string }) => job.statementId)).toEqual(
      Array(ofRefused.total).fill(desk.refused),
    );
    expect(ofRefused.items[0].status).toBe('done');
  });

  it('logs every pipeline step of a statement, timed, with the refused file failed', async () => {
    const log = (
      await get(portal.app, desk.ada, `/api/admin/logs/statements?statement=${desk.refused}`)
    ).json();
    const types = log.items.map((step: { type: string }) => step.type);
    expect(types.at(-1)).toBe('StatementUploaded');
    expect(types).toContain('StatementParsed');
    expect(log.items.at(-1).durationSeconds).toBeNull();
    const rejected = log.items.find(
      (step: { type: string }) => step.type === 'StatementFileRejected',
    );
    expect(rejected).toMatchObject({
      outcome: 'failed',
      fileName: 'b-yen.tsv',
      message: YEN_REFUSAL,
    });
    expect(rejected.durationSeconds).toBeGreaterThanOrEqual(0);
    const read = log.items.find((step: { type: string }) => step.type === 'StatementFileRead');
    expect(read).toMatchObject({ outcome: 'ok', fileName: 'a-dollars.tsv' });

    const failedOnly = (
      await get(portal.app, desk.ada, '/api/admin/logs/statements?status=failed')
    ).json();
    expect(
      new Set(failedOnly.items.map((step: { statementId: string }) => step.statementId)),
    ).toEqual(new Set([desk.refused]));
    const page = (
      await get(
        portal.app,
        desk.ada,
        `/api/admin/logs/statements?account=${desk.accountId}&limit=2&offset=1`,
      )
    ).json();
    const all = (
      await get(portal.app, desk.ada, `/api/admin/logs/statements?account=${desk.accountId}`)
    ).json();
    expect(page.total).toBe(all.total);
    expect(page.items.map((step: { seq: string }) => step.seq)).toEqual(
      all.items.slice(1, 3).map((step: { seq: string }) => step.seq),
    );
    const other = (
      await get(portal.app, desk.ada, '/api/admin/logs/statements?account=nobody')
    ).json();
    expect(other).toEqual({ items: [], total: 0 });
  });

  it('shows each e-mail with its recipient’s name and language', async () => {
    const asked = await portal.app.inject({
      method: 'POST',
      url: '/api/password-resets',
      payload: { username: 'payee@demo.label' },
    });
    expect(asked.statusCode).toBeLessThan(300);
    const outbox = (await get(portal.app, desk.ada, '/api/outbox?q=payee@demo.label')).json();
    expect(outbox.items[0]).toMatchObject({
      recipient: 'payee@demo.label',
      recipientName: 'Paco Payee',
      language: 'en',
      subject: expect.any(String),
    });
    const stranger = (await get(portal.app, desk.ada, '/api/outbox?q=nobody@elsewhere')).json();
    expect(stranger).toEqual({ items: [], total: 0 });
  });

  it('gives the overseer the accounts needing attention, the distributors and the codes waiting', async () => {
    const otto = await login(portal.app, 'overseer@demo.label');
    const answer = await get(portal.app, otto, '/api/overseer');
    expect(answer.statusCode).toBe(200);
    const deskAnswer = answer.json();
    const demo = deskAnswer.accounts.find(
      (account: { name: string }) => account.name === 'Demo Records',
    );
    expect(demo).toMatchObject({ ownerUsername: 'label@demo.label', failed: 1, missingCodes: 1 });
    expect(deskAnswer.codes).toContainEqual(
      expect.objectContaining({
        code: UNKNOWN_ISRC,
        rows: 1,
        revenue: '12.5',
        currency: 'USD',
        statementId: desk.read,
      }),
    );
    expect(deskAnswer.codesTotal).toBeGreaterThanOrEqual(1);
    expect(deskAnswer.distributors).toContainEqual(
      expect.objectContaining({ name: 'DistroKid', hasTemplate: true, statements: 2 }),
    );
  });

  it('refuses labels, payees and overseers the admin routes with 403, and labels the overseer’s', async () => {
    const callers = {
      label: desk.lena,
      payee: await login(portal.app, 'payee@demo.label'),
      overseer: await login(portal.app, 'overseer@demo.label'),
    };
    for (const [name, who] of Object.entries(callers)) {
      for (const url of DESK_ROUTES)
        expect(`${name} ${url} ${(await get(portal.app, who, url)).statusCode}`).toBe(
          `${name} ${url} 403`,
        );
    }
    for (const who of [callers.label, callers.payee])
      expect((await get(portal.app, who, '/api/overseer')).statusCode).toBe(403);
    for (const url of [...DESK_ROUTES, '/api/overseer'])
      expect((await get(portal.app, desk.ada, url)).statusCode).toBe(200);
  });
});
