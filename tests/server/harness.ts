import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, defaultAppOptions, type AppOptions } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { prepareDatabase } from '../../server/startup';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed';

/**
 * A fresh database for one test file: PGlite in a temporary folder, or, when
 * TEST_DATABASE_URL points at a PostgreSQL server, a new database created on it.
 */
export async function freshDatabase(): Promise<{
  db: Database;
  drop: () => Promise<void>;
  dir: string;
  /** The PostgreSQL database's address, for another process to open; null on PGlite. */
  url: string | null;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ url: url.toString() });
    await prepareDatabase(db, new Date('2026-11-01T00:00:00Z'));
    return {
      db,
      url: url.toString(),
      dir: mkdtempSync(join(tmpdir(), 'portal-blobs-')),
      drop: async () => {
        await db.close();
        const cleaner = new pg.Client({ connectionString: serverUrl });
        await cleaner.connect();
        await cleaner.query(`drop database if exists ${name} with (force)`);
        await cleaner.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const db = await openDatabase({ dataDir: dir });
  await prepareDatabase(db, new Date('2026-11-01T00:00:00Z'));
  return {
    db,
    dir,
    url: null,
    drop: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A clock the test moves by hand: nothing in the suite sleeps. */
export class TestClock {
  constructor(private current = new Date('2026-11-01T12:00:00Z')) {}
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
  dataKey: () => Buffer.alloc(32, 7),
  batchPeriodMs: 0,
  partnerTickMs: 0,
  sandbox: {
    settleAfterMs: 60_000,
    failureShare: 0,
    fee: '0.25',
    webhookDelayMs: 1000,
    duplicateShare: 0,
    secret: 'test-webhook-secret',
    microDeposits: ['0.32', '0.45'],
    microDepositDelayMs: 0,
  },
};

/** The production app with the demo label, a test database, a hand-moved clock and no log noise. */
export async function startPortal(overrides: Partial<AppOptions> = {}): Promise<TestPortal> {
  const { db, drop, dir, url } = await freshDatabase();
  const clock = new TestClock();
  const dataKey = (overrides.payments ?? testPayments).dataKey;
  await seedDemo(db, clock.now(), dataKey());
  const app = await buildApp({
    ...defaultAppOptions(db),
    now: clock.now,
    logger: false,
    staticDir: null,
    // Suites log in far more often than a person; the limit itself has its own test.
    loginRateLimit: { max: 10_000, timeWindow: 60_000 },
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
