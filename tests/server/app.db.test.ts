import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultAppOptions } from '../../server/app';
import type { FastifyInstance } from 'fastify';
import { freshDatabase } from './harness';

const REQUESTS_A_MINUTE = 20;
const CHUNK = `export const page = ${JSON.stringify('x'.repeat(4096))};`;

describe('serving the browser app beside the API', () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  let app: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Royalty portal</title>');
    writeFileSync(join(dist, 'app.js'), 'console.log("app")');
    // As the build writes a chunk: its hash in its name, its compressed forms beside it.
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'page-Ab12Cd34.js'), CHUNK);
    writeFileSync(join(dist, 'assets', 'page-Ab12Cd34.js.br'), brotliCompressSync(CHUNK));
    writeFileSync(join(dist, 'assets', 'page-Ab12Cd34.js.gz'), gzipSync(CHUNK));
    const database = await freshDatabase();
    drop = database.drop;
    app = await buildApp({
      ...defaultAppOptions(database.db),
      logger: false,
      staticDir: dist,
      rateLimit: { max: REQUESTS_A_MINUTE, timeWindow: 60_000 },
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files and hands every other page path to the app, which shows its own 404', async () => {
    expect((await app.inject({ url: '/app.js' })).body).toContain('console.log');
    for (const path of ['/', '/dashboard', '/statements/42/logs', '/no/such/page']) {
      const response = await app.inject({ url: path });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Royalty portal</title>');
    }
  });

  it('sends a built chunk compressed as built, to be kept by the browser for good', async () => {
    const chunk = '/assets/page-Ab12Cd34.js';
    const brotli = await app.inject({ url: chunk, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^application\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(CHUNK);

    const gzip = await app.inject({ url: chunk, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(CHUNK);

    const plain = await app.inject({ url: chunk, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it('has the browser ask again for the page itself and files outside assets/', async () => {
    for (const path of ['/', '/dashboard', '/app.js']) {
      const response = await app.inject({ url: path });
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("answers a built file that is not there (an earlier build's chunk) with a 404, not the page", async () => {
    const response = await app.inject({ url: '/assets/page-Zz99Yy88.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>Royalty portal</title>');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'The requested resource was not found.' });
  });

  it('counts API requests against the rate limit, never the app’s own files and pages', async () => {
    for (let request = 0; request < REQUESTS_A_MINUTE * 3; request++) {
      expect((await app.inject({ url: '/app.js' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/dashboard' })).statusCode).toBe(200);
    }
    const answers: number[] = [];
    for (let request = 0; request <= REQUESTS_A_MINUTE; request++) {
      answers.push((await app.inject({ url: '/api/health' })).statusCode);
    }
    expect(answers.at(-1)).toBe(429);
  });
});
