import { ensureShippedDistributors } from '../statements/shippedDistributors';
import type { Database } from './database';
import { migrate } from './migrations';

/** What every start does before serving: the schema, then the data every install has. */
export async function prepareDatabase(db: Database, now: Date): Promise<void> {
  await migrate(db);
  await ensureShippedDistributors(db, now);
}
