// The Account page's own login and preferences: names, language, time zone, clock and currency
// kept per person and carried by the session; a password change that ends the other sessions; a
// username that changes only once the link e-mailed to the new address is used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { DEMO_PASSWORD } from '../../../server/seed';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';

const NEW_PASSWORD = 'Brand-new-secret-2026!';

function profileOf(overrides: Record<string, string> = {}) {
  return {
    firstName: 'Paco',
    middleInitial: '',
    lastName: 'Payee',
    displayName: '',
    language: 'en',
    timezone: 'auto',
    clock: '12hour',
    currency: 'USD',
    ...overrides,
  };
}

describe('settings: profile, password and username', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  const lastMailTo = async (recipient: string) =>
    (
      await portal.db.query<{ subject: string; body: string; link: string | null }>(
        'select subject, body, link from outbox where recipient = $1 order by id desc limit 1',
        [recipient],
      )
    )[0];

  it('starts from the registered full name and SPEC’s defaults: auto, 12hour, USD', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    expect(paco.body.settings).toEqual({
      language: 'en',
      timezone: 'auto',
      clock: '12hour',
      currency: 'USD',
    });
    const answer = (await get(portal.app, paco, '/api/settings/profile')).json();
    expect(answer).toMatchObject({
      profile: profileOf(),
      fullname: 'Paco Payee',
      username: 'payee@demo.label',
      pendingUsername: null,
      editable: true,
    });
  });

  it('saves names with the initial shown with a period, and preferences the session carries', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const saved = await write(portal.app, paco, 'PATCH', '/api/settings/profile', {
      ...profileOf({ firstName: 'Francisco', middleInitial: 'j.', lastName: 'Payé' }),
      language: 'fr',
      timezone: 'Europe/Paris',
      clock: '24hour',
      currency: 'EUR',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().fullname).toBe('Francisco J. Payé');
    expect(saved.json().profile.middleInitial).toBe('J');
    const session = (await get(portal.app, paco, '/api/session')).json();
    expect(session.fullname).toBe('Francisco J. Payé');
    expect(session.settings).toEqual({
      language: 'fr',
      timezone: 'Europe/Paris',
      clock: '24hour',
      currency: 'EUR',
    });

    // A display name, when given, is what the portal shows.
    await write(portal.app, paco, 'PATCH', '/api/settings/profile', {
      ...profileOf({ firstName: 'Francisco', lastName: 'Payé', displayName: 'Paco P.' }),
    });
    expect((await get(portal.app, paco, '/api/session')).json().fullname).toBe('Paco P.');

    // The avatar menu's language switch and the page are one setting.
    await write(portal.app, paco, 'PATCH', '/api/session/settings', { language: 'ja' });
    expect((await get(portal.app, paco, '/api/settings/profile')).json().profile.language).toBe(
      'ja',
    );
  });

  it('refuses each bad field with its message and keeps nothing', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const before = (await get(portal.app, paco, '/api/settings/profile')).json();
    const refused = await write(portal.app, paco, 'PATCH', '/api/settings/profile', {
      firstName: ' ',
      middleInitial: 'JK',
      lastName: '',
      displayName: '',
      language: 'de',
      timezone: 'Mars/Olympus',
      clock: '13hour',
      currency: 'XYZ',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'firstName', message: 'A first name is needed.' },
      { path: 'lastName', message: 'A last name is needed.' },
      { path: 'middleInitial', message: 'A middle initial is one letter.' },
      { path: 'language', message: 'Not a valid value' },
      { path: 'timezone', message: 'Not a valid value' },
      { path: 'clock', message: 'Not a valid value' },
      { path: 'currency', message: 'Not a valid value' },
    ]);
    expect((await get(portal.app, paco, '/api/settings/profile')).json()).toEqual(before);
  });

  it('changes the password only with the current one, by SPEC’s rules, ending the other sessions', async () => {
    const here = await login(portal.app, 'artist@demo.label');
    const elsewhere = await login(portal.app, 'artist@demo.label');
    const change = (body: Record<string, string>) =>
      write(portal.app, here, 'POST', '/api/settings/password', body);

    const wrongCurrent = await change({
      currentPassword: 'not-it',
      newPassword: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().errors).toEqual([
      { path: 'currentPassword', message: 'The current password is not correct.' },
    ]);
    const weak = await change({
      currentPassword: DEMO_PASSWORD,
      newPassword: 'short1!',
      confirmation: 'short1',
    });
    expect(weak.json().errors).toEqual([
      {
        path: 'newPassword',
        message: 'A secure password is at least 12 characters mixing letters, numbers and symbols.',
      },
      { path: 'confirmation', message: 'Passwords must match.' },
    ]);
    expect((await get(portal.app, elsewhere, '/api/session')).statusCode).toBe(200);

    const done = await change({
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    expect((await get(portal.app, here, '/api/session')).statusCode).toBe(200);
    expect((await get(portal.app, elsewhere, '/api/session')).statusCode).toBe(401);
    const oldLogin = await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'artist@demo.label', password: DEMO_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    await login(portal.app, 'artist@demo.label', NEW_PASSWORD);
    expect((await lastMailTo('artist@demo.label'))?.subject).toBe(
      'Your Royalty Portal password was changed',
    );
  });

  it('changes the username only once the link sent to the new address is used', async () => {
    const walt = await login(portal.app, 'warranter@demo.label');
    const ask = (username: string, password = DEMO_PASSWORD) =>
      write(portal.app, walt, 'POST', '/api/settings/username', { username, password });

    expect((await ask('not an address')).json().errors).toEqual([
      { path: 'username', message: 'Not a valid email' },
    ]);
    // Someone else's address: refused without saying whose it is.
    const taken = await ask('label@demo.label');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(
      'This email address is already associated with an existing account.',
    );
    expect(taken.body).not.toContain('Lena');
    expect((await ask('walt@new.example', 'wrong')).json().errors).toEqual([
      { path: 'password', message: 'The current password is not correct.' },
    ]);

    const sent = await ask('Walt@New.Example');
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ status: 'sent', pendingUsername: 'walt@new.example' });
    const mail = await lastMailTo('walt@new.example');
    const token = new URL(mail?.link ?? 'http://x/').searchParams.get('confirm-username') ?? '';
    expect(token).not.toBe('');

    // Nothing changes before the link is used: the old username still logs in.
    const profile = (await get(portal.app, walt, '/api/settings/profile')).json();
    expect(profile).toMatchObject({
      username: 'warranter@demo.label',
      pendingUsername: 'walt@new.example',
    });
    await login(portal.app, 'warranter@demo.label');

    // The link is for its person only.
    const lena = await login(portal.app, 'label@demo.label');
    const stolen = await write(portal.app, lena, 'POST', '/api/settings/username/confirm', {
      token,
    });
    expect(stolen.statusCode).toBe(400);

    const confirmed = await write(portal.app, walt, 'POST', '/api/settings/username/confirm', {
      token,
    });
    expect(confirmed.json()).toEqual({ status: 'done', username: 'walt@new.example' });
    await login(portal.app, 'walt@new.example');
    const oldName = await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'warranter@demo.label', password: DEMO_PASSWORD },
    });
    expect(oldName.statusCode).toBe(401);
    expect((await lastMailTo('warranter@demo.label'))?.body).toContain('walt@new.example');
    const again = await write(portal.app, walt, 'POST', '/api/settings/username/confirm', {
      token,
    });
    expect(again.json().message).toBe('This confirmation link is not valid or was already used.');
  });

  it('refuses an expired username link', async () => {
    const walt = await login(portal.app, 'walt@new.example');
    await write(portal.app, walt, 'POST', '/api/settings/username', {
      username: 'walt@later.example',
      password: DEMO_PASSWORD,
    });
    const mail = await lastMailTo('walt@later.example');
    const token = new URL(mail?.link ?? 'http://x/').searchParams.get('confirm-username') ?? '';
    portal.clock.advance(25 * 60 * 60 * 1000);
    const late = await login(portal.app, 'walt@new.example');
    const refused = await write(portal.app, late, 'POST', '/api/settings/username/confirm', {
      token,
    });
    expect(refused.json().message).toBe(
      'This confirmation link has expired. Ask for a new one from Account.',
    );
  });

  it('shows an emulated person’s page read-only and refuses every change on the server', async () => {
    const ada: LoggedIn = await login(portal.app, 'admin@demo.label');
    await write(portal.app, ada, 'POST', '/api/session/emulate', { username: 'label@demo.label' });
    const seen = (await get(portal.app, ada, '/api/settings/profile')).json();
    expect(seen).toMatchObject({ username: 'label@demo.label', editable: false });
    const changes = [
      write(portal.app, ada, 'PATCH', '/api/settings/profile', profileOf()),
      write(portal.app, ada, 'POST', '/api/settings/password', {
        currentPassword: DEMO_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmation: NEW_PASSWORD,
      }),
      write(portal.app, ada, 'POST', '/api/settings/username', {
        username: 'lena@new.example',
        password: DEMO_PASSWORD,
      }),
      write(portal.app, ada, 'PATCH', '/api/settings/person', {
        phone: '',
        birthdate: '',
        address: { street: '', suite: '', city: '', state: '', postalCode: '', country: '' },
      }),
      write(portal.app, ada, 'DELETE', '/api/settings/documents/x'),
    ];
    for (const response of await Promise.all(changes)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        'While emulating, this person’s account can be seen but not changed.',
      );
    }
  });

  it('rebuilds names, preferences and usernames by replay equal to the live tables', async () => {
    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});
