// Three API processes on one PostgreSQL database import and calculate the statements of three
// labels, and one of them is killed with SIGKILL while it reads a file. Every statement ends
// whole, each file read once and each statement calculated once. PostgreSQL only: PGlite is one
// process's.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASHED_ERROR } from '../../../server/jobs/queue';
import { hashPassword } from '../../../server/auth/passwords';
import { createProduct } from '../../../server/catalog/service';
import { setProductSplits } from '../../../server/catalog/splitSets';
import { openAccount, registerUser } from '../../../server/services/registration';
import { startPortal, type TestPortal } from '../harness';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';
import { productDetails } from '../tenancy';

const PASSWORD = 'Several-servers-2026!';
const LABELS = ['north', 'south', 'west'];
const MONTHS = ['2026-07', '2026-08'];
const ROWS = 30_000;
// A short lease, so the survivors take the killed server's job within seconds.
const LEASE_MS = 5000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

function startServer(url: string, blobDir: string): Promise<{ child: ChildProcess; base: string }> {
  return freePort().then((port) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '..', '..', '..', 'server', 'main.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: url,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          BLOB_DIR: blobDir,
          PAYMENT_DATA_KEY: '07'.repeat(32),
          JOB_LEASE_MS: String(LEASE_MS),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    return new Promise((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Royalty portal on')) {
          resolve({ child, base: `http://127.0.0.1:${port}` });
        }
      });
      child.on('exit', (code, signal) => reject(new Error(`A server ended (${code ?? signal}).`)));
    });
  });
}

interface Session {
  cookie: string;
  csrf: string;
}

async function httpLogin(base: string, username: string): Promise<Session> {
  const response = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const pairs = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const csrf = pairs.find((pair) => pair.startsWith('portal_csrf='))?.slice(12) ?? '';
  return { cookie: pairs.join('; '), csrf };
}

const send = (base: string, who: Session, path: string, body: BodyInit, json = true) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      cookie: who.cookie,
      'x-csrf-token': who.csrf,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });

/** One month of a label's song: ROWS rows, the n-th earning n mod 1000 thousandths of a dollar. */
function statementFile(isrc: string, month: string): { text: string; thousandths: bigint } {
  const lines = [DISTROKID_HEADER];
  let thousandths = 0n;
  for (let row = 0; row < ROWS; row += 1) {
    const earned = row % 1000;
    thousandths += BigInt(earned);
    lines.push(
      distroKidLine({ isrc, earnings: `0.${String(earned).padStart(3, '0')}` }).replace(
        '2026-10-05\t2026-09',
        `${month}-05\t${month}`,
      ),
    );
  }
  return { text: lines.join(''), thousandths };
}

const dollars = (thousandths: bigint) =>
  `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`.replace(/\.?0+$/, '');

describe.runIf(process.env.TEST_DATABASE_URL)('three servers on one database', () => {
  let portal: TestPortal;
  const blobDir = mkdtempSync(join(tmpdir(), 'portal-shared-blobs-'));
  const servers: { child: ChildProcess; base: string }[] = [];
  const isrcs: Record<string, string> = {};

  beforeAll(async () => {
    portal = await startPortal();
    const passwordHash = await hashPassword(PASSWORD);
    const metadata = { actor: null, emulatingActor: null, at: portal.clock.now() };
    for (const [index, label] of LABELS.entries()) {
      const isrc = `QZSRV260000${index}`;
      isrcs[label] = isrc;
      await portal.db.transaction(async (tx) => {
        const account = await openAccount(tx, `${label} records`, 'label', metadata);
        const owner = await registerUser(
          tx,
          {
            accountId: account,
            username: `owner@${label}.example`,
            fullname: `Owner ${label}`,
            roles: ['owner'],
            passwordHash,
          },
          metadata,
        );
        const product = await createProduct(
          tx,
          account,
          productDetails(`${label} song`, `${label} records`),
          [{ code: isrc, kind: 'isrc' }],
          metadata,
        );
        await setProductSplits(
          tx,
          {
            productId: product,
            version: 1,
            publicUrl: 'http://localhost',
            splitSets: [
              {
                scope: 'product',
                kind: 'base',
                shares: [{ payeeId: owner, pct: '100' }],
              },
            ],
          },
          metadata,
        );
      });
    }
    const url = portal.databaseUrl ?? '';
    servers.push(...(await Promise.all([1, 2, 3].map(() => startServer(url, blobDir)))));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await portal.close();
    rmSync(blobDir, { recursive: true, force: true });
  });

  const statementState = async () =>
    portal.db.query<{ id: string; state: string; parse_status: string }>(
      'select id, state, parse_status from statements order by id',
    );
  const waitFor = async (what: string, ready: () => Promise<boolean>, timeoutMs = 90_000) => {
    const start = Date.now();
    while (!(await ready())) {
      if (Date.now() - start > timeoutMs) throw new Error(`Still waiting for ${what}`);
      await sleep(100);
    }
  };

  it('ends every statement whole and exactly once, though one server dies mid-import', async () => {
    const distroKid = (
      await portal.db.query<{ id: string }>(`select id from distributors where name = 'DistroKid'`)
    )[0]?.id;
    const expected = new Map<string, bigint>();
    // One login per label: its session is good on every server, which all read it from the database.
    const sessions: Record<string, Session> = {};
    for (const [index, label] of LABELS.entries()) {
      sessions[label] = await httpLogin(servers[index]?.base ?? '', `owner@${label}.example`);
    }
    // Each label uploads its months through different servers, each month's file a statement.
    const uploads = LABELS.flatMap((label, index) =>
      MONTHS.map(async (month, monthIndex) => {
        const server = servers[(index + monthIndex + 1) % servers.length];
        const who = sessions[label];
        if (!server || !who) throw new Error('no server');
        const file = statementFile(isrcs[label] ?? '', month);
        const form = new FormData();
        form.append(
          'body',
          JSON.stringify({
            distributor: distroKid,
            report_month: month,
            expected: null,
            cashless: true,
          }),
        );
        form.append('file', new Blob([file.text]), `${label}-${month}.tsv`);
        const answer = await send(server.base, who, '/api/statement/upload', form, false);
        expect(answer.status, await answer.clone().text()).toBe(201);
        const [statement] = (await answer.json()) as { id: string }[];
        expected.set(statement?.id ?? '', file.thousandths);
        return { label, who, statementId: statement?.id ?? '' };
      }),
    );
    const statements = await Promise.all(uploads);

    // The server reading a file right now is the one pulled out.
    let victim: { jobId: string; pid: number } | null = null;
    await waitFor('a file being read', async () => {
      const running = await portal.db.query<{ id: string; locked_by: string }>(
        `select id::text as id, locked_by from jobs where status = 'running' and kind = 'statement.parse'`,
      );
      const pids = new Set(servers.map((server) => server.child.pid));
      const held = running.find((job) => pids.has(Number(job.locked_by.split(':')[1])));
      if (held) victim = { jobId: held.id, pid: Number(held.locked_by.split(':')[1]) };
      return held !== undefined;
    });
    if (!victim) throw new Error('no job to interrupt');
    const { jobId, pid } = victim;
    const killed = servers.find((server) => server.child.pid === pid);
    killed?.child.kill('SIGKILL');
    const survivors = servers.filter((server) => server !== killed);
    const [caught] = await portal.db.query<{ status: string }>(
      'select status from jobs where id = $1',
      [jobId],
    );
    expect(caught?.status).toBe('running');

    await waitFor('every file read', async () =>
      (await statementState()).every((row) => row.parse_status === 'parsed'),
    );
    // Each label asks a surviving server for its calculations.
    await Promise.all(
      statements.map(async ({ label, statementId }, index) => {
        const server = survivors[index % survivors.length];
        const who = sessions[label];
        if (!server || !who) throw new Error('no survivor');
        const answer = await send(
          server.base,
          who,
          `/api/statements/${statementId}/calculate`,
          '{}',
        );
        expect(answer.status, await answer.clone().text()).toBe(200);
      }),
    );
    await waitFor('every calculation', async () =>
      (await statementState()).every((row) => row.state === 'pendingApproval'),
    );

    for (const [statementId, thousandths] of expected) {
      const [records] = await portal.db.query<{ n: string; total: string }>(
        `select count(*)::text as n, sum(revenue)::text as total from statement_records
          where statement_id = $1`,
        [statementId],
      );
      expect(records?.n).toBe(String(ROWS));
      expect(Number(records?.total)).toBeGreaterThan(0);
      expect(records?.total.replace(/\.?0+$/, '')).toBe(dollars(thousandths));
      const [payout] = await portal.db.query<{ total: string }>(
        `select sum(p.payout)::text as total from statement_payees p
           join statements s on s.calculation_id = p.calculation_id where s.id = $1`,
        [statementId],
      );
      expect(payout?.total.replace(/\.?0+$/, '')).toBe(dollars(thousandths));
      const events = await portal.db.query<{ type: string; n: string }>(
        `select type, count(*)::text as n from events where stream_id = $1
            and type in ('StatementFileRead', 'StatementCalculated', 'CalculationFailed')
          group by type order by type`,
        [`statement-${statementId}`],
      );
      expect(events).toEqual([
        { type: 'StatementCalculated', n: '1' },
        { type: 'StatementFileRead', n: '1' },
      ]);
    }
    const jobs = await portal.db.query<{ kind: string; status: string; n: string }>(
      `select kind, status, count(*)::text as n from jobs group by kind, status order by kind`,
    );
    expect(jobs).toEqual([
      { kind: 'statement.calculate', status: 'done', n: String(expected.size) },
      { kind: 'statement.parse', status: 'done', n: String(expected.size) },
      // Each reading is followed by the job that keeps its records as record tables.
      { kind: 'statement.record-tables', status: 'done', n: String(expected.size) },
    ]);
    // The killed server's run counted, and another server took the job again and ended it.
    const [interrupted] = await portal.db.query<{ attempts: number; error: string }>(
      'select attempts, error from jobs where id = $1',
      [jobId],
    );
    expect(interrupted?.attempts).toBeGreaterThanOrEqual(2);
    expect(interrupted?.error).toBe(CRASHED_ERROR);
  }, 240_000);
});
