import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, defaultAppOptions } from '../../../server/app';
import { openDatabase } from '../../../server/db/database';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };

function cli(args: string[], stdin: string) {
  const child = run('npx', ['tsx', ...args], { env, cwd: process.cwd() });
  child.child.stdin?.end(stdin);
  return child;
}

describe('command-line tools on an install without the demo', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the first admin, who can then log in', async () => {
    const created = await cli(
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

    const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
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
      await db.close();
    }
  });

  it('refuses a weak password, a bad e-mail and a taken username with a one-line reason', async () => {
    await expect(
      cli(
        ['server/cli/account.ts', 'create', '--username', 'x@example.com', '--role', 'admin'],
        'short\n',
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('at least 12 characters mixing letters, numbers and symbols'),
    });
    await expect(
      cli(
        ['server/cli/account.ts', 'create', '--username', 'not-an-email', '--role', 'admin'],
        'Correct-horse-42!\n',
      ),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('Not a valid email') });
    await expect(
      cli(
        ['server/cli/account.ts', 'create', '--username', 'root@example.com', '--role', 'owner'],
        'Correct-horse-42!\n',
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining(
        'This email address is already associated with an existing account.',
      ),
    });
  });

  it('replays the log into the same read models', async () => {
    const replayed = await cli(['server/cli/replay.ts'], '');
    // The nine shipped distributors, the account, its user, and the login of the first test.
    expect(replayed.stdout).toMatch(/^Replayed 12 events in \d+ ms\.$/m);
  });
});
