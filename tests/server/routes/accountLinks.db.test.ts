import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccount, registerUser } from '../../../server/services/registration';
import { get, login, startPortal, type TestPortal } from '../harness';

describe('e-mailed single-use links', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
    const metadata = { actor: null, emulatingActor: null, at: portal.clock.now() };
    await portal.db.transaction(async (tx) => {
      const accountId = await openAccount(tx, 'Kim Collab', 'person', metadata);
      await registerUser(
        tx,
        {
          accountId,
          username: 'kim@collab.example',
          fullname: 'Kim Collab',
          roles: ['collaborator'],
          language: 'fr',
          passwordHash: null,
        },
        metadata,
      );
    });
  });
  afterAll(() => portal.close());

  const post = (url: string, payload: object) =>
    portal.app.inject({ method: 'POST', url, payload });

  const latestToken = async (recipient: string) => {
    const ada = await login(portal.app, 'admin@demo.label');
    const outbox = (
      await get(portal.app, ada, `/api/outbox?q=${encodeURIComponent(recipient)}`)
    ).json();
    const mail = outbox.items[0];
    return { mail, token: new URL(mail.link as string).searchParams.get('token') ?? '' };
  };

  it('resets a password through the e-mailed link, once', async () => {
    const requested = await post('/api/password-resets', { username: 'artist@demo.label' });
    expect(requested.statusCode).toBe(202);
    const { mail, token } = await latestToken('artist@demo.label');
    expect(mail.subject).toBe('Reset your Royalty Portal password');
    expect(mail.link).toMatch(/\/service\/password\?token=/);
    expect(mail.body).toContain('Aria Artist');

    const weak = await post('/api/password-resets/complete', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(
      'A secure password is at least 12 characters mixing letters, numbers and symbols.',
    );

    const done = await post('/api/password-resets/complete', {
      token,
      password: 'New-password-2026!',
    });
    expect(done.statusCode).toBe(200);
    await login(portal.app, 'artist@demo.label', 'New-password-2026!');

    const again = await post('/api/password-resets/complete', {
      token,
      password: 'Other-password-2026!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('There was an error resetting your password');
  });

  it('says the reset link has expired after an hour', async () => {
    await post('/api/password-resets', { username: 'warranter@demo.label' });
    const { token } = await latestToken('warranter@demo.label');
    portal.clock.advance(60 * 60 * 1000 + 1);
    const late = await post('/api/password-resets/complete', {
      token,
      password: 'New-password-2026!',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Password reset link has expired.');
  });

  it('answers a request the same for unknown users and active accounts, and tells only the inbox', async () => {
    const outboxSize = async () =>
      Number(
        (await portal.db.query<{ count: string }>('select count(*)::text as count from outbox'))[0]
          ?.count,
      );
    const before = await outboxSize();
    const unknown = await post('/api/password-resets', { username: 'nobody@example.com' });
    const active = await post('/api/claims', { username: 'payee@demo.label' });
    expect(unknown.statusCode).toBe(202);
    expect(active.statusCode).toBe(202);
    expect(unknown.json()).toEqual(active.json());
    // Nobody is written to for the unknown address; the active account hears why nothing is needed.
    expect(await outboxSize()).toBe(before + 1);
    const { mail } = await latestToken('payee@demo.label');
    expect(mail.subject).toBe('Your Royalty Portal account is already active');
    expect(mail.body).toContain(
      'Your account is already active. Please login or reset your password:',
    );
    expect(mail.link).toMatch(/\/login$/);
  });

  it('lets a collaborator claim their account in their own language, then log in', async () => {
    expect((await post('/api/claims', { username: 'Kim@Collab.example' })).statusCode).toBe(202);
    const { mail, token } = await latestToken('kim@collab.example');
    expect(mail.subject).toBe('Réclamez votre compte du Portail des redevances');
    expect(mail.link).toMatch(/\/service\/claim\?token=/);

    const wrongKind = await post('/api/activations/complete', {
      token,
      password: 'Claimed-password-1!',
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe('There was an error activating your account');

    const claimed = await post('/api/claims/complete', { token, password: 'Claimed-password-1!' });
    expect(claimed.json()).toEqual({ status: 'done', username: 'kim@collab.example' });
    const kim = await login(portal.app, 'kim@collab.example', 'Claimed-password-1!');
    expect(kim.body.settings).toMatchObject({ language: 'fr' });
  });

  it('lets a double click use a link only once', async () => {
    await post('/api/password-resets', { username: 'overseer@demo.label' });
    const { token } = await latestToken('overseer@demo.label');
    const results = await Promise.all(
      [1, 2].map(() =>
        post('/api/password-resets/complete', { token, password: 'Double-click-2026!' }),
      ),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400]);
  });
});
