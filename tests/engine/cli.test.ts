// The CLI as scripts use it: output JSON on stdout, one line and exit 1 on bad input.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringifyOutput } from '../../engine/outputJson';
import { calculateReference } from '../../engine/reference/index';
import { workedExamples } from './fixtures';
import { malformedInputs } from './malformed';

interface Run {
  code: number;
  stdout: string;
  /** Standard error without npm's own warnings about the local npm configuration. */
  stderrLines: string[];
}

/**
 * The CLI in node with tsx's loader, as `npm run engine` runs it but without npx and tsx's own
 * process in between (half the processor time of each run).
 */
function runCli(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'engine/cli.ts', ...args],
      (error, stdout, stderr) => {
        const stderrLines = stderr
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith('npm warn'));
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderrLines });
      },
    );
  });
}

/** Runs the CLI on several inputs, a few processes at a time. */
async function runAll<T>(items: readonly T[], run: (item: T) => Promise<Run>): Promise<Run[]> {
  const results: Run[] = [];
  for (let start = 0; start < items.length; start += 4) {
    results.push(...(await Promise.all(items.slice(start, start + 4).map(run))));
  }
  return results;
}

let folder = '';

async function inputFile(name: string, content: string): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, content);
  return path;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'engine-cli-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('npm run engine -- calc', () => {
  it('prints the output JSON with either backend', async () => {
    const file = await inputFile('escalation.json', JSON.stringify(workedExamples.escalation));
    const expected = stringifyOutput(calculateReference(workedExamples.escalation));
    const [wasm, decimal] = await runAll([[], ['--backend', 'decimal']], (extra) =>
      runCli(['calc', file, ...extra]),
    );
    for (const run of [wasm, decimal]) {
      expect(run?.code).toBe(0);
      expect(run?.stdout).toBe(`${expected}\n`);
      expect(run?.stderrLines).toEqual([]);
    }
  });

  it('rejects each kind of malformed input with one line naming the path', async () => {
    const files = await Promise.all(
      malformedInputs.map((item, index) =>
        inputFile(`bad-${index}.json`, JSON.stringify(item.input)),
      ),
    );
    const runs = await runAll(files, (file) => runCli(['calc', file]));
    runs.forEach((run, index) => {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderrLines).toEqual([malformedInputs[index]?.error]);
    });
    // One CLI process per malformed input: on a busy machine that is minutes, not seconds.
  }, 300_000);

  it('reports an unreadable file, bad JSON and bad arguments in one line', async () => {
    const badJson = await inputFile('bad.json', '{"currency": ');
    const runs = await runAll(
      [
        ['calc', join(folder, 'absent.json')],
        ['calc', badJson],
        ['calc', badJson, '--backend', 'fortran'],
      ],
      runCli,
    );
    for (const run of runs) {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderrLines).toHaveLength(1);
    }
    expect(runs[0]?.stderrLines[0]).toContain('cannot read (ENOENT)');
    expect(runs[1]?.stderrLines[0]).toContain('not valid JSON');
  });
});
