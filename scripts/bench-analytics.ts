// Analytics benchmark: a label with BENCH_RECORDS records (10,000,000 by default) over 24 monthly
// approved statements, 2,000 products of 100 artists, 3 payees a product. Records and engine lines
// are written with SQL (no upload, no engine run: what is timed is the analytics), then each
// statement's figures are written by the product's own aggregation (writeStatementAnalytics), then
// every analytics answer and both dashboards are timed, p50 and p95 over BENCH_RUNS (50) runs, on PGlite (a temporary
// data directory on disk) and, when TEST_DATABASE_URL is set (scripts/with-postgres.sh), on
// PostgreSQL. Prints figures; never fails on time. Goals: p95 < 150 ms PostgreSQL, < 400 ms PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  copyPostgresDatabase,
  databaseUrl,
  dropPostgresDatabase,
} from '../tests/server/databaseTemplates';
import { analyticsViews, type AnalyticsQuery } from '../api/analytics';
import { writeStatementAnalytics } from '../server/events/readModels/analytics';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { makeRecordPartition } from '../server/db/recordPartitions';
import { analyticsList, type AnalyticsScope } from '../server/queries/analytics';
import { periodWindow } from '../server/queries/dashboardWindow';
import { readLabelDashboard } from '../server/queries/labelDashboard';
import { readPersonalDashboard } from '../server/queries/personalDashboard';
import { percentile } from './benchStats';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const MONTHS = 24;
const PRODUCTS = 2000;
const ARTISTS = 100;
const PAYEES = 300;
const NOW = new Date('2026-11-15T00:00:00Z');

const monthOf = (index: number) => {
  const date = new Date(Date.UTC(2024, 11 + index, 1));
  return date.toISOString().slice(0, 7);
};

async function generate(db: Database): Promise<void> {
  await db.query(`insert into accounts (id, name, type, status, created_at, version)
                  values ('bench', 'Bench Records', 'label', 'active', now(), 1)`);
  await db.query(`insert into distributors (id, name, uploadable, created_at, version)
                  values ('bench-distributor', 'Bench Distributor', true, now(), 1)`);
  await db.query(`insert into artists (id, account_id, name, created_at, version)
                  select 'artist-' || a, 'bench', 'Artist ' || a, now(), 1
                    from generate_series(0, ${ARTISTS - 1}) a`);
  await db.query(`insert into products (id, account_id, title, type, artist_id, visibility, revenue_view, created_at, version)
                  select 'product-' || p, 'bench', 'Product ' || p, 'single', 'artist-' || (p % ${ARTISTS}),
                         'full', 'net', now(), 1
                    from generate_series(0, ${PRODUCTS - 1}) p`);
  await db.query(`insert into product_codes (account_id, code, product_id, kind, spellings)
                  select 'bench', 'CODE' || p, 'product-' || p, 'custom', array['CODE' || p] from generate_series(0, ${PRODUCTS - 1}) p`);
  const perMonth = Math.floor(RECORDS / MONTHS);
  for (let month = 0; month < MONTHS; month++) {
    const statement = `statement-${month}`;
    const period = monthOf(month);
    await db.query(
      `insert into statements (id, account_id, distributor_id, period, title, received_at, parse_status,
                               version, state, calculation_id, approved_at, approved_seq)
       values ($1, 'bench', 'bench-distributor', $2, $1, now(), 'parsed', 1, 'ready', $3, now(), $4)`,
      [statement, period, `calculation-${month}`, month + 1],
    );
    const started = performance.now();
    await makeRecordPartition(db, statement);
    await db.query(
      `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist, service,
                                      format, territory, units, revenue, date, kind, currency, format_raw)
       select $1, $1, i, 'CODE' || ((i::bigint * 7919) % ${PRODUCTS}), 'custom', 'Song', 'Artist',
              (array['Spotify','Apple Music','YouTube','Amazon Music','Deezer','Tidal','Pandora','SoundCloud',
                     'iTunes','Beatport','TikTok','Facebook','Napster','Anghami','Boomplay'])[1 + i % 15],
              (array['stream','download','video','physical'])[1 + (i / 7) % 4],
              (array['US','GB','DE','FR','JP','BR','MX','CA','AU','ES','IT','NL','SE','NO','DK','FI','PL','KR',
                     'IN','ID','PH','TR','AR','CL','CO','PE','ZA','NG','EG','MA','SA','AE','IL','RU','UA','CZ',
                     'AT','CH','BE','PT','IE','NZ','SG','MY','TH','VN','TW','HK','CN','GR','RO','HU','BG','HR',
                     'RS','SK','SI','LT','LV','EE'])[1 + (i / 3) % 60],
              1 + i % 50, ((i::bigint * 104729) % 100000) / 1000000.0 + 0.000000000001 * (i % 997),
              ($2 || '-01')::date + (i % 28), 'sale', 'USD', 'Song'
         from generate_series(1, $3::int) i`,
      [statement, period, perMonth],
    );
    // The engine's lines: three payees a code, 50/30/20 of its revenue.
    await db.query(
      `insert into statement_lines (calculation_id, code, product_id, split_set_id, payee_id, units, amount)
       select $2, c.code, pc.product_id, 'set', 'payee-' || ((substr(c.code, 5)::int * 3 + share.n) % ${PAYEES}),
              c.units, round(c.revenue * share.pct, 12)
         from (select code, sum(units) as units, sum(revenue) as revenue from statement_records
                where statement_id = $1 group by code) c
         join product_codes pc on pc.account_id = 'bench' and pc.code = c.code
         cross join (values (0, 0.5), (1, 0.3), (2, 0.2)) as share(n, pct)`,
      [statement, `calculation-${month}`],
    );
    // What the pipeline keeps per statement for the dashboards: revenue per code, totals per payee.
    await db.query(
      `insert into statement_codes (statement_id, code, kind, rows, revenue)
       select $1, code, 'custom', count(*), sum(revenue) from statement_records
        where statement_id = $1 group by code`,
      [statement],
    );
    await db.query(
      `insert into statement_payees (calculation_id, payee_id, earned, recouped, credited, payout)
       select $1, payee_id, sum(amount), 0, 0, sum(amount) from statement_lines
        where calculation_id = $1 group by payee_id`,
      [`calculation-${month}`],
    );
    await db.transaction((tx) => writeStatementAnalytics(tx, statement, `calculation-${month}`));
    console.info(
      `  ${period}: ${perMonth} records and their figures in ${Math.round(performance.now() - started)} ms`,
    );
  }
}

/** `read` run RUNS times: its name, p50 and p95. */
async function timed(name: string, read: () => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `${name.padEnd(17)} p50 ${percentile(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 0.95).toFixed(1).padStart(7)} ms`;
}

async function time(db: Database, scope: AnalyticsScope, query: AnalyticsQuery) {
  const rows: string[] = [];
  for (const view of analyticsViews) {
    rows.push(await timed(view, () => analyticsList(db, view, scope, query, NOW)));
  }
  return rows;
}

/** The label's and a payee's dashboard, under the same filters as the analytics cases. */
async function timeDashboards(db: Database, query: AnalyticsQuery) {
  const window = periodWindow(query, NOW);
  const artist = query.artist ?? null;
  return [
    await timed('dashboard label', () =>
      readLabelDashboard(db, { account: 'bench', artist, window, currency: 'USD' }),
    ),
    await timed('dashboard payee', () =>
      readPersonalDashboard(db, {
        person: 'payee-7',
        account: null,
        artist,
        window,
        currency: 'USD',
      }),
    ),
  ];
}

async function runOne(kind: 'pglite' | 'postgres'): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `bench-analytics-${kind}-`));
  let db: Database;
  let drop = async () => {};
  if (kind === 'postgres') {
    const server = process.env.TEST_DATABASE_URL ?? '';
    const name = await copyPostgresDatabase(server, 'template1', `bench_analytics_${Date.now()}`);
    db = await openDatabase({ url: databaseUrl(server, name) });
    drop = () => dropPostgresDatabase(server, name);
  } else {
    db = await openDatabase({ dataDir: join(work, 'pglite') });
  }
  try {
    await migrate(db);
    console.info(`${kind}: generating ${RECORDS} records over ${MONTHS} months`);
    const started = performance.now();
    await generate(db);
    await db.query('analyze');
    const sizes = await db.query<{ table: string; rows: string }>(
      `select 'analytics_products' as table, count(*)::text as rows from analytics_products
       union all select 'analytics_artist_dims', count(*)::text from analytics_artist_dims
       union all select 'analytics_product_dims', count(*)::text from analytics_product_dims`,
    );
    console.info(
      `${kind}: generated in ${Math.round((performance.now() - started) / 1000)} s; ${sizes
        .map((size) => `${size.table} ${size.rows} rows`)
        .join(', ')}`,
    );
    const label: AnalyticsScope = {
      account: 'bench',
      payee: '',
      pending: false,
      preferredCurrency: 'USD',
    };
    const payee: AnalyticsScope = {
      account: null,
      payee: 'payee-7',
      pending: false,
      preferredCurrency: 'USD',
    };
    const cases: [string, AnalyticsScope, AnalyticsQuery][] = [
      ['label, last 12 months', label, { months: 12 }],
      ['label, all months', label, {}],
      ['label, one month, one artist', label, { month: '2026-03', artist: 'artist-7' }],
      ['label, one product', label, { months: 24, product: 'product-42' }],
      ['payee, last 12 months', payee, { months: 12 }],
    ];
    for (const [name, scope, query] of cases) {
      console.info(`${kind} — ${name} (${RUNS} runs each):`);
      for (const row of await time(db, scope, query)) console.info(`  ${row}`);
    }
    for (const [name, query] of [
      ['last 12 months', { months: 12 }],
      ['one month, one artist', { month: '2026-03', artist: 'artist-7' }],
    ] as const) {
      console.info(`${kind} — dashboards, ${name} (${RUNS} runs each):`);
      for (const row of await timeDashboards(db, query)) console.info(`  ${row}`);
    }
  } finally {
    await db.close();
    await drop();
    rmSync(work, { recursive: true, force: true });
  }
}

// BENCH_DATABASES=postgres (or pglite) runs one database only.
const kinds = (
  process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)
).filter((kind) => (process.env.BENCH_DATABASES ?? kind).split(',').includes(kind));
for (const kind of kinds) await runOne(kind);
