// npm run bench:import: generates a 1,000,000-row DistroKid statement (about 100 MB) and imports it
// end to end — streamed over HTTP to the upload route, read by the parse job into the database —
// once on PGlite and once on PostgreSQL (when TEST_DATABASE_URL is set, as scripts/with-postgres.sh
// does), each in its own process so each peak memory is its own. Prints figures; never fails on time.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import {
  copyPostgresDatabase,
  databaseUrl,
  dropPostgresDatabase,
} from '../tests/server/databaseTemplates';
import { buildApp, defaultAppOptions } from '../server/app';
import { openDatabase, type Database, type Queryable } from '../server/db/database';
import { prepareDatabase } from '../server/startup';
import { DEMO_PASSWORD, seedDemo } from '../server/seed';
import { DISTROKID_HEADER } from './benchPortal';
import { readCopyChunks } from '../server/import/copyChunks';
import { RECORD_COLUMNS } from '../server/import/recordLines';
import { DISTROKID } from '../server/import/templates';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const STORES = ['Spotify', 'Apple Music', 'YouTube Music', 'Amazon Music', 'Deezer', 'Tidal'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'JP', 'MX', 'CA'];

/**
 * The portal on 127.0.0.1 over `db` (jobs run when the benchmark drains them, files under
 * `work`), the demo label logged in, and the DistroKid distributor's id to upload to.
 */
export async function labelOnPortal(db: Database, work: string) {
  const app = await buildApp({
    ...defaultAppOptions(db),
    logger: false,
    staticDir: null,
    blobDir: join(work, 'blobs'),
    runJobs: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const login = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { username: 'label@demo.label', password: DEMO_PASSWORD },
  });
  const cookies = login.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  const csrf = login.cookies.find((cookie) => cookie.name === 'portal_csrf')?.value ?? '';
  const [distributor] = await db.query<{ id: string }>(
    "select id from distributors where name = 'DistroKid'",
  );
  return { app, port, cookies, csrf, distributorId: distributor?.id ?? '' };
}

/**
 * How long an import of `statementId`, started at `startedAt` (ms since the epoch), took until its
 * files were read (the reading job's end: the statement is there for the label), and the time of
 * the job that kept its records as record tables afterwards.
 */
export async function importPhases(
  db: Queryable,
  statementId: string,
  startedAt: number,
): Promise<{ readSeconds: number; tablesSeconds: number }> {
  const jobs = await db.query<{ kind: string; finished: string; took: string }>(
    `select kind, (extract(epoch from finished_at) * 1000)::text as finished,
            extract(epoch from finished_at - started_at)::text as took
       from jobs where payload->>'statementId' = $1 and status = 'done'`,
    [statementId],
  );
  const read = Math.max(
    ...jobs.filter((job) => job.kind === 'statement.parse').map((job) => Number(job.finished)),
  );
  const tables = jobs
    .filter((job) => job.kind === 'statement.record-tables')
    .reduce((sum, job) => sum + Number(job.took), 0);
  return { readSeconds: (read - startedAt) / 1000, tablesSeconds: tables };
}

export async function writeStatement(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write(DISTROKID_HEADER);
  let chunk = '';
  for (let row = 0; row < ROWS; row += 1) {
    const track = row % 50_000;
    const isrc = `QZBN1${String(26).padStart(2, '0')}${String(track).padStart(5, '0')}`;
    const cents = (row * 7919) % 100_000;
    chunk += `2026-10-05\t2026-09\t${STORES[row % STORES.length]}\tBench Artist ${track % 500}\tTrack ${track}\t${isrc}\t\t${(row % 900) + 1}\t100\tSong\t${COUNTRIES[row % COUNTRIES.length]}\t0\t${Math.floor(cents / 1000)}.${String(cents % 1000).padStart(3, '0')}456789\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** Streams the file as one multipart `file` part; the statement never sits whole in memory. */
export function upload(
  port: number,
  cookies: string,
  csrf: string,
  distributor: string,
  file: string,
) {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${JSON.stringify({ distributor, report_month: '2026-09', expected: null })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.tsv"\r\nContent-Type: text/tab-separated-values\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<string>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/statement/upload',
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + statSync(file).size + tail.length,
          cookie: cookies,
          'x-csrf-token': csrf,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (data: Buffer) => (body += data.toString()));
        res.on('end', () => (res.statusCode === 201 ? resolve(body) : reject(new Error(body))));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

async function runOne(kind: 'pglite' | 'postgres', file: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `bench-import-${kind}-`));
  let db: Database;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const server = process.env.TEST_DATABASE_URL ?? '';
    const name = await copyPostgresDatabase(server, 'template1', `bench_import_${Date.now()}`);
    db = await openDatabase({ url: databaseUrl(server, name) });
    dropDatabase = () => dropPostgresDatabase(server, name);
  } else {
    db = await openDatabase({ dataDir: join(work, 'pglite') });
  }
  await prepareDatabase(db, new Date());
  await seedDemo(db, new Date());
  const { app, port, cookies, csrf, distributorId } = await labelOnPortal(db, work);

  const startedAt = Date.now();
  const answer = JSON.parse(await upload(port, cookies, csrf, distributorId, file)) as
    { id: string }[] | { id: string };
  const uploadSeconds = (Date.now() - startedAt) / 1000;
  await app.jobs.drain();
  const statementId = (Array.isArray(answer) ? answer[0]?.id : answer.id) ?? '';
  const { readSeconds: seconds, tablesSeconds } = await importPhases(db, statementId, startedAt);
  const stored = await db.query<{ n: string }>('select count(*)::text as n from statement_records');
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    `${kind.padEnd(9)} ${stored[0]?.n} rows read in ${seconds.toFixed(1)} s ` +
      `(upload ${uploadSeconds.toFixed(1)} s, read and store ${(seconds - uploadSeconds).toFixed(1)} s): ` +
      `${Math.round(Number(stored[0]?.n) / seconds).toLocaleString('en-US')} rows/s, peak memory ${peakMiB.toFixed(0)} MiB; ` +
      `then its record tables in ${tablesSeconds.toFixed(1)} s (a job of their own)`,
  );
  await app.close();
  if (kind === 'pglite') await breakdown(db, file);
  await db.close();
  await dropDatabase();
  rmSync(work, { recursive: true, force: true });
}

/**
 * Where an import's time goes on PGlite: the file read into COPY text with nothing stored, then
 * that same text copied as it is (the raw COPY an import cannot beat), into an unlogged table like
 * the staging one and into a logged table like the records, with their indexes.
 */
async function breakdown(db: Database, file: string): Promise<void> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const readStarted = performance.now();
  const read = readCopyChunks({ fileName: 'bench.tsv', bytes: createReadStream(file) }, DISTROKID, {
    statementId: 'bench',
    fileId: 'bench',
    maxErrors: 100,
    recordsPerChunk: 10_000,
  });
  for (;;) {
    const next = await read.next();
    if (next.done) break;
    chunks.push(next.value);
  }
  const readSeconds = (performance.now() - readStarted) / 1000;
  const rate = (seconds: number) => `${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s`;
  console.log(`  read alone (file to COPY text, nothing stored): ${rate(readSeconds)}`);
  for (const [name, unlogged] of [
    ['unlogged, like the staging table', true],
    ['logged, like the records table', false],
  ] as const) {
    await db.query(
      `create ${unlogged ? 'unlogged' : ''} table bench_copy (like statement_records including all)`,
    );
    const started = performance.now();
    await db.copyFrom(
      'bench_copy',
      RECORD_COLUMNS,
      Readable.from(chunks) as AsyncIterable<Uint8Array<ArrayBuffer>>,
    );
    console.log(`  raw COPY of that text, ${name}: ${rate((performance.now() - started) / 1000)}`);
    await db.query('drop table bench_copy');
  }
}

const [mode, kind, file] = process.argv.slice(2);
// Run, not imported (bench-partitions.ts and bench-import-limits.ts import its pieces).
if (process.argv[1] !== import.meta.filename) {
  // Nothing to run.
} else if (mode === '--child' && (kind === 'pglite' || kind === 'postgres') && file) {
  await runOne(kind, file);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const file = join(dir, 'statement.tsv');
  await writeStatement(file);
  console.log(
    `Statement: ${ROWS.toLocaleString('en-US')} rows, ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB`,
  );
  const kinds = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!process.env.TEST_DATABASE_URL)
    console.log('postgres  skipped: run through npm run bench:import, which starts one');
  for (const each of kinds) {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--child', each, file],
      {
        stdio: 'inherit',
      },
    );
    await once(child, 'exit');
  }
  rmSync(dir, { recursive: true, force: true });
}
