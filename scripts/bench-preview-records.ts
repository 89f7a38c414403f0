// npm run bench:preview-records: the time to make a product's preview records (the record table the
// split editor's preview runs on, cut at PREVIEW_RECORD_LIMIT) for one statement of 1,000,000
// records of 50,000 codes, from its rows (COPY through the index on statement and code) and from
// its file's record table in the blob store (only the product's codes' byte ranges, by the table's
// code index: server/statements/recordTables.ts). Three products of 10 codes each: about 100,000
// records, 120,000 (cut at 100,000) and 1,000. Nothing is kept between runs (no ByteCache); checks
// the two give the same records. Prints figures only; it never fails on time.
//
//   npm run bench:preview-records [-- --records N] [--runs N]
//   bash scripts/with-postgres.sh npm run bench:preview-records   (the PostgreSQL server instead)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readRecordTable, recordsOfTable } from '../engine/recordTable';
import { FolderBlobStore } from '../server/blobs';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { RECORD_COLUMNS, recordLineWriter } from '../server/import/recordLines';
import { PREVIEW_RECORD_LIMIT } from '../server/catalog/previewInput';
import { readEngineRecordTable } from '../server/statements/engineInput';
import {
  fileTableFromRows,
  keepFileTable,
  readStoredRecordTable,
  storeFileTable,
} from '../server/statements/recordTables';
import { totalStatementCodes } from '../server/statements/titleKeys';

const CODES = 50_000;
const CODES_PER_PRODUCT = 10;
const STATEMENT = 'bench-statement';
const FILE = 'bench-file';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
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

const codeOf = (index: number) => `QZ${String(index).padStart(10, '0')}`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** The products measured: a name, their codes (indexes), the records each code holds. */
const products = [
  { name: '100,000 records', first: 0, each: 10_000 },
  { name: '120,000 records, cut at 100,000', first: 10, each: 12_000 },
  { name: '1,000 records', first: 20, each: 100 },
].map((product) => ({
  ...product,
  codes: Array.from({ length: CODES_PER_PRODUCT }, (_, index) => codeOf(product.first + index)),
}));

/** Each row's code: the products' codes as many times as they hold, the others at random. */
function rowCodes(count: number): string[] {
  const next = random(43);
  const codes: string[] = [];
  for (const product of products)
    for (const code of product.codes)
      for (let time = 0; time < product.each; time++) codes.push(code);
  const others = products.length * CODES_PER_PRODUCT;
  while (codes.length < count) codes.push(codeOf(others + Math.floor(next() * (CODES - others))));
  for (let index = codes.length - 1; index > 0; index -= 1) {
    const other = Math.floor(next() * (index + 1));
    [codes[index], codes[other]] = [codes[other]!, codes[index]!];
  }
  return codes;
}

/** A record table's records as the engine reads them, by id: the same whatever their order. */
const recordsText = (table: Uint8Array) =>
  JSON.stringify(recordsOfTable(readRecordTable(table)!).sort((a, b) => (a.id < b.id ? -1 : 1)));

async function main(): Promise<void> {
  const records = option('--records', 1_000_000);
  const runs = option('--runs', 5);
  const url = process.env.TEST_DATABASE_URL;
  const work = mkdtempSync(join(tmpdir(), 'bench-preview-records-'));
  const db = await openDatabase(url ? { url } : { dataDir: join(work, 'pglite') });
  const blobs = new FolderBlobStore(join(work, 'blobs'));
  try {
    await migrate(db);
    await db.query(`insert into accounts (id, name, type, status, created_at, version)
                    values ('bench', 'Bench', 'label', 'active', now(), 1)`);
    await db.query(`insert into distributors (id, name, uploadable, created_at, version)
                    values ('bench-distributor', 'Bench Distributor', true, now(), 1)`);
    await db.query(
      `insert into statements (id, account_id, distributor_id, period, title,
                                            received_at, parse_status, version, state)
                    values ($1, 'bench', 'bench-distributor', '2026-09', 'Bench', now(),
                            'parsed', 1, 'ready')`,
      [STATEMENT],
    );
    await db.query(
      `insert into statement_files (id, statement_id, account_id, name, sha256, size,
                                    status, added_in, position_in_upload)
       values ($1, $2, 'bench', 'bench.tsv', 'x', 1, 'read', 1, 0)`,
      [FILE, STATEMENT],
    );
    const codes = rowCodes(records);
    const line = recordLineWriter(STATEMENT, FILE);
    const next = random(7);
    let start = performance.now();
    for (let from = 0; from < codes.length; from += 50_000) {
      const lines = codes.slice(from, from + 50_000).map(
        (code, index) =>
          line({
            row: from + index + 1,
            code,
            codeKind: 'isrc',
            title: 'Title',
            artist: 'Artist',
            service: 'Spotify',
            format: 'Single',
            formatKind: next() < 0.8 ? 'stream' : 'download',
            territory: 'US',
            units: 1 + Math.floor(next() * 90),
            revenue: (Math.floor(next() * 9_000_000) / 1_000_000).toFixed(6),
            date: '2026-09-30',
            kind: 'sale',
            currency: 'USD',
          }) + '\n',
      );
      await db.copyFrom('statement_records', RECORD_COLUMNS, lines.join(''));
    }
    await totalStatementCodes(db, STATEMENT);
    await db.query('analyze statement_records');
    console.log(
      `${url ? 'PostgreSQL' : 'PGlite'}: ${records.toLocaleString('en-US')} records of ${CODES.toLocaleString('en-US')} codes stored in ${ms(performance.now() - start)}`,
    );
    start = performance.now();
    const table = await db.transaction((tx) => fileTableFromRows(tx, STATEMENT, FILE));
    const stored = await storeFileTable(blobs, table);
    await db.transaction((tx) => keepFileTable(tx, STATEMENT, FILE, stored));
    console.log(
      `record table and code index written as the parse writes them: ${ms(performance.now() - start)}, ` +
        `${(table.length / 2 ** 20).toFixed(1)} MiB`,
    );

    for (const product of products) {
      const fromRows: number[] = [];
      const fromStorage: number[] = [];
      let same = true;
      let found = 0;
      let bytes = 0;
      for (let run = 0; run < runs; run += 1) {
        start = performance.now();
        const rows = await db.transaction((tx) =>
          readEngineRecordTable(tx, STATEMENT, product.codes, PREVIEW_RECORD_LIMIT),
        );
        fromRows.push(performance.now() - start);
        start = performance.now();
        const read = await db.transaction((tx) =>
          readStoredRecordTable(tx, blobs, STATEMENT, product.codes, PREVIEW_RECORD_LIMIT),
        );
        fromStorage.push(performance.now() - start);
        same &&= read.stored && read.found === rows.found;
        same &&= recordsText(read.table) === recordsText(rows.table);
        found = read.found;
        bytes = read.table.length;
      }
      console.log(
        `product of ${product.name} (${found.toLocaleString('en-US')} found, ${(bytes / 2 ** 20).toFixed(2)} MiB kept), median of ${runs}:\n` +
          `  from the rows: ${ms(median(fromRows))} (${fromRows.map(ms).join(', ')})\n` +
          `  from the stored table by its code index: ${ms(median(fromStorage))} (${fromStorage.map(ms).join(', ')})\n` +
          `  same records: ${same ? 'yes' : 'NO'}`,
      );
    }
  } finally {
    await db.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
