import type { Database } from '../db/database';
import { readModelTables } from '../db/migrations';
import { project } from './projections';
import { readAllEvents } from './store';

/** Rebuilds every read model from the log in one transaction: all of it or none of it. */
export async function replayAll(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    for (const table of readModelTables) await tx.query(`delete from ${table}`);
    let after = '0';
    let count = 0;
    for (;;) {
      const batch = await readAllEvents(tx, after, 1000);
      if (batch.length === 0) return count;
      for (const event of batch) await project(tx, event);
      count += batch.length;
      after = batch[batch.length - 1]?.seq ?? after;
    }
  });
}

/** Every read-model row, table by table in key order, for comparing two states of the database. */
export async function dumpReadModels(db: Database): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of readModelTables) {
    // The whole row breaks ties: analytics rows share their first columns.
    dump[table] = await db.query(`select * from ${table} order by 1, 2, ${table}::text`);
  }
  return dump;
}
