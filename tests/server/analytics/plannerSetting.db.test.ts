// Writing a statement's figures turns nested-loop plans off for its own query only: the rest of
// the calculation's transaction plans as the database is configured, whatever that is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStatementAnalytics } from '../../../server/events/readModels/analytics';
import type { Database, Queryable } from '../../../server/db/database';
import { freshDatabase } from '../harness';

const nestloop = async (tx: Queryable) =>
  (await tx.query<{ on: string }>(`select current_setting('enable_nestloop') as on`))[0]?.on;

describe("the planner setting around a statement's figures", () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
  });
  afterAll(() => drop());

  it('is as it was before, on or off', async () => {
    for (const configured of ['on', 'off']) {
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('enable_nestloop', $1, true)`, [configured]);
        await writeStatementAnalytics(tx, 'no-statement', 'no-calculation');
        expect(await nestloop(tx)).toBe(configured);
      });
    }
  });
});
