import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultAppOptions } from '../../../server/app';
import { NOT_READABLE } from '../../../server/validationTexts';
import { freshDatabase, login, startPortal, type TestPortal } from '../harness';

describe('bad input', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
    portal.app.log.level = 'silent';
  });
  afterAll(() => portal.close());

  // Logging in is itself an event, so only what the refused request could have written counts.
  const eventCount = async () =>
    (
      await portal.db.query<{ count: string }>(
        "select count(*)::text as count from events where type <> 'UserLoggedIn'",
      )
    )[0]?.count;

  const post = async (payload: string, headers: Record<string, string> = {}) => {
    const otto = await login(portal.app, 'overseer@demo.label');
    return portal.app.inject({
      method: 'POST',
      url: '/api/distributors',
      cookies: otto.cookies,
      headers: { 'x-csrf-token': otto.csrf, 'content-type': 'application/json', ...headers },
      payload,
    });
  };

  it.each([
    ['malformed JSON', '{"name": "Broken",', 400],
    ['a wrong type', '{"name": 12, "uploadable": true}', 400],
    ['a missing field', '{"name": "No flag"}', 400],
    ['an unknown field', '{"name": "Extra", "uploadable": true, "owner": "me"}', 400],
    [
      'an oversized body',
      JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), uploadable: true }),
      413,
    ],
  ])('refuses %s with a message and writes nothing', async (_label, payload, status) => {
    const before = await eventCount();
    const response = await post(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toEqual(expect.any(String));
    expect(response.json().message.length).toBeGreaterThan(5);
    expect(await eventCount()).toBe(before);
  });

  it('names the field that is wrong beside the text a person reads', async () => {
    const response = await post('{"name": 12, "uploadable": true}');
    expect(response.json()).toEqual({
      message: NOT_READABLE,
      errors: [{ path: 'name', message: NOT_READABLE }],
    });
  });

  it('answers unknown API paths with the not-found text', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'The requested resource was not found.' });
  });

  it('never shows internals when something breaks', async () => {
    const { db, drop } = await freshDatabase();
    const app = await buildApp({ ...defaultAppOptions(db), logger: false, staticDir: null });
    app.get('/api/fault', { config: { access: 'public' } }, () => {
      throw new Error('relation "secret_table" does not exist at Query.run (pg/lib/client.js:1)');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/fault' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: 'An unexpected error occurred. Please try again later.',
      });
    } finally {
      await app.close();
      await drop();
    }
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/session', '/api/users/{id}', '/api/products', '/api/events']),
    );
    expect(
      document.paths['/api/session'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['username', 'password']);
  });
});
