import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp, defaultAppOptions } from './app';
import { warmUpEngine } from '../engine/warmUp';
import { dataKeyFile } from './dataKey';
import { lockDataDir } from './db/dataDirLock';
import { openDatabase } from './db/database';
import { maxLagBytesOf, ReadReplicas, readUrlsOf } from './db/readReplicas';
import { prepareDatabase } from './startup';
import { DEMO_PASSWORD, demoLogins, isEmpty, seedDemo } from './seed';

// The only file that listens: everything else builds the app the same way tests do.
const port = Number(process.env.PORT ?? 8080);
// Only this machine unless HOST says otherwise: the demo logins have published passwords.
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const databaseUrl = process.env.DATABASE_URL;

// Where the data key is kept is settled before any data is touched: in production, never with it.
try {
  dataKeyFile(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

if (!databaseUrl) {
  mkdirSync(dataDir, { recursive: true });
  // The embedded database is this process's alone while it runs; the lock goes when it stops.
  try {
    lockDataDir(dataDir, 'server');
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
const db = await openDatabase({
  url: databaseUrl,
  dataDir: resolve(dataDir, 'pglite'),
  onConnectionLost: (error) => console.error(`Database connection lost: ${error.message}`),
});
await prepareDatabase(db, new Date());

// Hot standbys of the PostgreSQL primary for the read routes; the embedded database has none.
const readUrls = databaseUrl ? readUrlsOf(process.env.DATABASE_READ_URL) : [];
if (!databaseUrl && process.env.DATABASE_READ_URL) {
  console.warn(
    'DATABASE_READ_URL is ignored: standbys are read only with a PostgreSQL primary (DATABASE_URL).',
  );
}
const readReplicas =
  readUrls.length > 0
    ? await ReadReplicas.open(db, readUrls, {
        maxLagBytes: maxLagBytesOf(process.env.DATABASE_READ_MAX_LAG_BYTES),
      })
    : null;

const app = await buildApp({ ...defaultAppOptions(db), readReplicas });

if (await isEmpty(db)) {
  if (process.env.SEED === 'none') {
    app.log.info(
      'Empty database and SEED=none: create the first admin with `npm run account -- create`.',
    );
  } else {
    await seedDemo(db, new Date(), app.paymentDataKey());
    app.log.info('Seeded the demo label.');
  }
}

const shutdown = async () => {
  await app.close();
  await readReplicas?.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

// The engine module is loaded and run once on a small statement before the first request, so the
// first calculation does not pay for its loading and baseline code (engine/warmUp.ts).
await warmUpEngine();
await app.listen({ port, host });
const url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
const lines = [`Royalty portal on ${url} (database: ${databaseUrl ? 'PostgreSQL' : dataDir})`];
const seeded = await db.query<{ username: string }>(
  `select username from users where username = any($1::text[])`,
  [demoLogins.map((login) => login.username)],
);
if (seeded.length > 0) {
  lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
  for (const login of demoLogins) lines.push(`  ${login.label.padEnd(20)} ${login.username}`);
}
console.log(lines.join('\n'));
