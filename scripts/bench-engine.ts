// npm run bench:engine: records per second of the WASM engine and the decimal.js reference on one
// statement of 1,000,000 records, and the latency of recalculating a 100,000-record preview after a
// split edit through an engine worker thread. Prints figures only; it never fails on time.
//
// Then the same statement calculated from the database (PGlite in a temporary folder, and the
// PostgreSQL server TEST_DATABASE_URL names when set): its records read as objects, against the
// record table COPY writes, read straight into the engine's columns; and from the record table kept
// in the blob store (as the calculation reads it), side by side with the engine alone and the raw
// read of the same bytes.
//
//   npm run bench:engine [-- --records N] [--preview N] [--runs N] [--skip-reference] [--skip-pglite]
//   bash scripts/with-postgres.sh npm run bench:engine   (PostgreSQL as well)
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { calculate, calculateRecords } from '../engine/index';
import { calculateWasm, loadEngine, readRecordLines } from '../engine/loader';
import { readRecordTable, recordTableReader } from '../engine/recordTable';
import { stringifyOutput } from '../engine/outputJson';
import { calculateReference } from '../engine/reference/index';
import type {
  EngineInput,
  EngineRecord,
  Recoupment,
  Share,
  SplitSet,
  SplitSetKind,
} from '../engine/types';
import type { EngineWorkerApi } from '../workers/engineWorkerApi';
import { openDatabase } from '../server/db/database';
import { RECORD_COLUMNS, recordLineWriter } from '../server/import/recordLines';
import { migrate } from '../server/db/migrations';
import { makeRecordPartition } from '../server/db/recordPartitions';
import { readEngineRecords, readEngineRecordTable } from '../server/statements/engineInput';
import { FolderBlobStore, readBlob } from '../server/blobs';
import {
  fileTableFromRows,
  keepFileTable,
  readNumbered,
  storedFiles,
  storeFileTable,
} from '../server/statements/recordTables';

interface Options {
  records: number;
  preview: number;
  runs: number;
  skipReference: boolean;
  /** Only the PostgreSQL server's figures from the database, not PGlite's as well. */
  skipPglite: boolean;
}

function parseOptions(args: readonly string[]): Options {
  const options: Options = {
    records: 1_000_000,
    preview: 100_000,
    runs: 3,
    skipReference: false,
    skipPglite: false,
  };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    const value = Number(args[index + 1]);
    if (arg === '--records') options.records = value;
    else if (arg === '--preview') options.preview = value;
    else if (arg === '--runs') options.runs = value;
    else if (arg === '--skip-reference' || arg === '--skip-pglite') {
      if (arg === '--skip-reference') options.skipReference = true;
      else options.skipPglite = true;
      continue;
    } else throw new Error(`unknown argument ${arg}`);
    index += 1;
  }
  return options;
}

/** mulberry32: the same statement on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CODES = 50_000;
const CODES_PER_PRODUCT = 10;
const PAYEES = 2_000;
const PERIOD = '2026-09';
const services = ['Spotify', 'Apple Music', 'YouTube', 'Deezer', 'Tidal', 'Amazon', 'TikTok'];
const territories = ['US', 'GB', 'DE', 'FR', 'JP', 'BR', 'SE', 'NL', 'ES', 'IT', 'CA', 'AU'];

const codeOf = (index: number) => `QZ${String(index).padStart(10, '0')}`;
const productOf = (index: number) =>
  `p${String(Math.floor(index / CODES_PER_PRODUCT)).padStart(5, '0')}`;
const payeeOf = (index: number) => `payee-${String(index).padStart(4, '0')}`;
const percent = (units: number) => {
  const text = String(units).padStart(5, '0');
  const fraction = text.slice(-4).replace(/0+$/, '');
  return `${text.slice(0, -4)}${fraction === '' ? '' : `.${fraction}`}`;
};

/** `count` percent amounts (10^-4 percent) totalling 100%. */
function splitHundred(next: () => number, count: number): number[] {
  const weights = Array.from({ length: count }, () => 1 + next() * 9);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const parts = weights.map((weight) => Math.floor((weight / total) * 1_000_000));
  parts[0] = (parts[0] ?? 0) + 1_000_000 - parts.reduce((sum, part) => sum + part, 0);
  return parts;
}

/** A set of 4 to 8 payees, one share of it a group of two or three members. */
function shares(next: () => number): Share[] {
  const payeeCount = 4 + Math.floor(next() * 5);
  const memberCount = 2 + Math.floor(next() * 2);
  const direct = payeeCount - memberCount;
  const parts = splitHundred(next, direct + 1);
  const pick = () => payeeOf(Math.floor(next() * PAYEES));
  const list: Share[] = [];
  for (let index = 0; index < direct; index += 1) {
    list.push({ payeeId: pick(), pct: percent(parts[index] ?? 0) });
  }
  const memberParts = splitHundred(next, memberCount);
  list.push({
    groupId: 'band',
    pct: percent(parts[direct] ?? 0),
    members: memberParts.map((part, index) =>
      index === memberCount - 1
        ? { payeeId: pick(), balance: true }
        : { payeeId: pick(), pct: percent(part) },
    ),
  });
  return list;
}

function splitSet(id: string, productId: string, kind: SplitSetKind, list: Share[]): SplitSet {
  return {
    id,
    scope: { productId },
    kind,
    startDate: null,
    priority: kind === 'conditional' ? 1 : 0,
    shares: list,
  };
}

/** Revenue text with up to 12 decimals, mostly fractions of a cent per stream. */
function revenue(next: () => number): string {
  const micro = Math.floor(next() * next() * 50_000_000_000);
  const whole = Math.floor(micro / 1e12);
  const fraction = String(micro % 1e12)
    .padStart(12, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

function records(count: number, seed: number): EngineRecord[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const roll = next();
    const kind = roll < 0.04 ? 'mechanical' : roll < 0.05 ? 'adjustment' : 'sale';
    // A few codes outside the catalog: missing codes, unallocated.
    const code =
      next() < 0.001 ? `XX${Math.floor(next() * 100)}` : codeOf(Math.floor(next() * CODES));
    const day = 1 + Math.floor(next() * 30);
    const amount = revenue(next);
    return {
      id: `r${String(index).padStart(8, '0')}`,
      code,
      kind,
      date: `${PERIOD}-${String(day).padStart(2, '0')}`,
      units: 1 + Math.floor(next() * 2_000),
      revenue: kind === 'adjustment' && next() < 0.5 && amount !== '0' ? `-${amount}` : amount,
      service: services[Math.floor(next() * services.length)] ?? 'Spotify',
      format: next() < 0.8 ? 'stream' : 'download',
      territory: territories[Math.floor(next() * territories.length)] ?? 'US',
    };
  });
}

function statement(recordCount: number, seed: number): EngineInput {
  const next = random(7);
  const catalog: EngineInput['catalog'] = {};
  for (let index = 0; index < CODES; index += 1)
    catalog[codeOf(index)] = { productId: productOf(index) };
  const products = CODES / CODES_PER_PRODUCT;
  const splitSets: SplitSet[] = [];
  for (let index = 0; index < products; index += 1) {
    const productId = productOf(index * CODES_PER_PRODUCT);
    splitSets.push(splitSet(`base-${productId}`, productId, 'base', shares(next)));
  }
  // One income-threshold set, crossed inside a record part way through the statement.
  const escalated = productOf(0);
  splitSets.push({
    ...splitSet(`cond-${escalated}`, escalated, 'conditional', shares(next)),
    trigger: { type: 'income', threshold: '2.5', preCounted: '0' },
  });
  const recoupment = (id: string, fields: Partial<Recoupment>): Recoupment => ({
    id,
    title: id,
    type: 'advance',
    status: 'open',
    creditorId: 'label',
    debtorIds: [],
    amount: '1000',
    prepaid: '0',
    priority: 'high',
    createdAt: 1_758_000_000,
    startDate: null,
    scope: 'all',
    productIds: [],
    recoupablePct: '0',
    netRevenuePct: '0',
    statementMaximum: null,
    paymentMinimum: '0',
    revenueMinimum: '0',
    reimbursement: 'immediate',
    mechanicalRepays: false,
    ...fields,
  });
  return {
    currency: 'USD',
    statement: { id: `s-${PERIOD}`, period: PERIOD, distributorTakePct: '15' },
    records: records(recordCount, seed),
    catalog,
    splitSets,
    recoupments: [
      // Closes part way through the statement.
      recoupment('rc-marketing', { netRevenuePct: '10', amount: '500', priority: 'highest' }),
      recoupment('rc-advance', {
        debtorIds: [payeeOf(1), payeeOf(2), payeeOf(3)],
        recoupablePct: '50',
        amount: '25000',
        reimbursement: 'deferred',
      }),
    ],
    state: { counters: {}, recoupments: {} },
  };
}

function time<T>(action: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = action();
  return { value, ms: performance.now() - start };
}

async function timeAsync<T>(action: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await action();
  return { value, ms: performance.now() - start };
}

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * The statement's records stored as one statement's records in PGlite (or the PostgreSQL server at
 * `url`, whose schema is made anew: a throwaway server's), then calculated from there
 * both ways: records as objects (readEngineRecords, then calculateWasm) and as a record table
 * (readEngineRecordTable, readRecordTable, then calculateRecords on its columns). Both outputs must be
 * the same text.
 */
async function fromDatabase(input: EngineInput, runs: number, url?: string) {
  const work = mkdtempSync(join(tmpdir(), 'bench-engine-'));
  const db = await openDatabase(url ? { url } : { dataDir: join(work, 'pglite') });
  const name = url ? 'PostgreSQL' : 'PGlite';
  try {
    await migrate(db);
    await db.query(`insert into accounts (id, name, type, status, created_at, version)
                    values ('bench', 'Bench', 'label', 'active', now(), 1)`);
    await db.query(`insert into distributors (id, name, uploadable, created_at, version)
                    values ('bench-distributor', 'Bench Distributor', true, now(), 1)`);
    await db.query(
      `insert into statements (id, account_id, distributor_id, period, title,
                                            received_at, parse_status, version, state)
                    values ('bench-statement', 'bench', 'bench-distributor', $1, 'Bench', now(),
                            'parsed', 1, 'ready')`,
      [PERIOD],
    );
    await db.query(`insert into statement_files (id, statement_id, account_id, name, sha256, size,
                                                 status, added_in, position_in_upload)
                    values ('bench-file', 'bench-statement', 'bench', 'bench.tsv', 'x', 1, 'read', 1, 0)`);
    // Stored as a read statement's file is: the import's own COPY lines and columns.
    await makeRecordPartition(db, 'bench-statement');
    const line = recordLineWriter('bench-statement', 'bench-file');
    const loaded = await timeAsync(async () => {
      const chunk = 50_000;
      for (let from = 0; from < input.records.length; from += chunk) {
        const lines = input.records.slice(from, from + chunk).map(
          (record, index) =>
            line({
              row: from + index + 1,
              code: record.code,
              codeKind: 'isrc',
              title: 'Title',
              artist: 'Artist',
              service: record.service ?? 'Spotify',
              format: 'Single',
              formatKind: record.format === 'stream' ? 'stream' : 'download',
              territory: record.territory ?? null,
              units: record.units,
              revenue: record.revenue,
              date: record.date ?? null,
              kind: record.kind === 'adjustment' ? 'sale' : record.kind,
              currency: 'USD',
            }) + '\n',
        );
        await db.copyFrom('statement_records', RECORD_COLUMNS, lines.join(''));
      }
    });
    console.log(
      `from the database (${name}): ${input.records.length.toLocaleString('en-US')} records of one statement stored in ${ms(loaded.ms)}`,
    );
    const { records: _records, ...rest } = input;
    const objects: number[] = [];
    const tables: number[] = [];
    let parts = { read: 0, columns: 0, engine: 0 };
    let same = true;
    let objectsOutput = '';
    for (let run = 0; run < runs; run += 1) {
      const byObjects = await timeAsync(async () =>
        calculateWasm({
          ...rest,
          records: await readEngineRecords(db, 'bench-statement', null, null),
        }),
      );
      objects.push(byObjects.ms);
      objectsOutput = stringifyOutput(byObjects.value);
      const read = await timeAsync(() => readEngineRecordTable(db, 'bench-statement', null, null));
      const columns = time(() => readRecordTable(read.value.table, readRecordLines));
      if (columns.value === null) throw new Error('the record table could not be read');
      const table = columns.value;
      const calculated = await timeAsync(() => calculateRecords(rest, table));
      tables.push(read.ms + columns.ms + calculated.ms);
      parts = { read: read.ms, columns: columns.ms, engine: calculated.ms };
      same &&=
        calculated.value.backend === 'wasm' &&
        stringifyOutput(calculated.value.output) === stringifyOutput(byObjects.value);
    }
    const count = input.records.length;
    console.log(
      `  records as objects (readEngineRecords, calculateWasm): ${rate(count, median(objects))} records/s ` +
        `(median of ${runs}: ${objects.map(ms).join(', ')})`,
    );
    console.log(
      `  records as a record table (COPY, readRecordTable, calculateRecords): ${rate(count, median(tables))} records/s ` +
        `(median of ${runs}: ${tables.map(ms).join(', ')}; last run: COPY ${ms(parts.read)}, columns ${ms(parts.columns)}, engine ${ms(parts.engine)})`,
    );
    console.log(`  outputs identical byte for byte: ${same ? 'yes' : 'NO'}`);

    // The file's records kept as a record table in the blob store, as the parse keeps them
    // (server/statements/recordTables.ts), then calculated from there as the calculation job does.
    const blobs = new FolderBlobStore(join(work, 'blobs'));
    const written = await timeAsync(async () => {
      const table = await db.transaction((tx) =>
        fileTableFromRows(tx, 'bench-statement', 'bench-file'),
      );
      const stored = await storeFileTable(blobs, table);
      await db.transaction((tx) => keepFileTable(tx, 'bench-statement', 'bench-file', stored));
      return { blob: stored.blob, bytes: table.length };
    });
    console.log(
      `  record table written to the blob store as the parse writes it (COPY of the file's rows, put): ` +
        `${ms(written.ms)}, ${(written.value.bytes / 2 ** 20).toFixed(1)} MiB`,
    );
    const raw: number[] = [];
    const ends: number[] = [];
    const alone: number[] = [];
    let endParts = { names: 0, read: 0, columns: 0, engine: 0 };
    let sameStored = true;
    for (let run = 0; run < runs; run += 1) {
      // The raw read of the same bytes: the blob store only.
      raw.push((await timeAsync(() => readBlob(blobs, written.value.blob))).ms);
      // End to end, from storage to payouts: the tables' names, their bytes, the columns, the engine.
      const start = performance.now();
      const names = await timeAsync(() => storedFiles(db, 'bench-statement'));
      const read = await timeAsync(() => readNumbered(blobs, names.value!));
      const columns = time(() => {
        const reader = recordTableReader(readRecordLines);
        for (const table of read.value!) reader.push(table);
        return reader.finish()!;
      });
      const calculated = await timeAsync(() => calculateRecords(rest, columns.value));
      ends.push(performance.now() - start);
      endParts = { names: names.ms, read: read.ms, columns: columns.ms, engine: calculated.ms };
      // The engine alone: the same columns, already in memory.
      alone.push((await timeAsync(() => calculateRecords(rest, columns.value))).ms);
      sameStored &&=
        calculated.value.backend === 'wasm' &&
        stringifyOutput(calculated.value.output) === objectsOutput;
    }
    console.log(
      `  from the stored record table, side by side (median of ${runs}):\n` +
        `    end to end (storage to payouts): ${rate(count, median(ends))} records/s (${ends.map(ms).join(', ')}; ` +
        `last run: names ${ms(endParts.names)}, read and numbered ${ms(endParts.read)}, columns ${ms(endParts.columns)}, engine ${ms(endParts.engine)})\n` +
        `    engine alone (columns in memory): ${rate(count, median(alone))} records/s (${alone.map(ms).join(', ')})\n` +
        `    raw read of the same bytes (blob store only): ${rate(count, median(raw))} records/s (${raw.map(ms).join(', ')})\n` +
        `    from the rows (COPY, readRecordTable, calculateRecords): ${rate(count, median(tables))} records/s; as objects: ${rate(count, median(objects))} records/s`,
    );
    console.log(
      `  outputs from the stored table identical byte for byte: ${sameStored ? 'yes' : 'NO'}`,
    );
  } finally {
    await db.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The first calculation of `input` on a fresh module in a new thread, warmed up first or not. */
async function firstCall(
  input: EngineInput,
  warm: boolean,
): Promise<{ warmUpMs: number; firstCallMs: number }> {
  const worker = new Worker(new URL('./engineFirstCall.mjs', import.meta.url), {
    workerData: { input, warm },
  });
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  console.log(
    `engine benchmark: node ${process.version}, ${options.records.toLocaleString('en-US')} records`,
  );
  const built = time(() => statement(options.records, 42));
  const input = built.value;
  console.log(
    `statement: ${CODES.toLocaleString('en-US')} codes, ${input.splitSets.length.toLocaleString('en-US')} split sets ` +
      `(4-8 payees with a group, one income-threshold conditional), 2 recoupments (off-the-top, debtor); built in ${ms(built.ms)}`,
  );

  // A fresh module's first calculation, in a thread of its own, with and without the warm-up the
  // server and the browser worker run when they start (engine/warmUp.ts).
  const warmUp = statement(50_000, 1);
  for (const warm of [false, true]) {
    const first = await firstCall(warmUp, warm);
    console.log(
      `first call on a fresh module (${warmUp.records.length.toLocaleString('en-US')} records), ` +
        (warm
          ? `after the start-up warm-up (${ms(first.warmUpMs)}): ${ms(first.firstCallMs)}`
          : `cold: ${ms(first.firstCallMs)}`),
    );
  }
  const engine = await loadEngine();
  await calculateWasm(warmUp);
  const wasmRuns: number[] = [];
  let wasmOutput = await calculateWasm(input);
  for (let run = 0; run < options.runs; run += 1) {
    const measured = await timeAsync(() => calculateWasm(input));
    wasmRuns.push(measured.ms);
    wasmOutput = measured.value;
  }
  const wasmMs = median(wasmRuns);
  console.log(
    `wasm (calculateWasm: input objects in, output objects out): ${rate(options.records, wasmMs)} records/s ` +
      `(median of ${options.runs}: ${wasmRuns.map(ms).join(', ')}; ${wasmOutput.lines.length.toLocaleString('en-US')} lines, ` +
      `${wasmOutput.payees.length.toLocaleString('en-US')} payees; memory ${(engine.memory.buffer.byteLength / 2 ** 20).toFixed(0)} MiB)`,
  );

  if (!options.skipReference) {
    const reference = time(() => calculateReference(input));
    console.log(
      `decimal.js reference (calculateReference): ${rate(options.records, reference.ms)} records/s (${ms(reference.ms)})`,
    );
    console.log(`ratio wasm / reference: ${(reference.ms / wasmMs).toFixed(1)}x`);
    const same = stringifyOutput(reference.value) === stringifyOutput(wasmOutput);
    console.log(`outputs identical byte for byte: ${same ? 'yes' : 'NO'}`);
  }

  if (!options.skipPglite || !process.env.TEST_DATABASE_URL)
    await fromDatabase(input, options.runs);
  if (process.env.TEST_DATABASE_URL)
    await fromDatabase(input, options.runs, process.env.TEST_DATABASE_URL);

  // Preview: a 100,000-record statement opened in an engine worker thread once, then recalculated
  // after each split edit as the split editor does (workers/engineWorkerApi.ts over Comlink): the
  // edit's split sets go in by structured clone, the summary comes back the same way.
  const preview = statement(options.preview, 99);
  const worker = new Worker(new URL('./engineWorkerThread.mjs', import.meta.url));
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    const remote = wrap<EngineWorkerApi>(nodeEndpoint(worker));
    const opened = await timeAsync(() => remote.openPreview(preview));
    const edits = 9;
    const latencies: number[] = [];
    let backend = '';
    for (let edit = 0; edit < edits + 1; edit += 1) {
      const setIndex = edit * 37;
      const splitSets = preview.splitSets.map((set, index) =>
        index === setIndex ? { ...set, shares: shares(random(1_000 + edit)) } : set,
      );
      // As the page's engine client sends them (src/engine/engineClient.ts): JSON text.
      const measured = await timeAsync(() =>
        remote.preview(opened.value, JSON.stringify(splitSets)),
      );
      backend = measured.value.backend;
      // The first edit after opening is timed apart: it also optimises the preview's own code.
      if (edit > 0) latencies.push(measured.ms);
      else
        console.log(
          `preview: statement opened in the worker in ${ms(opened.ms)}, first edit ${ms(measured.ms)}`,
        );
    }
    console.log(
      `preview of ${options.preview.toLocaleString('en-US')} records after a split edit, through a worker thread ` +
        `(all ${preview.splitSets.length.toLocaleString('en-US')} split sets sent as JSON text, summary back; backend ${backend}): ` +
        `median ${ms(median(latencies))} over ${edits} edits (min ${ms(Math.min(...latencies))}, max ${ms(Math.max(...latencies))})`,
    );
  } finally {
    await worker.terminate();
  }

  // For comparison: the whole statement calculated again in this thread, lines included.
  await calculate(preview, { backend: 'wasm' });
  const whole = await timeAsync(() => calculate(preview, { backend: 'wasm' }));
  console.log(
    `  for comparison, calculate() of the whole ${options.preview.toLocaleString('en-US')}-record input in this thread ` +
      `(no worker, lines included): ${ms(whole.ms)}; structured clone of that input alone ${ms(time(() => structuredClone(preview)).ms)}`,
  );
}

await main();
