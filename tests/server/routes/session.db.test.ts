import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, write, type TestPortal } from '../harness';

describe('session life cycle', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('logs in with the session fields, an httpOnly Lax session cookie and a readable csrf cookie', async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'Label@Demo.Label', password: 'Royalty-demo-2026!' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ok',
      fullname: 'Lena Label',
      username: 'label@demo.label',
      roles: ['owner'],
      settings: { language: 'en', timezone: 'auto', clock: '12hour', currency: 'USD' },
      emulation: null,
      account: { name: 'Demo Records' },
      expiry: 12 * 60 * 60,
    });
    expect(body.permissions).toContain('statement:rw');
    const session = response.cookies.find((cookie) => cookie.name === 'portal_session');
    const csrf = response.cookies.find((cookie) => cookie.name === 'portal_csrf');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.value).toMatch(/^[\w-]{20,}$/);
  });

  it('stores the password as argon2id', async () => {
    const rows = await portal.db.query<{ password_hash: string }>(
      "select password_hash from users where username = 'label@demo.label'",
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers 401 without a session and after logout', async () => {
    const anonymous = await portal.app.inject({ method: 'GET', url: '/api/session?csrf=x' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBeTruthy();

    const lena = await login(portal.app, 'label@demo.label');
    expect((await get(portal.app, lena, '/api/session')).statusCode).toBe(200);
    expect((await write(portal.app, lena, 'DELETE', '/api/session')).statusCode).toBe(204);
    expect((await get(portal.app, lena, '/api/session')).statusCode).toBe(401);
  });

  it('renews the session and expires it when the time is up', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    portal.clock.advance(11.5 * 60 * 60 * 1000);
    const before = await get(portal.app, lena, '/api/session');
    expect(before.json().expiry).toBe(30 * 60);

    const renewed = await write(portal.app, lena, 'PUT', '/api/session');
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().expiry).toBe(12 * 60 * 60);

    portal.clock.advance(12 * 60 * 60 * 1000 + 1000);
    expect((await get(portal.app, lena, '/api/session')).statusCode).toBe(401);
    expect((await write(portal.app, lena, 'PUT', '/api/session')).statusCode).toBe(401);
  });
});

describe('settings', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('keeps the language a user chooses for their next login', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const changed = await write(portal.app, paco, 'PATCH', '/api/session/settings', {
      language: 'ja',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().settings).toMatchObject({ language: 'ja' });
    const again = await login(portal.app, 'payee@demo.label');
    expect(again.body.settings).toMatchObject({ language: 'ja' });
    const unknown = await write(portal.app, paco, 'PATCH', '/api/session/settings', {
      language: 'xx',
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('csrf', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('refuses a GET without the csrf parameter or with a wrong one', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    const missing = await portal.app.inject({
      method: 'GET',
      url: '/api/products',
      cookies: lena.cookies,
    });
    expect(missing.statusCode).toBe(403);
    const wrong = await portal.app.inject({
      method: 'GET',
      url: '/api/products?csrf=not-the-token',
      cookies: lena.cookies,
    });
    expect(wrong.statusCode).toBe(403);
    expect((await get(portal.app, lena, '/api/products')).statusCode).toBe(200);
  });

  it('refuses a write without the csrf header or with another session’s token', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    const otto = await login(portal.app, 'overseer@demo.label');
    const missing = await portal.app.inject({
      method: 'PUT',
      url: '/api/session',
      cookies: lena.cookies,
    });
    expect(missing.statusCode).toBe(403);
    const borrowed = await portal.app.inject({
      method: 'PUT',
      url: '/api/session',
      cookies: lena.cookies,
      headers: { 'x-csrf-token': otto.csrf },
    });
    expect(borrowed.statusCode).toBe(403);
  });

  it('logs one person in from several tabs at once, each with a session of its own', async () => {
    const attempt = () =>
      portal.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { username: 'warranter@demo.label', password: 'Royalty-demo-2026!' },
      });
    const answers = await Promise.all(Array.from({ length: 6 }, attempt));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const tokens = answers.map(
      (answer) => answer.cookies.find((cookie) => cookie.name === 'portal_session')?.value,
    );
    expect(new Set(tokens).size).toBe(6);
  });

  it('counts every wrong password of attempts made at once, and locks after the eleventh', async () => {
    const attempt = (password: string) =>
      portal.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { username: 'artist@demo.label', password },
      });
    const wrong = await Promise.all(
      Array.from({ length: 11 }, (_, index) => attempt(`Wrong-password-${index}!`)),
    );
    expect(wrong.every((answer) => answer.statusCode === 401 || answer.statusCode === 423)).toBe(
      true,
    );
    expect((await attempt('Royalty-demo-2026!')).statusCode).toBe(423);
  });
});
