// npm run bench:load: the portal under many people at once, on PGlite and on PostgreSQL (when
// TEST_DATABASE_URL is set, as scripts/with-postgres.sh does), each a server process of its own
// started here on 127.0.0.1 with a temporary DATA_DIR, as `npm start` runs it (without the built
// app). The demo is seeded, then the label imports, funds, calculates and approves BENCH_STATEMENTS
// monthly DistroKid statements over the demo's songs, and the overseer adds BENCH_PRODUCTS products.
//
// (a) BENCH_USERS people (200) of the five demo accounts label, payee, artist, admin and warranter
//     log in (spread over BENCH_RAMP_MS), then for BENCH_SECONDS each opens, one page after the
//     other with a pause of about BENCH_THINK_MS (random, 0 to twice it), what their account shows:
//     dashboard, lists of statements, products, payments and earnings, a statement's, a product's
//     and a payment's details, a split preview's input, a payee statement. p50/p95/p99 and the
//     errors of each route are printed.
// (b) BENCH_STREAMS live event streams (1,000; `GET /api/events/stream`, five tabs a person) stay
//     open while the label changes a product BENCH_WRITES times; the delay from the change's commit
//     (its answer) to each stream receiving it is printed.
//
// BENCH_DATABASES=postgres (or pglite) runs one of the two; BENCH_PROFILE_DIR writes the server's
// CPU profile there.
//
// (c) With TEST_DATABASE_READ_URL (scripts/with-postgres-standby.sh: a primary and a streaming
//     standby), BENCH_DATABASES=standby runs (a) while the label imports statements of
//     BENCH_IMPORT_ROWS rows one after the other, twice on the same database: the server without
//     DATABASE_READ_URL, then with the standby; the p99 of each route's reads are printed side by
//     side (README, "Reads from standbys").
//
// The rate limits are raised for the bench through the server's environment (RATE_LIMIT_MAX,
// LOGIN_RATE_LIMIT_MAX): every simulated person comes from 127.0.0.1. Prints figures; never fails
// on time. Goals: p99 < 100 ms for list and detail reads on PostgreSQL with no error; live
// delivery p99 < 200 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  copyPostgresDatabase,
  databaseUrl as databaseUrlOf,
  dropPostgresDatabase,
} from '../tests/server/databaseTemplates';
import pg from 'pg';
import { DEMO_PASSWORD } from '../server/seed';
import { DISTROKID_HEADER, portalClient, sessionOf, sleep, type Session } from './benchPortal';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 10_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const WRITES = Number(process.env.BENCH_WRITES ?? 40);
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 12);
const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 8097);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);

const ACCOUNTS = ['label', 'payee', 'artist', 'admin', 'warranter'] as const;
type AccountName = (typeof ACCOUNTS)[number];

const { agent, call, login, json, post, distroKid, upload, waitForStatus, startServer, stop } =
  portalClient(PORT);

const STORES = ['Spotify', 'Apple Music', 'YouTube Music', 'Amazon Music', 'Deezer', 'Tidal'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'JP', 'MX', 'CA'];
const SONGS = [
  ['Midnight Signals', 'QZDM12600001'],
  ['Paper Lanterns', 'QZDM12600002'],
] as const;

/** A month's DistroKid statement over the demo's two songs, and its total in cents. */
function statementFile(month: string, rows = ROWS): { text: string; cents: number } {
  let text = DISTROKID_HEADER;
  let cents = 0;
  for (let row = 0; row < rows; row++) {
    const [title, isrc] = SONGS[row % SONGS.length] ?? SONGS[0];
    const amount = ((row * 7919) % 900) + 1;
    cents += amount;
    text += `${month}-28\t${month}\t${STORES[row % STORES.length]}\tAria Vale\t${title}\t${isrc}\t\t${(row % 90) + 1}\t100\tSong\t${COUNTRIES[row % COUNTRIES.length]}\t0\t${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}\n`;
  }
  return { text, cents };
}

/** The demo plus a year of approved statements and a longer catalog. */
async function prepare(): Promise<void> {
  const overseer = await login('overseer@demo.label');
  const accounts = await json<{ items: { id: string }[] }>(
    overseer,
    '/api/accounts?q=Demo%20Records',
  );
  const accountId = accounts.items[0]?.id;
  for (let index = 0; index < PRODUCTS; index++) {
    await post(
      overseer,
      '/api/products',
      {
        title: `Bench Song ${index}`,
        type: 'single',
        accountId,
        codes: [{ code: `QZBN126${String(index).padStart(5, '0')}`, kind: 'isrc' }],
      },
      201,
    );
  }
  const label = await login('label@demo.label');
  const distributor = await distroKid(label);
  for (let index = 0; index < STATEMENTS; index++) {
    const month = `2025-${String(index + 1).padStart(2, '0')}`;
    const { text, cents } = statementFile(month);
    const id = await upload(label, distributor, month, text);
    await waitForStatus(label, id, 'waiting-for-funds');
    await post(label, `/api/statements/${id}/funds`, {
      amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    });
    await post(label, `/api/statements/${id}/calculate`, {});
    await waitForStatus(label, id, 'pending-approval');
    await post(label, `/api/statements/${id}/approve`, {});
  }
}

interface Ids {
  statements: string[];
  products: string[];
  payments: string[];
  earnings: string[];
}

async function idsOf(session: Session, account: AccountName): Promise<Ids> {
  const list = async (path: string) => {
    const answer = await call('GET', path, session);
    if (answer.status !== 200) return [];
    return (JSON.parse(answer.body) as { items: { id?: string; statementId?: string }[] }).items
      .map((item) => item.id ?? item.statementId ?? '')
      .filter((id) => id !== '');
  };
  return {
    statements: account === 'label' || account === 'admin' ? await list('/api/statements') : [],
    products: account === 'warranter' ? [] : await list('/api/products'),
    payments: await list('/api/payments'),
    earnings: account === 'warranter' ? [] : await list('/api/earnings'),
  };
}

/** What a person of each account opens, as `route name`, `path`. */
function pagesOf(account: AccountName, ids: Ids): [string, () => string][] {
  const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)] ?? '';
  const pages: [string, () => string][] = [['GET /api/dashboard', () => '/api/dashboard']];
  if (account === 'label' || account === 'admin') {
    pages.push(['GET /api/statements', () => '/api/statements']);
    if (ids.statements.length > 0)
      pages.push(['GET /api/statements/{id}', () => `/api/statements/${pick(ids.statements)}`]);
  }
  if (account !== 'warranter') {
    pages.push(['GET /api/products', () => '/api/products']);
    if (ids.products.length > 0)
      pages.push(['GET /api/products/{id}', () => `/api/products/${pick(ids.products)}`]);
    pages.push(['GET /api/earnings', () => '/api/earnings']);
    if (ids.earnings.length > 0)
      pages.push(['GET /api/earnings/{id}', () => `/api/earnings/${pick(ids.earnings)}`]);
  }
  if (account === 'label' && ids.products.length > 0)
    pages.push([
      'GET /api/products/{id}/preview-input',
      () => `/api/products/${pick(ids.products.slice(0, 3))}/preview-input`,
    ]);
  pages.push(['GET /api/payments', () => '/api/payments']);
  if (ids.payments.length > 0)
    pages.push(['GET /api/payments/{id}', () => `/api/payments/${pick(ids.payments)}`]);
  pages.push(['GET /api/transactions', () => '/api/transactions']);
  pages.push(['GET /api/wallet', () => '/api/wallet']);
  return pages;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;

function printTimes(title: string, times: Map<string, { ms: number[]; errors: number }>) {
  console.info(title);
  console.info(
    `  ${'route'.padEnd(40)} ${'count'.padStart(6)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)} errors`,
  );
  for (const [route, { ms, errors }] of [...times].sort(([a], [b]) => a.localeCompare(b))) {
    ms.sort((a, b) => a - b);
    const f = (value: number) => `${value.toFixed(1)}`.padStart(8);
    console.info(
      `  ${route.padEnd(40)} ${String(ms.length).padStart(6)} ${f(percentile(ms, 0.5))} ${f(percentile(ms, 0.95))} ${f(percentile(ms, 0.99))} ${f(ms[ms.length - 1] ?? 0)} ${errors}`,
    );
  }
}

type Times = Map<string, { ms: number[]; errors: number }>;

async function readsUnderLoad(): Promise<{ sessions: Session[]; times: Times }> {
  const times = new Map<string, { ms: number[]; errors: number }>();
  const record = (route: string, ms: number, ok: boolean) => {
    const entry = times.get(route) ?? { ms: [], errors: 0 };
    entry.ms.push(ms);
    if (!ok) entry.errors += 1;
    times.set(route, entry);
  };
  const ids = new Map<AccountName, Ids>();
  for (const account of ACCOUNTS) {
    ids.set(account, await idsOf(await login(`${account}@demo.label`), account));
  }
  const sessions: Session[] = [];
  let loggedIn = 0;
  let failedLogins = 0;
  let allIn = () => {};
  const everyoneIn = new Promise<void>((resolve) => (allIn = resolve));
  let started = 0;
  let end = Infinity;
  const errors: string[] = [];
  const user = async (index: number) => {
    const account = ACCOUNTS[index % ACCOUNTS.length] ?? 'label';
    await sleep((RAMP_MS * index) / USERS);
    const before = performance.now();
    const answer = await call(
      'POST',
      '/api/session',
      null,
      JSON.stringify({ username: `${account}@demo.label`, password: DEMO_PASSWORD }),
    );
    record('POST /api/session (login)', performance.now() - before, answer.status === 200);
    if (answer.status !== 200) {
      failedLogins += 1;
      if (loggedIn + failedLogins === USERS) allIn();
      errors.push(`login ${account}: ${answer.status} ${answer.body.slice(0, 200)}`);
      return;
    }
    const session = sessionOf(answer);
    sessions.push(session);
    const none: Ids = { statements: [], products: [], payments: [], earnings: [] };
    const pages = pagesOf(account, ids.get(account) ?? none);
    // Everyone reads once all have logged in: the reads are timed apart from the logins' hashing.
    loggedIn += 1;
    if (loggedIn + failedLogins === USERS) allIn();
    await everyoneIn;
    if (started === 0) {
      started = performance.now();
      end = started + SECONDS * 1000;
    }
    let next = index;
    while (performance.now() < end) {
      await sleep(Math.random() * 2 * THINK_MS);
      const page = pages[next++ % pages.length];
      if (!page) break;
      const [route, path] = page;
      const sent = performance.now();
      try {
        const read = await call('GET', path(), session);
        const ok = read.status === 200;
        record(route, performance.now() - sent, ok);
        if (!ok && errors.length < 20)
          errors.push(`${route}: ${read.status} ${read.body.slice(0, 200)}`);
      } catch (error) {
        record(route, performance.now() - sent, false);
        if (errors.length < 20) errors.push(`${route}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: USERS }, (_, index) => user(index)));
  const total = [...times.values()].reduce((sum, entry) => sum + entry.ms.length, 0);
  printTimes(
    `${USERS} people logging in over ${RAMP_MS / 1000} s, then reading for ${SECONDS} s with a pause of ~${THINK_MS} ms: ${total - USERS} reads, ${Math.round((total - USERS) / ((performance.now() - started) / 1000))} per second`,
    times,
  );
  for (const error of errors) console.info(`  error: ${error}`);
  return { sessions, times };
}

/** Opens a live stream and calls `onChange` with each change's stream id as it arrives. */
function openStream(session: Session, onChange: (streamId: string, at: number) => void) {
  return new Promise<() => void>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: `/api/events/stream?csrf=${encodeURIComponent(session.csrf)}`,
        agent: false,
        headers: { cookie: session.cookie, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream: ${res.statusCode}`));
          res.resume();
          return;
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!message.includes('event: change')) continue;
            const data = message.split('\n').find((line) => line.startsWith('data: '));
            if (data) onChange((JSON.parse(data.slice(6)) as { streamId: string }).streamId, at);
          }
        });
        resolve(() => req.destroy());
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

async function liveStreams(sessions: Session[]): Promise<void> {
  const label = await login('label@demo.label');
  const products = await json<{ items: { id: string }[] }>(label, '/api/products');
  const productId = products.items[0]?.id ?? '';
  let version = (await json<{ version: number }>(label, `/api/products/${productId}`)).version;
  const streamId = `product-${productId}`;
  // Each write's arrivals, by write number.
  let current: { committed: number; arrivals: number[] } | null = null;
  const closers: (() => void)[] = [];
  const opening = performance.now();
  for (let index = 0; index < STREAMS; index++) {
    const session = sessions[index % sessions.length];
    if (!session) break;
    closers.push(
      await openStream(session, (id, at) => {
        if (id === streamId && current) current.arrivals.push(at);
      }),
    );
  }
  console.info(
    `${closers.length} live streams open in ${Math.round(performance.now() - opening)} ms`,
  );
  await sleep(1000);
  const delays: number[] = [];
  const writes: number[] = [];
  const reached: number[] = [];
  for (let write = 0; write < WRITES; write++) {
    const sent = performance.now();
    current = { committed: 0, arrivals: [] };
    const answer = await call(
      'PATCH',
      `/api/products/${productId}`,
      label,
      JSON.stringify({
        version,
        title: `Midnight Signals ${write % 2 === 0 ? '(live)' : ''}`.trim(),
      }),
    );
    const committed = performance.now();
    if (answer.status !== 200) throw new Error(`PATCH product: ${answer.status} ${answer.body}`);
    version = (JSON.parse(answer.body) as { version: number }).version;
    writes.push(committed - sent);
    await sleep(1000);
    // An arrival before the answer came back counts as no delay: the commit came before both.
    for (const at of current.arrivals) delays.push(Math.max(0, at - committed));
    reached.push(current.arrivals.length);
  }
  current = null;
  for (const close of closers) close();
  delays.sort((a, b) => a - b);
  writes.sort((a, b) => a - b);
  const f = (value: number) => value.toFixed(1);
  console.info(
    `${WRITES} product changes by the label (answered p50 ${f(percentile(writes, 0.5))} ms), each seen by ${Math.min(...reached)}-${Math.max(...reached)} of ${closers.length} streams (those allowed to see the product)`,
  );
  console.info(
    `  delay from commit to delivery over ${delays.length} deliveries: p50 ${f(percentile(delays, 0.5))} ms, p95 ${f(percentile(delays, 0.95))} ms, p99 ${f(percentile(delays, 0.99))} ms, max ${f(delays[delays.length - 1] ?? 0)} ms`,
  );
}

async function runOne(kind: 'pglite' | 'postgres'): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `bench-load-${kind}-`));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = await copyPostgresDatabase(serverUrl, 'template1', `bench_load_${Date.now()}`);
    databaseUrl = databaseUrlOf(serverUrl, name);
    drop = () => dropPostgresDatabase(serverUrl, name);
  }
  const profile = process.env.BENCH_PROFILE_DIR;
  const server = await startServer({
    name: kind,
    dataDir: work,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profile}`] } : {}),
  });
  try {
    const preparing = performance.now();
    await prepare();
    console.info(
      `${kind}: demo, ${PRODUCTS} more products and ${STATEMENTS} approved statements of ${ROWS} rows ready in ${Math.round((performance.now() - preparing) / 1000)} s`,
    );
    const { sessions } = await readsUnderLoad();
    await liveStreams(sessions);
  } finally {
    await stop(server);
    await drop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** (a) while the label imports one statement after the other; the statements it read. */
async function readsWhileImporting(first: number): Promise<{ times: Times; imported: number }> {
  const label = await login('label@demo.label');
  const distributor = await distroKid(label);
  let reading = true;
  let imported = 0;
  const importing = (async () => {
    for (let index = first; reading; index++) {
      const month = `20${30 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
      const id = await upload(label, distributor, month, statementFile(month, IMPORT_ROWS).text);
      await waitForStatus(label, id, 'waiting-for-funds');
      imported += 1;
    }
  })();
  const { times } = await readsUnderLoad();
  reading = false;
  await importing;
  return { times, imported };
}

/** Transactions (each query outside one counts as one) the standby has run in `database`. */
async function standbyTransactions(url: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The statistics a backend sends when idle: read them fresh, not from this backend's cache.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ count: string }>(
      'select xact_commit + xact_rollback as count from pg_stat_database where datname = $1',
      [database],
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/** (c): the same reads under the same import, without and with the standby. */
async function replicaSideBySide(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const standbyUrl = process.env.TEST_DATABASE_READ_URL ?? '';
  const work = mkdtempSync(join(tmpdir(), 'bench-load-standby-'));
  const name = await copyPostgresDatabase(serverUrl, 'template1', `bench_load_${Date.now()}`);
  const databaseUrl = databaseUrlOf(serverUrl, name);
  const runs: { label: string; times: Times; imported: number }[] = [];
  try {
    const standby = databaseUrlOf(standbyUrl, name);
    // BENCH_STANDBY_ORDER=on,off runs the standby first, to see what the order itself costs.
    const order =
      process.env.BENCH_STANDBY_ORDER === 'on,off' ? [standby, undefined] : [undefined, standby];
    for (const [index, readUrl] of order.entries()) {
      const server = await startServer({
        name: readUrl ? 'with standby' : 'primary only',
        dataDir: work,
        databaseUrl,
        ...(readUrl ? { readUrl } : {}),
      });
      try {
        if (index === 0) await prepare();
        const label = readUrl ? 'standby on' : 'standby off';
        console.info(`— reads while importing, ${label} —`);
        const before = await standbyTransactions(standby, name);
        runs.push({ label, ...(await readsWhileImporting(index * 100)) });
        const answered = (await standbyTransactions(standby, name)) - before;
        console.info(
          `  the standby answered ${answered} queries and transactions (its monitor asks 4 a second)`,
        );
      } finally {
        await stop(server);
      }
    }
  } finally {
    await dropPostgresDatabase(serverUrl, name);
    rmSync(work, { recursive: true, force: true });
  }
  const off = runs.find((run) => run.label === 'standby off');
  const on = runs.find((run) => run.label === 'standby on');
  if (!off || !on) return;
  const p99 = (times: Times, route: string) => {
    const ms = [...(times.get(route)?.ms ?? [])].sort((a, b) => a - b);
    return ms.length === 0 ? '-' : percentile(ms, 0.99).toFixed(1);
  };
  const all = (times: Times) =>
    [...times]
      .filter(([route]) => route.startsWith('GET'))
      .flatMap(([, entry]) => entry.ms)
      .sort((a, b) => a - b);
  console.info(
    `p99 of reads (ms) while importing statements of ${IMPORT_ROWS} rows (${off.imported} and ${on.imported} imported)`,
  );
  console.info(
    `  ${'route'.padEnd(40)} ${'standby off'.padStart(12)} ${'standby on'.padStart(12)}`,
  );
  for (const route of [...off.times.keys()].filter((key) => key.startsWith('GET')).sort()) {
    console.info(
      `  ${route.padEnd(40)} ${p99(off.times, route).padStart(12)} ${p99(on.times, route).padStart(12)}`,
    );
  }
  const f = (ms: number[]) => percentile(ms, 0.99).toFixed(1);
  console.info(
    `  ${'all reads'.padEnd(40)} ${f(all(off.times)).padStart(12)} ${f(all(on.times)).padStart(12)}`,
  );
}

if (process.env.TEST_DATABASE_READ_URL && process.env.BENCH_DATABASES === 'standby') {
  await replicaSideBySide();
  agent.destroy();
  process.exit(0);
}

const kinds = (process.env.TEST_DATABASE_URL ? ['postgres', 'pglite'] : ['pglite']).filter((kind) =>
  (process.env.BENCH_DATABASES ?? kind).split(',').includes(kind),
) as ('pglite' | 'postgres')[];
for (const kind of kinds) {
  console.info(`— ${kind} —`);
  await runOne(kind);
}
agent.destroy();
