import type { Database } from './db/database';
import { migrate } from './db/migrations';
import { ensureShippedDistributors } from './statements/shippedDistributors';

/**
 * What every start does before serving: the schema, then the data every install has. It lives
 * outside db/ because the shipped distributors are domain data written through the event log.
 */
export async function prepareDatabase(db: Database, now: Date): Promise<void> {
  await migrate(db);
  await ensureShippedDistributors(db, now);
}
