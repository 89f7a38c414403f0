import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase, type Database } from '../db/database';
import { prepareDatabase } from '../startup';

/** The database the server would open with the same environment. */
export async function openConfiguredDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = resolve(process.env.DATA_DIR ?? 'data');
  if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
  const db = await openDatabase({
    url: databaseUrl,
    dataDir: resolve(dataDir, 'pglite'),
    onConnectionLost: (error) => console.error(`Database connection lost: ${error.message}`),
  });
  await prepareDatabase(db, new Date());
  return db;
}
