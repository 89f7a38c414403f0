import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DataDirLockedError, lockDataDir } from '../db/dataDirLock';
import { openDatabase, type Database } from '../db/database';
import { prepareDatabase } from '../startup';

/**
 * The database the server would open with the same environment. An embedded data folder that a
 * running server holds is refused with the reason (the tool exits 1): two processes on one PGlite
 * folder lose what one of them writes.
 */
export async function openConfiguredDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = resolve(process.env.DATA_DIR ?? 'data');
  if (!databaseUrl) {
    mkdirSync(dataDir, { recursive: true });
    try {
      lockDataDir(dataDir, 'tool');
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }
  const db = await openDatabase({
    url: databaseUrl,
    dataDir: resolve(dataDir, 'pglite'),
    onConnectionLost: (error) => console.error(`Database connection lost: ${error.message}`),
  });
  await prepareDatabase(db, new Date());
  return db;
}
