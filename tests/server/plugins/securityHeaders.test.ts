import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultAppOptions } from '../../../server/app';
import { freshDatabase, get, login, startPortal, type TestPortal } from '../harness';
import { multipart } from '../multipart';
import { apiRoutes, streams } from '../openapi';

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

// What the API answers is a person's own: earnings, payments, bank and tax details, documents. A
// browser or proxy that kept a copy would show it to whoever uses that browser or proxy next.
describe('API answers are never kept by a cache', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('sends no-store with every answer of every API read, to every role, refusals included', async () => {
    const reads = apiRoutes(portal.app).filter(
      (route) => route.method === 'GET' && !route.path.includes('{') && !streams(route),
    );
    const kept: string[] = [];
    let answers = 0;
    for (const username of ['admin@demo.label', 'label@demo.label', 'payee@demo.label', null]) {
      const who = username ? await login(portal.app, username) : null;
      for (const route of reads) {
        const response = who
          ? await get(portal.app, who, route.path)
          : await portal.app.inject({ url: route.path });
        answers += 1;
        if (response.headers['cache-control'] !== 'no-store')
          kept.push(`${username ?? 'logged out'} ${route.path}: ${response.statusCode}`);
      }
    }
    expect(answers).toBeGreaterThan(100);
    expect(kept).toEqual([]);
  });

  it('sends no-store with a downloaded ID document', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const body = multipart([
      { name: 'kind', value: 'passport' },
      { name: 'file', filename: 'passport.pdf', content: '%PDF-1.4\n%%EOF\n' },
    ]);
    const added = await portal.app.inject({
      method: 'POST',
      url: '/api/settings/documents',
      cookies: paco.cookies,
      headers: { ...body.headers, 'x-csrf-token': paco.csrf },
      payload: body.payload,
    });
    expect(added.headers['cache-control']).toBe('no-store');
    const file = await get(portal.app, paco, `/api/settings/documents/${added.json().id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-store');
  });
});
