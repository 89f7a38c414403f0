// What the benchmarks that run the portal as a server share: starting it on 127.0.0.1 with a
// temporary DATA_DIR as `npm start` runs it, and calling its API as a browser does (session cookie,
// CSRF token, compressed answers).
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { DEMO_PASSWORD } from '../server/seed';

export interface Answer {
  status: number;
  body: string;
  headers: IncomingMessage['headers'];
  /** Bytes on the wire, before decompression. */
  wireBytes: number;
  /** Milliseconds from sending the request to the answer's headers, and to its last byte. */
  firstByteMs: number;
  totalMs: number;
}

export interface Session {
  cookie: string;
  csrf: string;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** DistroKid's header row, as its statements start. */
export const DISTROKID_HEADER =
  'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)\n';

function decoded(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

export function sessionOf(answer: Answer): Session {
  const cookies = (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0] ?? '');
  const csrf = cookies.find((c) => c.startsWith('portal_csrf='))?.slice('portal_csrf='.length);
  return { cookie: cookies.join('; '), csrf: decodeURIComponent(csrf ?? '') };
}

/** The API of a portal listening on 127.0.0.1:`port`. */
export function portalClient(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

  function call(
    method: string,
    path: string,
    session: Session | null,
    body?: string | Buffer,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const csrfQuery =
      session && method === 'GET'
        ? `${path.includes('?') ? '&' : '?'}csrf=${encodeURIComponent(session.csrf)}`
        : '';
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `${path}${csrfQuery}`,
          method,
          agent,
          headers: {
            // As a browser asks: the answers' compression is part of what is timed.
            ...(method === 'GET' ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
            ...(session ? { cookie: session.cookie } : {}),
            ...(session && method !== 'GET' ? { 'x-csrf-token': session.csrf } : {}),
            ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (res) => {
          const firstByteMs = performance.now() - started;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const wire = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              body: decoded(res.headers['content-encoding'], wire).toString(),
              headers: res.headers,
              wireBytes: wire.length,
              firstByteMs,
              totalMs: performance.now() - started,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  async function login(username: string): Promise<Session> {
    const answer = await call(
      'POST',
      '/api/session',
      null,
      JSON.stringify({ username, password: DEMO_PASSWORD }),
    );
    if (answer.status !== 200)
      throw new Error(`login ${username}: ${answer.status} ${answer.body}`);
    return sessionOf(answer);
  }

  async function json<T>(session: Session, path: string): Promise<T> {
    const answer = await call('GET', path, session);
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body}`);
    return JSON.parse(answer.body) as T;
  }

  async function post<T>(session: Session, path: string, data: unknown, expect = 200): Promise<T> {
    const answer = await call('POST', path, session, JSON.stringify(data));
    if (answer.status !== expect) throw new Error(`POST ${path}: ${answer.status} ${answer.body}`);
    return JSON.parse(answer.body || 'null') as T;
  }

  /** The DistroKid distributor's id, as the label's upload form lists it. */
  async function distroKid(label: Session): Promise<string> {
    const distributors = await json<{ items: { id: string; name: string }[] }>(
      label,
      '/api/distributors?q=DistroKid',
    );
    return distributors.items.find((d) => d.name === 'DistroKid')?.id ?? '';
  }

  /** Uploads one statement file for `month`; answers the statement's id. */
  async function upload(label: Session, distributor: string, month: string, text: string) {
    const boundary = `----bench${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${JSON.stringify({ distributor, report_month: month, expected: null })}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${month}.tsv"\r\nContent-Type: text/tab-separated-values\r\n\r\n`,
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await call('POST', '/api/statement/upload', label, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    if (answer.status !== 201) throw new Error(`upload ${month}: ${answer.status} ${answer.body}`);
    return (JSON.parse(answer.body) as { id: string }[])[0]?.id ?? '';
  }

  async function waitForStatus(label: Session, id: string, status: string) {
    for (let tries = 0; tries < 1200; tries++) {
      const statement = await json<{ status: string }>(label, `/api/statements/${id}`);
      if (statement.status === status) return;
      await sleep(100);
    }
    throw new Error(`statement ${id} never reached ${status}`);
  }

  /**
   * The server, started as its own process group (stop it with `stop`), once `/api/health`
   * answers. The rate limits are raised: every simulated person comes from 127.0.0.1.
   */
  async function startServer(options: {
    name: string;
    dataDir: string;
    databaseUrl?: string;
    /** DATABASE_READ_URL: hot standbys of `databaseUrl` for the read routes. */
    readUrl?: string;
    nodeArgs?: string[];
  }): Promise<ChildProcess> {
    const server: ChildProcess = spawn(
      'node',
      [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'],
      {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: options.dataDir,
          LOG_LEVEL: 'warn',
          RATE_LIMIT_MAX: '100000000',
          LOGIN_RATE_LIMIT_MAX: '100000000',
          DATABASE_URL: options.databaseUrl ?? '',
          DATABASE_READ_URL: options.readUrl ?? '',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
        detached: true,
      },
    );
    for (let tries = 0; tries < 600; tries++) {
      await sleep(200);
      const up = await call('GET', '/api/health', null).catch(() => null);
      if (up?.status === 200) return server;
      if (server.exitCode !== null) throw new Error(`${options.name} server stopped`);
    }
    throw new Error(`${options.name} server did not start`);
  }

  /** Stops the server's process group: SIGTERM, then SIGKILL after 10 s. */
  async function stop(server: ChildProcess) {
    if (server.exitCode !== null || !server.pid) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    const killer = setTimeout(() => server.pid && process.kill(-server.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }

  return {
    agent,
    call,
    login,
    json,
    post,
    distroKid,
    upload,
    waitForStatus,
    startServer,
    stop,
  };
}
