import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultAppOptions } from '../../../server/app';
import { freshDatabase } from '../harness';

describe('security headers', () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  let drop: () => Promise<void>;
  let plain: FastifyInstance;
  let overTls: FastifyInstance;

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Royalty portal</title>');
    const database = await freshDatabase();
    drop = database.drop;
    const options = { ...defaultAppOptions(database.db), logger: false as const, staticDir: dist };
    plain = await buildApp(options);
    overTls = await buildApp({ ...options, secureCookies: true });
  });
  afterAll(async () => {
    await plain.close();
    await overTls.close();
    await drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a policy with no inline script and no framing on pages and API answers', async () => {
    for (const url of ['/', '/dashboard', '/api/health', '/api/nothing-here']) {
      const response = await plain.inject({ url });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(policy).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('tells browsers to keep to HTTPS only when served over TLS', async () => {
    const response = await overTls.inject({ url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
