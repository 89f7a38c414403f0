import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, defaultAppOptions, type AppOptions } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { ReadReplicas } from '../../server/db/readReplicas';
import { prepareDatabase } from '../../server/startup';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed';
import {
  copyPgliteFolder,
  copyPostgresDatabase,
  databaseUrl,
  dropPostgresDatabase,
  TEST_PREPARED_AT,
  TEST_START,
  testDataKey,
} from './databaseTemplates';
import { runTemplates } from './dataFolder';
import { recordedDatabase } from './sqlLog';

/**
 * A fresh database for one test file: PGlite in a temporary folder, or, when
 * TEST_DATABASE_URL points at a PostgreSQL server, a new database created on it. Migrated, with
 * the shipped distributors; with `demo`, also the demo label as `seedDemo` writes it at TEST_START
 * with the test data key. Both are copies of the run's templates.
 */
export async function freshDatabase(options: { demo?: boolean } = {}): Promise<{
  db: Database;
  drop: () => Promise<void>;
  dir: string;
  /** The PostgreSQL database's address, for another process to open; null on PGlite. */
  url: string | null;
  /**
   * The same database on the hot standby of TEST_DATABASE_READ_URL (scripts/with-postgres-
   * standby.sh): the standby replays the copy the primary made. Null without a standby.
   */
  readUrl: string | null;
}> {
  const templates = runTemplates();
  const template = templates && (options.demo ? templates.demo : templates.bare);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = await copyPostgresDatabase(serverUrl, template ?? 'template1');
    const url = databaseUrl(serverUrl, name);
    const standbyUrl = process.env.TEST_DATABASE_READ_URL;
    const { db, flush } = recordedDatabase(await openDatabase({ url }));
    if (!template) await prepareFromScratch(db, options.demo === true);
    return {
      db,
      url,
      readUrl: standbyUrl ? databaseUrl(standbyUrl, name) : null,
      dir: mkdtempSync(join(tmpdir(), 'portal-blobs-')),
      drop: async () => {
        flush();
        await db.close();
        await dropPostgresDatabase(serverUrl, name);
      },
    };
  }
  const dir = template ? copyPgliteFolder(template) : mkdtempSync(join(tmpdir(), 'portal-test-'));
  const { db, flush } = recordedDatabase(await openDatabase({ dataDir: dir }));
  if (!template) await prepareFromScratch(db, options.demo === true);
  return {
    db,
    dir,
    url: null,
    readUrl: null,
    drop: async () => {
      flush();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function prepareFromScratch(db: Database, demo: boolean): Promise<void> {
  await prepareDatabase(db, TEST_PREPARED_AT);
  if (demo) await seedDemo(db, TEST_START, testDataKey());
}

/** A clock the test moves by hand: nothing in the suite sleeps. */
export class TestClock {
  constructor(private current = new Date(TEST_START)) {}
  now = (): Date => new Date(this.current);
  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}

export interface TestPortal {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  close: () => Promise<void>;
  /** The PostgreSQL database's address, for another process to open; null on PGlite. */
  databaseUrl: string | null;
}

/**
 * The sandbox bank as tests want it: every transfer settles, each webhook comes once, micro-
 * deposits are there at once, and nothing runs unless the test moves the clock and calls it.
 */
export const testPayments: AppOptions['payments'] = {
  rail: 'sandbox',
  dataKey: testDataKey,
  batchPeriodMs: 0,
  partnerTickMs: 0,
  sandbox: {
    settleAfterMs: 60_000,
    failureShare: 0,
    fee: '0.25',
    webhookDelayMs: 1000,
    duplicateShare: 0,
    secret: 'test-webhook-secret',
    microDepositDelayMs: 0,
  },
  bankFile: { settleDays: 2 },
};

/** The production app with the demo label, a test database, a hand-moved clock and no log noise. */
export async function startPortal(overrides: Partial<AppOptions> = {}): Promise<TestPortal> {
  const dataKey = (overrides.payments ?? testPayments).dataKey();
  // The template's demo label has the test data key's encrypted tax ids: another key seeds anew.
  const sameKey = dataKey.equals(testDataKey());
  const { db, drop, dir, url, readUrl } = await freshDatabase({ demo: sameKey });
  const clock = new TestClock();
  if (!sameKey) await seedDemo(db, clock.now(), dataKey);
  // With a standby, the read routes read from it as in production (README, "Reads from standbys").
  const readReplicas =
    overrides.readReplicas === undefined && readUrl ? await ReadReplicas.open(db, [readUrl]) : null;
  const app = await buildApp({
    ...defaultAppOptions(db),
    readReplicas,
    now: clock.now,
    logger: false,
    staticDir: null,
    // Suites log in far more often than a person; the limit itself has its own test.
    loginRateLimit: { max: 10_000, timeWindow: 60_000 },
    // Refused logins are answered at once; the floor under them has its own test.
    refusedLoginMs: 0,
    blobDir: join(dir, 'blobs'),
    runJobs: false,
    payments: testPayments,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await readReplicas?.close();
      await drop();
    },
  };
}

export interface LoggedIn {
  cookies: Record<string, string>;
  csrf: string;
  body: Record<string, unknown>;
}

export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
): Promise<LoggedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { username, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login of ${username} answered ${response.statusCode}: ${response.body}`);
  }
  const cookies = cookiesOf(response);
  return { cookies, csrf: cookies.portal_csrf ?? '', body: response.json() };
}

/** GET with the csrf query parameter, as the browser's API client sends it. */
export function get(app: FastifyInstance, who: LoggedIn, url: string) {
  const separator = url.includes('?') ? '&' : '?';
  return app.inject({
    method: 'GET',
    url: `${url}${separator}csrf=${encodeURIComponent(who.csrf)}`,
    cookies: who.cookies,
  });
}

/** A write with the csrf header. */
export function write(
  app: FastifyInstance,
  who: LoggedIn,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    cookies: who.cookies,
    headers: { 'x-csrf-token': who.csrf },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** POST /api/products as the overseer, into the demo label's account: SPEC gives /products/add to overseers. */
export async function createDemoProduct(portal: TestPortal, body: Record<string, unknown>) {
  const otto = await login(portal.app, 'overseer@demo.label');
  const accounts = await portal.db.query<{ id: string }>(
    "select id from accounts where name = 'Demo Records'",
  );
  return write(portal.app, otto, 'POST', '/api/products', { accountId: accounts[0]?.id, ...body });
}
