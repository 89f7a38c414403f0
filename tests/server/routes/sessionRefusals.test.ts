// A refused login takes the same work whether the username belongs to someone or not, so its time
// tells nobody who has an account: the password hashes and database transactions are counted, and
// what is left (a known person's refusal writes an event) is under the floor every refusal waits
// for.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, defaultAppOptions } from '../../../server/app';
import type { Database, Queryable } from '../../../server/db/database';
import { freshDatabase, testPayments, write, login, TestClock } from '../harness';

const argon2Calls = vi.hoisted(() => ({ hash: 0, verify: 0 }));

// The real library, each call counted.
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2Calls.hash += 1;
      return real.hash(...args);
    },
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2Calls.verify += 1;
      return real.verify(...args);
    },
  };
});

/** What one request made the database do. */
interface Work {
  transactions: number;
  /** Reads of a person's row held until the transaction ends. */
  lockedPersonReads: number;
}

/** The soonest this portal answers a refused login. */
const FLOOR_MS = 250;

describe('refused logins', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const work: Work = { transactions: 0, lockedPersonReads: 0 };

  beforeAll(async () => {
    const database = await freshDatabase({ demo: true });
    drop = database.drop;
    const db = database.db;
    const counted = (target: Queryable): Queryable => ({
      query: (sql, params) => {
        if (/from users\s+where[^;]*for update/.test(sql)) work.lockedPersonReads += 1;
        return target.query(sql, params);
      },
      copyFrom: (table, columns, text) => target.copyFrom(table, columns, text),
      copyOut: (select, params) => target.copyOut(select, params),
    });
    const countedDb: Database = {
      ...db,
      ...counted(db),
      transaction: (run) => {
        work.transactions += 1;
        return db.transaction((tx) => run(counted(tx)));
      },
    };
    const clock = new TestClock();
    app = await buildApp({
      ...defaultAppOptions(countedDb),
      now: clock.now,
      logger: false,
      staticDir: null,
      runJobs: false,
      payments: testPayments,
      loginRateLimit: { max: 10_000, timeWindow: 60_000 },
      refusedLoginMs: FLOOR_MS,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  /** The password hashing and database work of one login attempt, and its answer. */
  async function attempt(username: string) {
    argon2Calls.hash = 0;
    argon2Calls.verify = 0;
    work.transactions = 0;
    work.lockedPersonReads = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username, password: 'Not-the-password-1!' },
    });
    return {
      status: response.statusCode,
      hashes: argon2Calls.hash,
      verifications: argon2Calls.verify,
      ...work,
    };
  }

  it('does the same work for a wrong password, an unknown username and a person not yet active', async () => {
    // Someone invited, who has no password yet: not a login.
    const lena = await login(app, 'label@demo.label');
    const invited = await write(app, lena, 'POST', '/api/users', {
      email: 'new.payee@example.com',
    });
    expect(invited.statusCode).toBe(201);

    const known = await attempt('label@demo.label');
    expect(known).toEqual({
      status: 401,
      hashes: 0,
      verifications: 1,
      transactions: 1,
      lockedPersonReads: 1,
    });
    expect(await attempt('nobody@demo.label')).toEqual(known);
    expect(await attempt('new.payee@example.com')).toEqual(known);
    // Again, once counted: still alike.
    expect(await attempt('nobody@demo.label')).toEqual(await attempt('label@demo.label'));
  });

  it('answers no refusal sooner than the floor, for a person or an unknown username alike', async () => {
    for (const username of ['label@demo.label', 'nobody@demo.label', 'Nobody.Else@demo.label']) {
      const started = performance.now();
      const refused = await attempt(username);
      const took = performance.now() - started;
      expect(refused.status).toBe(401);
      // A timer may fire within a millisecond of its time as performance.now() reads it.
      expect(took, username).toBeGreaterThanOrEqual(FLOOR_MS - 1);
    }
  });
});
