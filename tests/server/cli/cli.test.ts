import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, defaultAppOptions } from '../../../server/app';
import { openDatabase, type Database } from '../../../server/db/database';
import { openAccount, registerUser } from '../../../server/services/registration';
import { preparedDataFolder } from '../dataFolder';
import { SHIPPED_TEMPLATES } from '../../../server/import/templates';

const run = promisify(execFile);
const folders: string[] = [];

/**
 * A tool run on the data folder, `stdin` written to it: node with tsx's loader, as `npm run`
 * would run it but without npx and tsx's own process in between.
 */
function cli(dataDir: string, args: string[], stdin: string) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  const child = run(process.execPath, ['--import', 'tsx', ...args], { env, cwd: process.cwd() });
  child.child.stdin?.end(stdin);
  return child;
}

/** The embedded database of a data folder, opened in this process for `use` and closed after. */
async function withDatabase<T>(dataDir: string, use: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/** A data folder of the test's own, migrated with the shipped distributors, with no one in it. */
async function installed(): Promise<string> {
  const dataDir = await preparedDataFolder('portal-cli-');
  folders.push(dataDir);
  return dataDir;
}

/** An installed data folder where `username` already has an admin login of its own account. */
async function installWith(username: string): Promise<string> {
  const dataDir = await installed();
  await withDatabase(dataDir, (db) =>
    db.transaction(async (tx) => {
      const metadata = { actor: null, emulatingActor: null, at: new Date() };
      const accountId = await openAccount(tx, username, 'admin', metadata);
      await registerUser(
        tx,
        { accountId, username, fullname: username, roles: ['admin'], passwordHash: null },
        metadata,
      );
    }),
  );
  return dataDir;
}

describe('command-line tools on an install without the demo', () => {
  afterAll(() => {
    for (const dataDir of folders) rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the first admin, who can then log in', async () => {
    const dataDir = await installed();
    const created = await cli(
      dataDir,
      [
        'server/cli/account.ts',
        'create',
        '--username',
        'Root@Example.com',
        '--role',
        'admin',
        '--name',
        'Rita Root',
      ],
      'Correct-horse-42!\n',
    );
    expect(created.stdout).toContain('Created root@example.com (admin).');

    await withDatabase(dataDir, async (db) => {
      const app = await buildApp({ ...defaultAppOptions(db), logger: false, staticDir: null });
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/api/session',
          payload: { username: 'root@example.com', password: 'Correct-horse-42!' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ fullname: 'Rita Root', roles: ['admin'] });
      } finally {
        await app.close();
      }
    });
  });

  it('refuses a weak password, a bad e-mail and a taken username with a one-line reason', async () => {
    const dataDir = await installWith('taken@example.com');
    await expect(
      cli(
        dataDir,
        ['server/cli/account.ts', 'create', '--username', 'x@example.com', '--role', 'admin'],
        'short\n',
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('at least 12 characters mixing letters, numbers and symbols'),
    });
    await expect(
      cli(
        dataDir,
        ['server/cli/account.ts', 'create', '--username', 'not-an-email', '--role', 'admin'],
        'Correct-horse-42!\n',
      ),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('Not a valid email') });
    await expect(
      cli(
        dataDir,
        ['server/cli/account.ts', 'create', '--username', 'Taken@Example.com', '--role', 'owner'],
        'Correct-horse-42!\n',
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining(
        'This email address is already associated with an existing account.',
      ),
    });
  });

  it('replays the log into the same read models', async () => {
    const dataDir = await installWith('replayed@example.com');
    const replayed = await cli(dataDir, ['server/cli/replay.ts'], '');
    // The shipped distributors, the account and its user.
    expect(replayed.stdout).toMatch(
      new RegExp(`^Replayed ${SHIPPED_TEMPLATES.length + 2} events in \\d+ ms\\.$`, 'm'),
    );
  });
});
