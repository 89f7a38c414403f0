import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';

/** What an answer looks like on the wire, undecoded, as a browser receives it. */
function raw(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressed answers', () => {
  let portal: TestPortal;
  let base: string;
  let lena: LoggedIn;

  beforeAll(async () => {
    portal = await startPortal({ live: { heartbeatMs: 60_000, beatMs: 200, gapWaitMs: 1000 } });
    base = await portal.app.listen({ host: '127.0.0.1', port: 0 });
    lena = await login(portal.app, 'label@demo.label');
  }, 120_000);
  afterAll(() => portal.close());

  it('sends a large JSON answer in brotli or gzip as the browser asks, with its security headers', async () => {
    const plain = await raw(base, '/api/openapi.json', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = JSON.parse(plain.body.toString()) as { paths: object };
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);

    const br = await raw(base, '/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(document);
    expect(br.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gzip = await raw(base, '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(document);
  });

  it('keeps the live stream uncompressed, each change readable as soon as it commits', async () => {
    const cookie = Object.entries(lena.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    let text = '';
    let headers: Record<string, unknown> = {};
    const arrived: (() => void)[] = [];
    const req = request(
      `${base}/api/events/stream?csrf=${encodeURIComponent(lena.csrf)}`,
      { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } },
      (res) => {
        headers = res.headers;
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          for (const done of arrived.splice(0)) done();
        });
      },
    );
    req.end();
    const until = async (test: () => boolean) => {
      const deadline = Date.now() + 5000;
      while (!test() && Date.now() < deadline) await new Promise<void>((r) => arrived.push(r));
      return test();
    };
    try {
      expect(await until(() => text.includes('retry:'))).toBe(true);
      expect(headers['content-encoding']).toBeUndefined();
      expect(headers['content-type']).toContain('text/event-stream');

      const response = await write(portal.app, lena, 'POST', '/api/artists', {
        name: 'Compressed Nowhere',
      });
      expect(response.statusCode).toBe(201);
      const id = response.json<{ id: string }>().id;
      expect(await until(() => text.includes(`artist-${id}`))).toBe(true);
    } finally {
      req.destroy();
    }
  });
});
