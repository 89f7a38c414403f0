// Which of the run's prepared databases a test file may copy, and data folders made from them for
// the processes a test starts. Light on purpose: a file that only starts processes loads no app.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { DatabaseTemplates } from './databaseTemplates';

/**
 * The run's templates, when the run made them (tests/setup/databaseTemplates.ts) for the database
 * this file runs on; a file run some other way makes its database from scratch.
 */
export function runTemplates(): DatabaseTemplates | null {
  let templates: DatabaseTemplates | undefined;
  try {
    templates = inject('databaseTemplates');
  } catch {
    return null;
  }
  const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  return templates?.kind === kind ? templates : null;
}

/**
 * A data folder as the server and the command-line tools use it (their DATA_DIR), for a test that
 * starts them on a folder of its own: the embedded database in `pglite`, migrated, with the shipped
 * distributors; a copy of the run's PGlite template when it has one.
 */
export async function preparedDataFolder(prefix = 'portal-data-'): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const pglite = join(dataDir, 'pglite');
  const templates = runTemplates();
  if (templates?.kind === 'pglite') {
    cpSync(templates.bare, pglite, { recursive: true });
    return dataDir;
  }
  const [{ openDatabase }, { prepareDatabase }, { TEST_PREPARED_AT }] = await Promise.all([
    import('../../server/db/database'),
    import('../../server/startup'),
    import('./databaseTemplates'),
  ]);
  const db = await openDatabase({ dataDir: pglite });
  try {
    await prepareDatabase(db, TEST_PREPARED_AT);
  } finally {
    await db.close();
  }
  return dataDir;
}
