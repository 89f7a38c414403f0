import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { lockFileOf } from '../../../server/db/dataDirLock';
import { preparedDataFolder } from '../dataFolder';

const folders: string[] = [];
const started: ChildProcess[] = [];

/** A data folder of the test's own, its database migrated with the shipped distributors. */
async function dataFolder(): Promise<string> {
  const dataDir = await preparedDataFolder('portal-lock-');
  folders.push(dataDir);
  return dataDir;
}

const envOf = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SEED: 'none',
  LOG_LEVEL: 'warn',
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A real server process on the data folder, resolved once it listens (or has exited). */
async function startServer(
  dataDir: string,
): Promise<{ child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...envOf(dataDir), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  await new Promise<void>((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Royalty portal on')) resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', () => resolve());
  });
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** A command-line tool run to its end on the data folder: its exit code and everything it printed. */
function tool(
  dataDir: string,
  args: string[],
  stdin = '',
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: envOf(dataDir),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

const createAccount = (dataDir: string, username: string) =>
  tool(
    dataDir,
    ['server/cli/account.ts', 'create', '--username', username, '--role', 'admin'],
    'Correct-horse-42!\n',
  );

async function usernames(dataDir: string): Promise<string[]> {
  const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    return (await db.query<{ username: string }>('select username from users order by 1')).map(
      (row) => row.username,
    );
  } finally {
    await db.close();
  }
}

describe('one process at a time on an embedded data folder', () => {
  afterAll(() => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dataDir of folders) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the tools and a second server while a server runs, and frees the folder when it stops', async () => {
    const dataDir = await dataFolder();
    const server = await startServer(dataDir);
    expect(server.output()).toContain('Royalty portal on');
    const lock = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(server.child.pid);

    const refused = await createAccount(dataDir, 'early@example.com');
    expect(refused.code).toBe(1);
    expect(refused.output).not.toContain('Created');
    expect(refused.output).toContain(
      `The data folder ${dataDir} is in use by the running portal server (process ${server.child.pid}). The embedded database takes one process at a time: stop the server first, or make the change through the running server.`,
    );
    const replay = await tool(dataDir, ['server/cli/replay.ts']);
    expect(replay.code).toBe(1);
    expect(replay.output).toContain('in use by the running portal server');
    expect(replay.output).not.toContain('Replayed');

    const second = await startServer(dataDir);
    expect(await exited(second.child)).toBe(1);
    expect(second.output()).toContain('in use by the running portal server');

    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);

    const created = await createAccount(dataDir, 'after@example.com');
    expect(created.output).toContain('Created after@example.com (admin).');
    expect(await usernames(dataDir)).toEqual(['after@example.com']);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 120_000);

  it('takes over the lock a killed server left behind', async () => {
    const dataDir = await dataFolder();
    const server = await startServer(dataDir);
    server.child.kill('SIGKILL');
    await exited(server.child);
    expect(existsSync(lockFileOf(dataDir))).toBe(true);

    const created = await createAccount(dataDir, 'later@example.com');
    expect(created.output).toContain('Created later@example.com (admin).');
    expect(await usernames(dataDir)).toEqual(['later@example.com']);
  }, 120_000);

  it('treats a lock file nobody can read as no lock', async () => {
    const dataDir = await dataFolder();
    writeFileSync(lockFileOf(dataDir), '');
    const created = await createAccount(dataDir, 'third@example.com');
    expect(created.output).toContain('Created third@example.com (admin).');
  }, 60_000);
});
