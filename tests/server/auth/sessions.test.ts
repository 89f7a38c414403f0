import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MAX_SECONDS, SESSION_SECONDS } from '../../../server/auth/sessions';
import { get, login, startPortal, write, type TestPortal } from '../harness';

describe('how long sessions and links last', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
    portal.app.log.level = 'silent';
  });
  afterAll(() => portal.close());

  const post = (url: string, payload: object) =>
    portal.app.inject({ method: 'POST', url, payload });

  const resetToken = async (username: string) => {
    expect((await post('/api/password-resets', { username })).statusCode).toBe(202);
    const ada = await login(portal.app, 'admin@demo.label');
    const outbox = (
      await get(portal.app, ada, `/api/outbox?q=${encodeURIComponent(username)}`)
    ).json();
    return new URL(outbox.items[0].link as string).searchParams.get('token') ?? '';
  };

  it('ends a session renewed every few hours once it is seven days old', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    const step = (SESSION_SECONDS / 2) * 1000;
    let renewedFor = 0;
    while (renewedFor + step < SESSION_MAX_SECONDS * 1000) {
      portal.clock.advance(step);
      renewedFor += step;
      const renewed = await write(portal.app, lena, 'PUT', '/api/session');
      expect(renewed.statusCode).toBe(200);
      // Never promised past the absolute lifetime.
      expect(renewed.json().expiry).toBeLessThanOrEqual(SESSION_MAX_SECONDS - renewedFor / 1000);
    }
    portal.clock.advance(SESSION_MAX_SECONDS * 1000 - renewedFor + 1000);
    expect((await get(portal.app, lena, '/api/session')).statusCode).toBe(401);
  });

  it('ends every session of a person who resets the password', async () => {
    const before = await login(portal.app, 'warranter@demo.label');
    expect((await get(portal.app, before, '/api/session')).statusCode).toBe(200);
    const token = await resetToken('warranter@demo.label');
    const done = await post('/api/password-resets/complete', {
      token,
      password: 'Another-password-2026!',
    });
    expect(done.statusCode).toBe(200);
    expect((await get(portal.app, before, '/api/session')).statusCode).toBe(401);
    await login(portal.app, 'warranter@demo.label', 'Another-password-2026!');
  });

  it('voids an older reset link once a newer one is used', async () => {
    const older = await resetToken('artist@demo.label');
    const newer = await resetToken('artist@demo.label');
    expect(
      (await post('/api/password-resets/complete', { token: newer, password: 'Newer-pass-2026!' }))
        .statusCode,
    ).toBe(200);
    const replayed = await post('/api/password-resets/complete', {
      token: older,
      password: 'Older-pass-2026!',
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe('There was an error resetting your password');
    await login(portal.app, 'artist@demo.label', 'Newer-pass-2026!');
  });
});
