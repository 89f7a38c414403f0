// Reads from a hot standby (README, "Reads from standbys"), on the primary and streaming standby
// of scripts/with-postgres-standby.sh: the standby applies each commit 500 ms late, so a read sent
// to it too early is certainly stale. Skipped without that pair (the PGlite and PostgreSQL runs).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadReplicas, type StandbyState } from '../../../server/db/readReplicas';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { distroKidHeader, distroKidLine } from '../import/helpers';
import { uploadStatement } from '../multipart';

const standbyUrl = process.env.TEST_DATABASE_READ_URL;
const APPLY_DELAY_MS = 500;

/** Runs pg_ctl on the standby as its owner, as the script started it. */
function standbyControl(action: 'stop' | 'start'): void {
  const bin = process.env.TEST_PG_BIN ?? '';
  const data = process.env.TEST_STANDBY_DATA ?? '';
  const prefix = (process.env.TEST_PG_AS ?? '').split(' ').filter(Boolean);
  const args =
    action === 'stop'
      ? ['-D', data, '-m', 'immediate', 'stop']
      : [
          '-D',
          data,
          '-l',
          join(data, '..', 'standby.log'),
          '-w',
          '-o',
          process.env.TEST_STANDBY_OPTIONS ?? '',
          'start',
        ];
  const [command, ...rest] = [...prefix, join(bin, 'pg_ctl'), ...args];
  execFileSync(command!, rest, { stdio: 'ignore' });
}

async function onStandby(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: standbyUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!standbyUrl)('reads from a hot standby', () => {
  let portal: TestPortal;
  /** Changes things and reads them back at once. */
  let otto: LoggedIn;
  let lena: LoggedIn;
  /** Otto again, in a session of his own that changes nothing: it reads the standby when up. */
  let reader: LoggedIn;

  const replicas = () => {
    const set = portal.app.readReplicas;
    if (!set) throw new Error('the portal was started without its standby');
    return set;
  };
  const standbyReads = () => replicas().standbyReads()[0] ?? 0;
  const health = async (): Promise<StandbyState[]> =>
    (await portal.app.inject({ url: '/api/health' })).json().standbys;
  /** Until the health route says `used` (the monitor looks every 250 ms). */
  const untilStandbyIs = async (used: boolean) => {
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await health())[0]?.used === used) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(
      `the standby never became ${used ? 'used' : 'unused'}: ${JSON.stringify(await health())}`,
    );
  };

  beforeAll(async () => {
    await onStandby(`alter system set recovery_min_apply_delay = ${APPLY_DELAY_MS}`);
    await onStandby('select pg_reload_conf()');
    portal = await startPortal();
    otto = await login(portal.app, 'overseer@demo.label');
    lena = await login(portal.app, 'label@demo.label');
    reader = await login(portal.app, 'overseer@demo.label');
    await untilStandbyIs(true);
  });
  afterAll(async () => {
    await portal?.close();
    await onStandby('alter system reset recovery_min_apply_delay');
    await onStandby('select pg_reload_conf()');
  });

  /** A product of the demo label, added by Otto's session that reads it back. */
  const addProduct = async (title: string, code: string) => {
    const [account] = await portal.db.query<{ id: string }>(
      "select id from accounts where name = 'Demo Records'",
    );
    const created = await write(portal.app, otto, 'POST', '/api/products', {
      accountId: account?.id,
      title,
      type: 'single',
      codes: [{ code, kind: 'custom' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: string; version: number }>();
  };

  const titles = async (who: LoggedIn, q: string) => {
    const answer = await get(portal.app, who, `/api/products?q=${encodeURIComponent(q)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().items.map((item: { title: string }) => item.title) as string[];
  };

  it('shows each caller their own change on the very next read, while the standby still trails', async () => {
    const { id, version } = await addProduct('Standby Song', 'STANDBY-RYW-1');
    expect(await titles(otto, 'Standby Song')).toEqual(['Standby Song']);
    // Someone who changed nothing reads the standby, which has not applied the commit yet.
    const before = standbyReads();
    expect(await titles(reader, 'Standby Song')).toEqual([]);
    expect(standbyReads()).toBeGreaterThan(before);

    const renamed = await write(portal.app, otto, 'PATCH', `/api/products/${id}`, {
      version,
      title: 'Standby Song (Live)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await titles(otto, 'Standby Song')).toEqual(['Standby Song (Live)']);
    const product = await get(portal.app, otto, `/api/products/${id}`);
    expect(product.json().title).toBe('Standby Song (Live)');
    const history = await get(portal.app, otto, `/api/products/${id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('Standby Song (Live)');

    const people = await portal.db.query<{ id: string; username: string }>(
      "select id, username from users where username in ('label@demo.label', 'artist@demo.label')",
    );
    const idOf = (name: string) => people.find((person) => person.username === name)?.id;
    const split = await write(portal.app, lena, 'PUT', `/api/products/${id}/splits`, {
      version: renamed.json().version,
      splitSets: [
        {
          scope: 'product',
          kind: 'base',
          shares: [
            { payeeId: idOf('label@demo.label'), pct: '70' },
            { payeeId: idOf('artist@demo.label'), pct: '30' },
          ],
        },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);
    const withSplit = (await get(portal.app, lena, `/api/products/${id}`)).json();
    expect(JSON.stringify(withSplit.splitSets)).toContain('"30"');
  });

  it('shows a statement read, calculated and approved to the label that sent it, at every step', async () => {
    // Each job runs once the standby has replayed the command that queued it: only the job's own
    // end, noted for those who change things, keeps the next read off the standby.
    const pause = () => new Promise((resolve) => setTimeout(resolve, APPLY_DELAY_MS * 2));
    const distributors = await get(portal.app, lena, '/api/distributors?q=DistroKid');
    const distroKid = distributors.json().items[0].id as string;
    const line = distroKidLine({ earnings: '120.00', isrc: 'QZDM12600001' }).replace(
      '2026-10-05\t2026-09',
      '2026-06-05\t2026-06',
    );
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-06', expected: null, cashless: true },
      [{ filename: '2026-06.tsv', content: distroKidHeader('USD') + line }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json()[0].id as string;
    const status = async () => (await get(portal.app, lena, `/api/statements/${id}`)).json().status;
    const queued = await status();
    await pause();
    await portal.app.jobs.drain();
    const read = await status();
    expect(read).not.toBe(queued);

    const calculated = await write(portal.app, lena, 'POST', `/api/statements/${id}/calculate`, {});
    expect(calculated.statusCode, calculated.body).toBe(200);
    await pause();
    await portal.app.jobs.drain();
    const payees = (await get(portal.app, lena, `/api/statements/${id}/payees`)).json();
    expect(payees.items.length).toBeGreaterThan(0);

    const approved = await write(portal.app, lena, 'POST', `/api/statements/${id}/approve`, {});
    expect(approved.json().status, approved.body).toBe('ready');
    expect(await status()).toBe('ready');
    const overview = (await get(portal.app, lena, '/api/analytics/overview')).json();
    expect(JSON.stringify(overview.items)).toContain('2026-06');
  });

  it('skips a standby that trails beyond the bound, says by how much, and reads the primary', async () => {
    await untilStandbyIs(true);
    // This file's database on the standby.
    const url = new URL(portal.databaseUrl ?? '');
    url.port = new URL(standbyUrl ?? '').port;
    // A bound of one byte: any write the standby has not yet applied puts it beyond.
    const strict = await ReadReplicas.open(portal.db, [url.toString()], {
      maxLagBytes: 1n,
      pollMs: 50,
    });
    try {
      await addProduct('Standby Lag Song', 'STANDBY-RYW-3');
      await strict.poll();
      const [state] = strict.states();
      expect(state).toMatchObject({ name: 'standby 1', used: false, reason: 'behind' });
      expect(BigInt(state?.lagBytes ?? '0')).toBeGreaterThan(1n);
      const reads = strict.primaryReads;
      await strict.readerFor(null).query('select 1');
      expect(strict.primaryReads).toBe(reads + 1);
    } finally {
      await strict.close();
    }
  });

  it('answers every read from the primary while the standby is down, and uses it again once back', async () => {
    await untilStandbyIs(true);
    // A reader's connections to the standby are open when it stops in the middle of reads.
    const reads = Array.from({ length: 12 }, (_, index) =>
      get(portal.app, reader, index % 2 ? '/api/products?limit=5' : '/api/dashboard'),
    );
    // A request's reader chosen before the stop: its query fails there and the primary answers it.
    const chosen = replicas().readerFor(null);
    standbyControl('stop');
    for (const answer of await Promise.all(reads)) expect(answer.statusCode, answer.body).toBe(200);
    try {
      const primaryReads = replicas().primaryReads;
      const [row] = await chosen.query<{ product_count: string }>(
        'select count(*) as product_count from products',
      );
      expect(Number(row?.product_count)).toBeGreaterThan(0);
      expect(replicas().primaryReads).toBe(primaryReads + 1);
      await untilStandbyIs(false);
      expect((await health())[0]).toMatchObject({ name: 'standby 1', used: false, reason: 'down' });
      expect(JSON.stringify(await health())).not.toContain('127.0.0.1');

      await addProduct('Standby Down Song', 'STANDBY-RYW-2');
      // Fresh for both: the primary answers everyone.
      expect(await titles(otto, 'Standby Down Song')).toEqual(['Standby Down Song']);
      expect(await titles(reader, 'Standby Down Song')).toEqual(['Standby Down Song']);
    } finally {
      standbyControl('start');
    }
    await untilStandbyIs(true);
    // Back and caught up: the reader reads from it again, and it has the change.
    await new Promise((resolve) => setTimeout(resolve, APPLY_DELAY_MS * 2));
    const before = standbyReads();
    expect(await titles(reader, 'Standby Down Song')).toEqual(['Standby Down Song']);
    expect(standbyReads()).toBeGreaterThan(before);
  });
});
