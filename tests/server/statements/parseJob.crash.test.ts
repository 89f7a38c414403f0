import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';

const ROWS = 400_000;
const script = join(import.meta.dirname, '..', 'fixtures', 'importProcess.ts');
const workDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));

function bigStatement(): string {
  const path = join(workDir, 'big.tsv');
  const header =
    'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)\n';
  const lines: string[] = [header];
  for (let row = 0; row < ROWS; row += 1) {
    const isrc = `QZDM126${String(row % 1000).padStart(5, '0')}`;
    lines.push(
      `2026-10-05\t2026-09\tSpotify\tAria Vale\tTrack ${row % 1000}\t${isrc}\t\t${row % 50}\t100\tSong\tUS\t0\t0.0${row % 97}1234567\n`,
    );
  }
  writeFileSync(path, lines.join(''));
  return path;
}

function run(args: string[], killWhen?: (line: string) => boolean) {
  return new Promise<{ output: string; killed: boolean }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (killWhen && !killed && killWhen(output)) {
        // Give the import time to be well inside its transaction, then pull the plug.
        setTimeout(() => {
          killed = true;
          child.kill('SIGKILL');
        }, 1500);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve({ output, killed }));
  });
}

describe('a crash in the middle of an import', () => {
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('leaves no half statement, and the restarted portal finishes the import exactly once', async () => {
    const file = bigStatement();
    const first = await run(['upload', workDir, file], (output) => output.includes('uploaded'));
    expect(first.killed, first.output).toBe(true);
    expect(first.output).not.toContain('finished');
    const statementId = /uploaded (\S+)/.exec(first.output)?.[1] ?? '';

    const afterCrash = await openDatabase({ dataDir: join(workDir, 'pglite') });
    try {
      const jobs = await afterCrash.query<{ status: string }>('select status from jobs');
      expect(jobs).toEqual([{ status: 'running' }]);
      // Rows copied before the crash may be there, but their file is not read: they are not
      // the statement's, and reading the file again starts by clearing them.
      const files = await afterCrash.query<{ status: string }>(
        'select status from statement_files where statement_id = $1',
        [statementId],
      );
      expect(files).toEqual([{ status: 'queued' }]);
      const records = await afterCrash.query<{ n: string }>(
        `select count(*)::text as n from statement_records r
           join statement_files f on f.id = r.file_id and f.status = 'read'
          where r.statement_id = $1`,
        [statementId],
      );
      expect(records).toEqual([{ n: '0' }]);
      const statement = await afterCrash.query<{ revenue: string | null }>(
        'select (select sum(revenue) from statement_codes where statement_id = $1)::text as revenue',
        [statementId],
      );
      expect(statement).toEqual([{ revenue: null }]);
    } finally {
      await afterCrash.close();
    }

    const second = await run(['resume', workDir]);
    expect(second.output).toContain('resumed');
    const done = await openDatabase({ dataDir: join(workDir, 'pglite') });
    try {
      const records = await done.query<{ n: string; total: string }>(
        'select count(*)::text as n, sum(revenue)::text as total from statement_records where statement_id = $1',
        [statementId],
      );
      expect(records[0]?.n).toBe(String(ROWS));
      const files = await done.query<{ status: string; records: number }>(
        'select status, records from statement_files where statement_id = $1',
        [statementId],
      );
      expect(files).toEqual([{ status: 'read', records: ROWS }]);
      const reads = await done.query<{ n: string }>(
        "select count(*)::text as n from events where type = 'StatementFileRead'",
      );
      expect(reads).toEqual([{ n: '1' }]);
    } finally {
      await done.close();
    }
  }, 240_000);
});
