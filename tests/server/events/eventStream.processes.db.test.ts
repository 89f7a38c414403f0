// Two API processes on one PostgreSQL database: an event committed through one reaches a stream
// held by the other, through PostgreSQL's NOTIFY. PostgreSQL only: PGlite is one process's.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { DEMO_PASSWORD } from '../../../server/seed';
import { openStream } from './sseClient';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

function startServer(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '..', '..', '..', 'server', 'main.ts')],
    {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Royalty portal on')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`The second server ended (${code}).`)));
  });
}

/** Logs in over HTTP, as a browser would, and keeps the cookies. */
async function httpLogin(base: string, username: string): Promise<LoggedIn> {
  const response = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookies = Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  return { cookies, csrf: cookies.portal_csrf ?? '', body: {} };
}

describe.runIf(process.env.TEST_DATABASE_URL)('the live stream across processes', () => {
  let portal: TestPortal;
  let other: ChildProcess;
  let otherBase: string;

  beforeAll(async () => {
    portal = await startPortal();
    const port = await freePort();
    other = await startServer(portal.databaseUrl ?? '', port);
    otherBase = `http://127.0.0.1:${port}`;
  }, 120_000);

  afterAll(async () => {
    other.kill('SIGTERM');
    await new Promise((resolve) => other.once('exit', resolve));
    await portal.close();
  });

  it('delivers an event written through one process to a stream held by the other', async () => {
    const held = await openStream(otherBase, await httpLogin(otherBase, 'label@demo.label'));
    expect(held.status).toBe(200);
    const lena = await login(portal.app, 'label@demo.label');
    const started = Date.now();
    const response = await write(portal.app, lena, 'POST', '/api/artists', {
      name: 'Written Here, Seen There',
    });
    expect(response.statusCode).toBe(201);
    const streamId = `artist-${response.json<{ id: string }>().id}`;
    await held.waitFor((m) => m.event === 'change' && m.data.includes(streamId), 5000);
    expect(Date.now() - started).toBeLessThan(5000);
    held.close();
  });
});
