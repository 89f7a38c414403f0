// npm run bench:partitions: statement records in one table (migrations up to 52) and partitioned
// by statement (migration 53), side by side on one PostgreSQL database (TEST_DATABASE_URL, as
// scripts/with-postgres.sh sets it). The database is first filled with BENCH_FILL generated
// records over BENCH_FILL_STATEMENTS statements (SQL, as bench-analytics.ts generates them), then:
// a 1,000,000-row statement imported end to end (upload route and parse job, as bench:import),
// its records read as a calculation reads them (readEngineRecordTable's COPY), and the statement
// cancelled; migration 53 timed on the filled database; the same import, read and cancel again,
// partitioned. Prints figures; never fails on time.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  copyPostgresDatabase,
  databaseUrl,
  dropPostgresDatabase,
} from '../tests/server/databaseTemplates';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { seedDemo } from '../server/seed';
import { readEngineRecordTable } from '../server/statements/engineInput';
import { ensureShippedDistributors } from '../server/statements/shippedDistributors';
import { importPhases, labelOnPortal, upload, writeStatement } from './bench-import';

const FILL = Number(process.env.BENCH_FILL ?? 10_000_000);
const FILL_STATEMENTS = Number(process.env.BENCH_FILL_STATEMENTS ?? 100);

const seconds = (started: number) => (performance.now() - started) / 1000;
const rate = (rows: number, s: number) => `${Math.round(rows / s).toLocaleString('en-US')} rows/s`;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Before migration 53 there is no partition to make, and a cancel left the records where they
 * were: these stand-ins let today's import and cancel run on that schema, the cancel deleting the
 * statement's records row by row (what it would cost to remove them without partitions).
 */
const UNPARTITIONED_STAND_INS = [
  `create table statement_record_partitions (statement_id text primary key, name text not null,
                                             dropped_at timestamptz, currency text)`,
  `create function statement_records_partition(statement_key text) returns text
   language sql as $$ select 'statement_records' $$`,
  `create function drop_statement_records_partition(statement_key text, kept_currency text)
   returns void language sql as $$ delete from statement_records where statement_id = statement_key $$`,
  // Migrations 54 and 55's table, which the import's reading and its record tables job write.
  `create table statement_record_tables (file_id text primary key, statement_id text not null,
                                         blob text not null, records integer not null, code_index text)`,
];

/** Generated records for `statements` statements, `FILL` in all, as an import would store them. */
async function fill(db: Database, partitioned: boolean): Promise<void> {
  const perStatement = Math.floor(FILL / FILL_STATEMENTS);
  const started = performance.now();
  for (let n = 0; n < FILL_STATEMENTS; n++) {
    const statement = `fill-${n}`;
    if (partitioned) await db.query('select statement_records_partition($1)', [statement]);
    await db.query(
      `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist, service,
                                      format, territory, units, revenue, date, kind, currency, format_raw)
       select $1, $1, i, 'QZBN126' || lpad((i % 50000)::text, 5, '0'), 'isrc', 'Track ' || (i % 50000),
              'Bench Artist ' || (i % 500),
              (array['Spotify','Apple Music','YouTube Music','Amazon Music','Deezer','Tidal'])[1 + i % 6],
              'stream', (array['US','GB','DE','FR','BR','JP','MX','CA'])[1 + i % 8], 1 + i % 900,
              round(((i::bigint * 7919) % 100000) / 1000.0 + 0.000456789, 12),
              date '2026-09-01' + (i % 30), 'sale', 'USD', 'Song'
         from generate_series(1, $2::int) i`,
      [statement, perStatement],
    );
    if ((n + 1) % Math.max(1, Math.floor(FILL_STATEMENTS / 10)) === 0) {
      const s = seconds(started);
      console.log(
        `  filled ${count((n + 1) * perStatement)} records in ${s.toFixed(0)} s (${rate((n + 1) * perStatement, s)})`,
      );
    }
  }
  const analyzed = performance.now();
  await db.query('analyze statement_records');
  console.log(`  analyze: ${seconds(analyzed).toFixed(1)} s`);
}

interface Portal {
  importStatement: () => Promise<{ id: string; records: number; seconds: number; tables: number }>;
  cancel: (id: string) => Promise<number>;
  close: () => Promise<void>;
}

async function startPortal(db: Database, work: string, file: string): Promise<Portal> {
  const { app, port, cookies, csrf, distributorId } = await labelOnPortal(db, work);
  return {
    async importStatement() {
      const startedAt = Date.now();
      const answer = JSON.parse(await upload(port, cookies, csrf, distributorId, file)) as
        { id: string }[] | { id: string };
      await app.jobs.drain();
      const id = (Array.isArray(answer) ? answer[0]?.id : answer.id) ?? '';
      const phases = await importPhases(db, id, startedAt);
      const [stored] = await db.query<{ n: string }>(
        'select count(*)::text as n from statement_records where statement_id = $1',
        [id],
      );
      return {
        id,
        records: Number(stored?.n),
        seconds: phases.readSeconds,
        tables: phases.tablesSeconds,
      };
    },
    async cancel(id) {
      const started = performance.now();
      const answer = await app.inject({
        method: 'POST',
        url: `/api/statements/${encodeURIComponent(id)}/cancel`,
        headers: { cookie: cookies, 'x-csrf-token': csrf },
      });
      if (answer.statusCode !== 200) throw new Error(answer.body);
      return seconds(started);
    },
    close: () => app.close(),
  };
}

/** The statement's records as a calculation reads them, twice: the second read is the figure. */
async function readTime(db: Database, id: string): Promise<{ seconds: number; bytes: number }> {
  let last = { seconds: 0, bytes: 0 };
  for (let run = 0; run < 2; run++) {
    const started = performance.now();
    const { table } = await db.transaction((tx) => readEngineRecordTable(tx, id, null, null));
    last = { seconds: seconds(started), bytes: table.byteLength };
  }
  return last;
}

/** Imports, reads and cancelled per schema: on a shared machine the best of them is the figure. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

async function phase(name: string, db: Database, portal: Portal): Promise<string[]> {
  const rounds: {
    import: number;
    tables: number;
    read: number;
    cancel: number;
    records: number;
    bytes: number;
  }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const imported = await portal.importStatement();
    const read = await readTime(db, imported.id);
    const cancelled = await portal.cancel(imported.id);
    const [left] = await db.query<{ n: string }>(
      'select count(*)::text as n from statement_records where statement_id = $1',
      [imported.id],
    );
    if (left?.n !== '0') throw new Error(`${left?.n} records left after the cancel`);
    rounds.push({
      import: imported.seconds,
      tables: imported.tables,
      read: read.seconds,
      cancel: cancelled,
      records: imported.records,
      bytes: read.bytes,
    });
  }
  const each = (pick: (round: (typeof rounds)[number]) => number, digits: number) =>
    `${Math.min(...rounds.map(pick)).toFixed(digits)} s (${rounds.map((round) => pick(round).toFixed(digits)).join(', ')})`;
  const records = rounds[0]?.records ?? 0;
  const best = Math.min(...rounds.map((round) => round.import));
  const lines = [
    `${name}: import of ${count(records)} rows until read, best ${each((round) => round.import, 1)}: ${rate(records, best)}`,
    `${name}: then its record tables (a job of their own), best ${each((round) => round.tables, 1)}`,
    `${name}: read of its records (engine's COPY, ${((rounds[0]?.bytes ?? 0) / 2 ** 20).toFixed(0)} MiB), best ${each((round) => round.read, 2)}`,
    `${name}: cancel, every record gone, best ${each((round) => round.cancel, 2)}`,
  ];
  for (const line of lines) console.log(line);
  return lines;
}

const server = process.env.TEST_DATABASE_URL;
if (!server) throw new Error('Run through bash scripts/with-postgres.sh: it needs PostgreSQL');
const work = mkdtempSync(join(tmpdir(), 'bench-partitions-'));
const file = join(work, 'statement.tsv');
await writeStatement(file);
console.log(`Statement: ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB`);
const name = await copyPostgresDatabase(server, 'template1', `bench_partitions_${Date.now()}`);
const db = await openDatabase({ url: databaseUrl(server, name) });
const figures: string[] = [];
try {
  await migrate(db, 52);
  await ensureShippedDistributors(db, new Date());
  await seedDemo(db, new Date());
  for (const sql of UNPARTITIONED_STAND_INS) await db.query(sql);
  console.log(`Filling ${count(FILL)} records over ${FILL_STATEMENTS} statements, one table:`);
  const filled = performance.now();
  await fill(db, false);
  figures.push(
    `fill: ${count(FILL)} records in ${seconds(filled).toFixed(0)} s (${rate(FILL, seconds(filled))})`,
  );
  const portal = await startPortal(db, work, file);
  figures.push(...(await phase('one table  ', db, portal)));
  await db.query('drop function statement_records_partition(text)');
  await db.query('drop function drop_statement_records_partition(text, text)');
  await db.query('drop table statement_record_partitions');
  await db.query('drop table statement_record_tables');
  const totals = () =>
    db.query<{ n: string; revenue: string; units: string }>(
      `select count(*)::text as n, trim_scale(sum(revenue))::text as revenue, sum(units)::text as units
         from statement_records`,
    );
  const [before] = await totals();
  const migrated = performance.now();
  await migrate(db);
  const [partitions] = await db.query<{ n: string }>(
    'select count(*)::text as n from statement_record_partitions',
  );
  figures.push(
    `migration 53: ${count(FILL)} records into ${partitions?.n} partitions in ${seconds(migrated).toFixed(0)} s (${rate(FILL, seconds(migrated))})`,
  );
  const [after] = await totals();
  figures.push(
    `migration 53 kept ${count(Number(after?.n))} of ${count(Number(before?.n))} records, revenue ${after?.revenue} (before ${before?.revenue}), units ${after?.units} (before ${before?.units})`,
  );
  if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(figures.at(-1));
  console.log(figures.slice(-2).join('\n'));
  await db.query('analyze statement_records');
  figures.push(...(await phase('partitioned', db, portal)));
  await portal.close();
  console.log('\nSide by side:');
  for (const line of figures) console.log(`  ${line}`);
} finally {
  await db.close();
  await dropPostgresDatabase(server, name);
  rmSync(work, { recursive: true, force: true });
}
