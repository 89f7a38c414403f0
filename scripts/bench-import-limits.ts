// npm run bench:import-limits: hostile and large statement files imported end to end on PGlite
// (uploaded over HTTP, read by the parse job) while a client asks GET /api/health every 25 ms.
// Each case runs in its own process, so each peak memory is its own. Prints, per case: how the
// file ended (read, or refused and why), the time from upload to the end of its reading, the
// health check's answer times during that time, the peak memory, the records stored and the
// growth of the database folder. Never fails on time or memory.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { crc32, deflateRawSync } from 'node:zlib';
import XLSX from '@e965/xlsx';
import { openDatabase } from '../server/db/database';
import { prepareDatabase } from '../server/startup';
import { seedDemo } from '../server/seed';
import { percentile } from './benchStats';
import { DISTROKID_HEADER } from './benchPortal';
import { labelOnPortal } from './bench-import';

const COLUMNS = DISTROKID_HEADER.trim().split('\t');

function rows(count: number, from = 0): string {
  const lines: string[] = [];
  for (let row = from; row < from + count; row += 1) {
    const track = row % 1000;
    lines.push(
      `2026-10-05\t2026-09\tSpotify\tBench Artist\tTrack ${track}\tQZBN126${String(track).padStart(5, '0')}\t\t${(row % 900) + 1}\t100\tSong\tUS\t0\t0.${String(row % 1000).padStart(3, '0')}456789\n`,
    );
  }
  return lines.join('');
}

/** A `size`-byte stream of valid rows through a compressor, written to `path`. */
async function compressedRows(path: string, size: number, compress: 'gzip' | 'bzip2') {
  // 250 rows (about 25 kB) repeat inside deflate's 32 kB window: a bomb of valid rows.
  const block = Buffer.from(rows(250));
  if (compress === 'bzip2') {
    // bzip2 is slow: one stream of 64 MB, repeated (bzip2 reads concatenated streams as one file).
    const part = join(tmpdir(), `bench-part-${process.pid}.tsv`);
    const out = createWriteStream(part);
    out.write(DISTROKID_HEADER);
    for (let written = 0; written < 64 * 2 ** 20; written += block.length) {
      if (!out.write(block)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    spawnSync('bzip2', ['-9', '-f', part]);
    const single = await readFile(`${part}.bz2`);
    rmSync(`${part}.bz2`);
    const target = createWriteStream(path);
    for (let written = 0; written < size; written += 64 * 2 ** 20) target.write(single);
    target.end();
    await once(target, 'finish');
    return;
  }
  const gzip = createGzip({ level: 9 });
  const target = createWriteStream(path);
  gzip.pipe(target);
  gzip.write(DISTROKID_HEADER);
  for (let written = 0; written < size; written += block.length) {
    if (!gzip.write(block)) await once(gzip, 'drain');
  }
  gzip.end();
  await once(target, 'finish');
}

/** A zip of stored or deflated entries (enough for the cases here). */
function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A small workbook whose sheet declares `dimension` as its range (a claim, not its cells). */
function workbookClaiming(dimension: string): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([COLUMNS, rows(1).trim().split('\t')]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Statement');
  const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: false }) as Buffer;
  // Stored entries: the claim can be written over the sheet's own without repacking.
  const own = /<dimension ref="[A-Z0-9:]+"\/>/.exec(file.toString('latin1'));
  if (!own) throw new Error('no dimension in the generated sheet');
  return rezip(file, own[0], `<dimension ref="${dimension}"/>`);
}

/** The workbook's parts again with `from` replaced by `to` in its sheet. */
function rezip(file: Buffer, from: string, to: string): Buffer {
  const entries: { name: string; data: Buffer }[] = [];
  let at = 0;
  while (file.readUInt32LE(at) === 0x04034b50) {
    const method = file.readUInt16LE(at + 8);
    const packedSize = file.readUInt32LE(at + 18);
    const nameLength = file.readUInt16LE(at + 26);
    const extra = file.readUInt16LE(at + 28);
    const name = file.subarray(at + 30, at + 30 + nameLength).toString();
    const start = at + 30 + nameLength + extra;
    if (method !== 0) throw new Error('expected stored entries');
    let data = Buffer.from(file.subarray(start, start + packedSize));
    if (name.includes('worksheets/sheet')) data = Buffer.from(data.toString().replace(from, to));
    entries.push({ name, data });
    at = start + packedSize;
  }
  return zip(entries);
}

interface Case {
  name: string;
  fileName: string;
  make: (path: string) => Promise<void>;
}

const CASES: Case[] = [
  {
    name: 'legitimate 150,000-row TSV',
    fileName: 'statement.tsv',
    make: async (path) => {
      const out = createWriteStream(path);
      out.write(DISTROKID_HEADER);
      for (let from = 0; from < 150_000; from += 10_000) out.write(rows(10_000, from));
      out.end();
      await once(out, 'finish');
    },
  },
  {
    name: 'xlsx declaring XFD1048576 as its dimension',
    fileName: 'corner.xlsx',
    make: async (path) => writeAll(path, workbookClaiming('A1:XFD1048576')),
  },
  {
    name: 'xlsx declaring a billion rows',
    fileName: 'billion.xlsx',
    make: async (path) => writeAll(path, workbookClaiming('A1:M1000000000')),
  },
  {
    name: 'gzip expanding to 1.5 GB of rows',
    fileName: 'bomb.csv.gz',
    make: (path) => compressedRows(path, 1.5 * 2 ** 30, 'gzip'),
  },
  {
    name: 'bzip2 expanding to 1.5 GB of rows',
    fileName: 'bomb.csv.bz2',
    make: (path) => compressedRows(path, 1.5 * 2 ** 30, 'bzip2'),
  },
  {
    name: 'zip in a zip holding a 20,000-row CSV',
    fileName: 'distrokid.csv.zip',
    make: async (path) => {
      const inner = zip([
        { name: 'statement.csv', data: Buffer.from(DISTROKID_HEADER + rows(20_000)) },
      ]);
      await writeAll(path, zip([{ name: 'statement.zip', data: inner }]));
    },
  },
];

async function writeAll(path: string, bytes: Buffer) {
  const out = createWriteStream(path);
  out.end(bytes);
  await once(out, 'finish');
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

function multipartBody(distributor: string, fileName: string, content: Buffer) {
  const boundary = `----bench${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${JSON.stringify({ distributor, report_month: '2026-09', expected: null })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function runCase(index: number, file: string): Promise<void> {
  const bench = CASES[index];
  if (!bench) throw new Error(`no case ${index}`);
  const work = mkdtempSync(join(tmpdir(), 'bench-limits-'));
  const dataDir = join(work, 'pglite');
  const db = await openDatabase({ dataDir });
  await prepareDatabase(db, new Date());
  await seedDemo(db, new Date());
  const { app, port, cookies, csrf, distributorId } = await labelOnPortal(db, work);
  const { payload, contentType } = multipartBody(
    distributorId,
    bench.fileName,
    await readFile(file),
  );
  const answer = await fetch(`http://127.0.0.1:${port}/api/statement/upload`, {
    method: 'POST',
    headers: { 'content-type': contentType, cookie: cookies, 'x-csrf-token': csrf },
    body: payload,
  });
  if (answer.status !== 201) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
  const sizeBefore = folderBytes(dataDir);

  const latencies: number[] = [];
  let unanswered = 0;
  let reading = true;
  // The probe shares the server's process, so a wait is timed from when the next ask was due:
  // a client elsewhere would have sent it then, and work that holds the event loop delays it.
  const probe = (async () => {
    let due = performance.now();
    while (reading) {
      const sent = due;
      try {
        const health = await fetch(`http://127.0.0.1:${port}/api/health`, {
          signal: AbortSignal.timeout(60_000),
        });
        await health.text();
      } catch {
        unanswered += 1;
      }
      latencies.push(performance.now() - sent);
      due = performance.now() + 25;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const started = performance.now();
  await app.jobs.drain();
  const seconds = (performance.now() - started) / 1000;
  reading = false;
  await probe;
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  const [files] = await db.query<{ status: string; error: string | null }>(
    `select f.status, (select e.data->>'error' from events e
        where e.type = 'StatementFileRejected' order by e.seq desc limit 1) as error
       from statement_files f`,
  );
  const [stored] = await db.query<{ n: string }>(
    'select count(*)::text as n from statement_records',
  );
  await app.close();
  await db.close();
  const growthMiB = (folderBytes(dataDir) - sizeBefore) / 2 ** 20;
  latencies.sort((a, b) => a - b);
  console.log(
    `${bench.name} (${(statSync(file).size / 2 ** 20).toFixed(2)} MiB uploaded)\n` +
      `  ${files?.status ?? '?'}${files?.error ? `: ${files.error}` : ''}\n` +
      `  read in ${seconds.toFixed(1)} s; records stored ${stored?.n}; peak memory ${peakMiB.toFixed(0)} MiB; database folder grew ${growthMiB.toFixed(0)} MiB\n` +
      `  health check during it: ${latencies.length} asked, ${unanswered} unanswered after 60 s, p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms`,
  );
  rmSync(work, { recursive: true, force: true });
}

const [mode, index, file] = process.argv.slice(2);
if (mode === '--child' && index && file) {
  await runCase(Number(index), file);
} else {
  const only = process.env.BENCH_CASES?.split(',').map(Number);
  const dir = mkdtempSync(join(tmpdir(), 'bench-limits-files-'));
  for (const [at, bench] of CASES.entries()) {
    if (only && !only.includes(at)) continue;
    const file = join(dir, bench.fileName);
    await bench.make(file);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--child', String(at), file],
      { stdio: 'inherit' },
    );
    await once(child, 'exit');
    rmSync(file, { force: true });
  }
  rmSync(dir, { recursive: true, force: true });
}
