// Two servers on one PostgreSQL database count a client's logins together: the limit is the
// limit of the install, not of each process. PostgreSQL only: PGlite is one process's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, defaultAppOptions } from '../../../server/app';
import { openDatabase, type Database } from '../../../server/db/database';
import { startPortal, testPayments, type TestPortal } from '../harness';

describe.runIf(process.env.TEST_DATABASE_URL)('request limits shared by every server', () => {
  let portal: TestPortal;
  let otherDb: Database;
  let other: FastifyInstance;
  const loginLimit = { max: 4, timeWindow: 60_000 };

  beforeAll(async () => {
    portal = await startPortal({ loginRateLimit: loginLimit });
    otherDb = await openDatabase({ url: portal.databaseUrl ?? '' });
    other = await buildApp({
      ...defaultAppOptions(otherDb),
      logger: false,
      staticDir: null,
      runJobs: false,
      payments: testPayments,
      loginRateLimit: loginLimit,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await otherDb.close();
    await portal.close();
  });

  it('refuses the fifth login of a minute whichever server each went to', async () => {
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { username: 'nobody@example.com', password: 'Wrong-password-1!' },
      });
    const statuses: number[] = [];
    for (const app of [portal.app, other, portal.app, other, portal.app, other]) {
      statuses.push((await attempt(app)).statusCode);
    }
    // Each process alone has seen three: only the count they share passes the limit of four.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
