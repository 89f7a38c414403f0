import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoPerson } from '../demoPeople';
import { login, startPortal, write, type TestPortal } from '../harness';

const attemptAs = (portal: TestPortal, username: string, password: string) =>
  portal.app.inject({ method: 'POST', url: '/api/session', payload: { username, password } });
const attempt = (portal: TestPortal, password: string) =>
  attemptAs(portal, 'payee@demo.label', password);

describe('login lockout', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  /** A person of the test's own, locked out by 11 wrong passwords in a row. */
  const lockedOut = async (username: string, fullname: string) => {
    await addDemoPerson(portal, { username, fullname });
    for (let failure = 1; failure <= 10; failure += 1)
      expect((await attemptAs(portal, username, 'wrong password')).statusCode).toBe(401);
    expect((await attemptAs(portal, username, 'wrong password')).statusCode).toBe(423);
  };

  it('refuses 10 wrong passwords with the credentials message, locks at the 11th, and unlocks after 60 minutes', async () => {
    for (let failure = 1; failure <= 10; failure += 1) {
      const response = await attempt(portal, 'wrong password');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'The username or password you entered is not recognized.',
        title: 'Invalid Login Credentials',
      });
    }
    const eleventh = await attempt(portal, 'wrong password');
    expect(eleventh.statusCode).toBe(423);
    expect(eleventh.json()).toEqual({
      title: 'Account Locked for 60 Minutes',
      message:
        'You have had more then 10 incorrect login attempts, your account is now temporarily locked. Please try again later.',
    });

    // Even the right password waits out the lock.
    portal.clock.advance(59 * 60 * 1000);
    expect((await attempt(portal, 'Royalty-demo-2026!')).statusCode).toBe(423);

    portal.clock.advance(60 * 1000 + 1);
    const afterLock = await attempt(portal, 'Royalty-demo-2026!');
    expect(afterLock.statusCode).toBe(200);

    const rows = await portal.db.query<{ failed_logins: number; locked_until: unknown }>(
      "select failed_logins, locked_until from users where username = 'payee@demo.label'",
    );
    expect(rows[0]).toEqual({ failed_logins: 0, locked_until: null });
  });

  it('records every failure and the lock in the event log', async () => {
    await lockedOut('logged@demo.label', 'Lou Logged');
    // The right password during the lock is refused without counting as a failure.
    portal.clock.advance(59 * 60 * 1000);
    expect((await attemptAs(portal, 'logged@demo.label', 'Royalty-demo-2026!')).statusCode).toBe(
      423,
    );
    portal.clock.advance(60 * 1000 + 1);
    expect((await attemptAs(portal, 'logged@demo.label', 'Royalty-demo-2026!')).statusCode).toBe(
      200,
    );
    const rows = await portal.db.query<{ type: string; count: string }>(
      `select type, count(*)::text as count from events
        where stream_id = (select 'user-' || id from users where username = 'logged@demo.label')
        group by type order by type`,
    );
    expect(rows).toEqual([
      { type: 'UserLinkSent', count: '1' },
      { type: 'UserLocked', count: '1' },
      { type: 'UserLoggedIn', count: '1' },
      { type: 'UserLoginFailed', count: '11' },
      { type: 'UserRegistered', count: '1' },
    ]);
  });

  it('locks again after a lock has run out without a login in between', async () => {
    const aria = (password: string) => attemptAs(portal, 'artist@demo.label', password);
    for (let failure = 1; failure <= 10; failure += 1)
      expect((await aria('wrong password')).statusCode).toBe(401);
    expect((await aria('wrong password')).statusCode).toBe(423);
    portal.clock.advance(60 * 60 * 1000 + 1);
    for (let failure = 1; failure <= 10; failure += 1)
      expect((await aria('wrong password')).statusCode).toBe(401);
    expect((await aria('wrong password')).statusCode).toBe(423);
  });

  it('lets an admin, and only an admin, lift a lock', async () => {
    const waltTries = (password: string) => attemptAs(portal, 'warranter@demo.label', password);
    for (let failure = 1; failure <= 11; failure += 1) await waltTries('wrong password');
    expect((await waltTries('Royalty-demo-2026!')).statusCode).toBe(423);
    const walt = (
      await portal.db.query<{ id: string }>(
        "select id from users where username = 'warranter@demo.label'",
      )
    )[0]?.id;
    const lena = await login(portal.app, 'label@demo.label');
    expect((await write(portal.app, lena, 'POST', `/api/users/${walt}/unlock`)).statusCode).toBe(
      403,
    );
    const ada = await login(portal.app, 'admin@demo.label');
    expect((await write(portal.app, ada, 'POST', `/api/users/${walt}/unlock`)).statusCode).toBe(
      200,
    );
    expect((await waltTries('Royalty-demo-2026!')).statusCode).toBe(200);
  });

  it('e-mails the locked person a reset link that unlocks the account at once', async () => {
    await lockedOut('mailed@demo.label', 'Mae Mailed');
    const mails = await portal.db.query<{ subject: string; body: string; link: string }>(
      "select subject, body, link from outbox where recipient = 'mailed@demo.label' order by id",
    );
    const lockMail = mails.find((mail) => mail.subject === 'Your Royalty Portal account is locked');
    expect(lockMail?.body).toContain('more than 10 incorrect login attempts');
    expect(lockMail?.link).toMatch(/\/service\/password\?token=/);
  });

  it('answers an unknown username exactly as a known one, lock included', async () => {
    const unknown = (password: string) => attemptAs(portal, 'nobody@demo.label', password);
    for (let failure = 1; failure <= 10; failure += 1) {
      const response = await unknown('whatever-1!');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'The username or password you entered is not recognized.',
        title: 'Invalid Login Credentials',
      });
    }
    const eleventh = await unknown('whatever-1!');
    expect(eleventh.statusCode).toBe(423);
    expect(eleventh.json().title).toBe('Account Locked for 60 Minutes');
    portal.clock.advance(60 * 60 * 1000 + 1);
    // The lock runs out like a real one, and the count starts again, to lock again.
    for (let failure = 1; failure <= 10; failure += 1)
      expect((await unknown('whatever-1!')).statusCode).toBe(401);
    expect((await unknown('whatever-1!')).statusCode).toBe(423);
  });
});

describe('rate limit', () => {
  it('answers 429 with its message once the login limit is passed', async () => {
    const portal = await startPortal({ loginRateLimit: { max: 3, timeWindow: 60_000 } });
    try {
      for (let i = 0; i < 3; i += 1) expect((await attempt(portal, 'wrong')).statusCode).toBe(401);
      const limited = await attempt(portal, 'wrong');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('Too many requests. Please try again later.');
    } finally {
      await portal.close();
    }
  });
});
