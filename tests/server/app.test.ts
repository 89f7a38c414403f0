import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultAppOptions } from '../../server/app';
import type { FastifyInstance } from 'fastify';
import { freshDatabase } from './harness';

const REQUESTS_A_MINUTE = 20;

describe('serving the browser app beside the API', () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  let app: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Royalty portal</title>');
    writeFileSync(join(dist, 'app.js'), 'console.log("app")');
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
