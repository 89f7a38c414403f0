// A change a pending result can go stale on, saved while the approval runs, on two connections
// of one PostgreSQL database: the change is held open after it wrote its event (a third
// connection holds a row it writes next), the approval starts meanwhile, and only then is the
// change let go. The approval must wait for it and refuse, never approve the old numbers.
// PGlite runs one transaction at a time, so there the two cannot overlap at all.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { openDatabase, type Database } from '../../../server/db/database';
import { RECOUPMENTS_CHANGED } from '../../../server/recoupments/service';
import { SPLITS_CHANGED } from '../../../server/statements/splitChanges';
import { TAKE_CHANGED } from '../../../server/statements/takeChanges';
import {
  createDemoProduct,
  get,
  login,
  startPortal,
  write,
  type LoggedIn,
  type TestPortal,
} from '../harness';
import { uploadStatement } from '../multipart';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';

const ISRC = 'QZDM12677721';

describe.runIf(process.env.TEST_DATABASE_URL)('a change saved while an approval runs', () => {
  let portal: TestPortal;
  let other: Database;
  let lena: LoggedIn;
  let people: Record<string, string>;
  let productId: string;
  let accountId: string;
  let distroKid: string;
  let recoupmentId: string;
  let month = 0;

  beforeAll(async () => {
    portal = await startPortal();
    other = await openDatabase({ url: portal.databaseUrl ?? '' });
    lena = await login(portal.app, 'label@demo.label');
    people = Object.fromEntries(
      (
        await portal.db.query<{ id: string; username: string }>('select id, username from users')
      ).map((row) => [row.username, row.id]),
    );
    accountId = (
      await portal.db.query<{ id: string }>("select id from accounts where name = 'Demo Records'")
    )[0]!.id;
    const created = await createDemoProduct(portal, {
      title: 'Race Song',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    productId = created.json().id;
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
    await saveProductSplits();
    await saveDefaultSplits();
    await setDefaultTake('10');
    const advance = await write(portal.app, lena, 'POST', '/api/recoupments', {
      title: 'Race advance',
      type: 'advance',
      amount: '1000',
      creditorId: people['label@demo.label'],
      debtorIds: [people['artist@demo.label']],
      recoupablePct: '50',
    });
    expect(advance.statusCode, advance.body).toBe(201);
    recoupmentId = advance.json().id;
  });
  afterAll(async () => {
    await other?.close();
    await portal?.close();
  });

  const labelOnly = () => [
    {
      scope: 'product',
      kind: 'base',
      shares: [{ payeeId: people['label@demo.label'], pct: '100' }],
    },
  ];
  async function saveProductSplits(): Promise<LightMyRequestResponse> {
    const { version } = (await get(portal.app, lena, `/api/products/${productId}`)).json();
    return write(portal.app, lena, 'PUT', `/api/products/${productId}/splits`, {
      version,
      splitSets: labelOnly(),
    });
  }
  async function saveDefaultSplits(): Promise<LightMyRequestResponse> {
    const { version } = (await get(portal.app, lena, '/api/default-splits')).json();
    return write(portal.app, lena, 'PUT', '/api/default-splits', {
      version,
      splitSets: labelOnly(),
    });
  }
  function setDefaultTake(takePct: string): Promise<LightMyRequestResponse> {
    return write(portal.app, lena, 'PUT', `/api/distributors/${distroKid}/take`, { takePct });
  }

  async function renameRecoupment(): Promise<LightMyRequestResponse> {
    const { version } = (await get(portal.app, lena, `/api/recoupments/${recoupmentId}`)).json();
    return write(portal.app, lena, 'PATCH', `/api/recoupments/${recoupmentId}`, {
      title: `Race advance ${version}`,
      version,
    });
  }

  /** A new statement of the song, calculated: its result waits for approval. */
  async function pendingStatement(): Promise<string> {
    month += 1;
    const period = `2025-${String(month).padStart(2, '0')}`;
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: period, expected: null, cashless: true },
      [
        {
          filename: `${period}.tsv`,
          content:
            DISTROKID_HEADER +
            distroKidLine({ isrc: ISRC, earnings: '10' }).replace('\t2026-09\t', `\t${period}\t`),
        },
      ],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    const id = answer.json()[0].id as string;
    expect(
      (await write(portal.app, lena, 'POST', `/api/statements/${id}/calculate`, {})).statusCode,
    ).toBe(200);
    await portal.app.jobs.drain();
    expect((await get(portal.app, lena, `/api/statements/${id}`)).json().state).toBe(
      'pendingApproval',
    );
    return id;
  }

  /** How many of this database's sessions wait for a lock another one holds. */
  async function waitingSessions(): Promise<number> {
    const rows = await other.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return Number(rows[0]?.n ?? 0);
  }
  async function until(done: () => Promise<boolean>): Promise<void> {
    while (!(await done())) await sleep(10);
  }

  /**
   * Holds `lockedRows` (rows the change writes after its event) on a third connection, sends the
   * change, and once it waits there, sends the approval. When the approval has answered or waits
   * too, the rows are let go. Answers both answers.
   */
  async function race(
    lockedRows: { sql: string; params: unknown[] },
    change: () => Promise<LightMyRequestResponse>,
  ) {
    const statementId = await pendingStatement();
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = other.transaction(async (tx) => {
      const rows = await tx.query(`${lockedRows.sql} for update`, lockedRows.params);
      expect(rows.length).toBeGreaterThan(0);
      held();
      await released;
    });
    await holding;
    const changed = change();
    await until(async () => (await waitingSessions()) === 1);

    let approvalAnswered = false;
    const approval = write(portal.app, lena, 'POST', `/api/statements/${statementId}/approve`, {});
    void approval.then(() => (approvalAnswered = true));
    await until(async () => approvalAnswered || (await waitingSessions()) === 2);
    letGo();
    await holder;
    const status = (await get(portal.app, lena, `/api/statements/${statementId}`)).json().status;
    return { changed: await changed, approved: await approval, status };
  }

  it("refuses an approval that began while a product's splits were being saved", async () => {
    const { changed, approved, status } = await race(
      { sql: 'select 1 from split_sets where product_id = $1', params: [productId] },
      saveProductSplits,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json().message).toBe(SPLITS_CHANGED);
    expect(status).toBe('pending-approval');
  });

  it('refuses an approval that began while the default splits were being saved', async () => {
    const { changed, approved, status } = await race(
      {
        sql: 'select 1 from split_sets where account_id = $1 and product_id is null',
        params: [accountId],
      },
      saveDefaultSplits,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json().message).toBe(SPLITS_CHANGED);
    expect(status).toBe('pending-approval');
  });

  it('refuses an approval that began while the default distributor take was being set', async () => {
    const { changed, approved, status } = await race(
      {
        sql: 'select 1 from distributor_takes where account_id = $1 and distributor_id = $2',
        params: [accountId, distroKid],
      },
      () => setDefaultTake('20'),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json().message).toBe(TAKE_CHANGED);
    expect(status).toBe('pending-approval');
  });

  it('refuses an approval that began while a recoupment was being changed', async () => {
    const { changed, approved, status } = await race(
      { sql: 'select 1 from recoupments where id = $1', params: [recoupmentId] },
      renameRecoupment,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json().message).toBe(RECOUPMENTS_CHANGED);
    expect(status).toBe('pending-approval');
  });
});
