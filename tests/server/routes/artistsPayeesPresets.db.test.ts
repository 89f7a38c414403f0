import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';

describe('artists, payees and presets', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
  });
  afterAll(() => portal.close());

  it('lets the demo artist login see its own artist, Aria Vale, and no other', async () => {
    const aria = await login(portal.app, 'artist@demo.label');
    const artists = (await get(portal.app, aria, '/api/artist/list')).json();
    expect(artists.map((artist: { name: string }) => artist.name)).toEqual(['Aria Vale']);
  });

  it('links a user to an artist, who then sees that artist only, and unlinks them', async () => {
    const created = await write(portal.app, lena, 'POST', '/api/artists', { name: 'Echo Lake' });
    expect(created.statusCode).toBe(201);
    const artist = created.json();
    const twice = await write(portal.app, lena, 'POST', '/api/artists', { name: 'echo lake' });
    expect(twice.statusCode).toBe(409);

    const paco = await login(portal.app, 'payee@demo.label');
    const pacoId = paco.body.account as { id: string };
    expect(pacoId).toBeTruthy();
    const users = (await get(portal.app, lena, '/api/users?q=paco')).json();
    const linked = await write(portal.app, lena, 'POST', `/api/artists/${artist.id}/users`, {
      userId: users.items[0].id,
    });
    expect(linked.json().users.map((user: { fullname: string }) => user.fullname)).toEqual([
      'Paco Payee',
    ]);
    expect(
      (await get(portal.app, paco, '/api/artist/list')).json().map((a: { name: string }) => a.name),
    ).toEqual(['Echo Lake']);
    expect((await get(portal.app, paco, `/api/artists/${artist.id}`)).statusCode).toBe(200);

    const unlinked = await write(
      portal.app,
      lena,
      'DELETE',
      `/api/artists/${artist.id}/users/${users.items[0].id}`,
    );
    expect(unlinked.json().users).toEqual([]);
    expect((await get(portal.app, paco, '/api/artist/list')).json()).toEqual([]);
    expect((await get(portal.app, paco, `/api/artists/${artist.id}`)).statusCode).toBe(404);
  });

  it('invites a payee by e-mail, who appears among the label’s payees with an activation mail', async () => {
    const invited = await write(portal.app, lena, 'POST', '/api/users', {
      email: 'Sam.Writer@Example.com',
      fullname: 'Sam Writer',
      role: 'warranter',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      fullname: 'Sam Writer',
      status: 'pending',
      warranter: true,
    });
    const payees = (await get(portal.app, lena, '/api/users?limit=100')).json();
    expect(payees.items.map((user: { fullname: string }) => user.fullname)).toContain('Sam Writer');

    const again = await write(portal.app, lena, 'POST', '/api/users', {
      email: 'sam.writer@example.com',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This email address is already associated with an existing account.',
    );
    const bad = await write(portal.app, lena, 'POST', '/api/users', { email: 'sam at example' });
    expect(bad.json().message).toBe('Not a valid email');

    const id = invited.json().id;
    expect(
      (await write(portal.app, lena, 'POST', `/api/users/${id}/claim-notification`)).statusCode,
    ).toBe(202);
    expect(
      (await write(portal.app, lena, 'POST', `/api/users/${id}/password-reset`)).statusCode,
    ).toBe(202);
    const mails = await portal.db.query<{ subject: string }>(
      "select subject from outbox where recipient = 'sam.writer@example.com' order by id",
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Activate your Royalty Portal account',
      'Claim your Royalty Portal account',
      'Reset your Royalty Portal password',
    ]);
    const paco = (await get(portal.app, lena, '/api/users?q=paco')).json().items[0];
    const active = await write(
      portal.app,
      lena,
      'POST',
      `/api/users/${paco.id}/claim-notification`,
    );
    expect(active.statusCode).toBe(409);
  });

  it('saves a preset once, and refuses the same split under another name', async () => {
    const shares = [
      { payeeId: 'a', pct: '60' },
      { payeeId: 'b', pct: '40' },
    ];
    const saved = await write(portal.app, lena, 'POST', '/api/presets', {
      name: 'Standard 60/40',
      shares,
    });
    expect(saved.statusCode).toBe(201);
    const repeated = await write(portal.app, lena, 'POST', '/api/presets', {
      name: 'Another name',
      shares: [...shares].reverse(),
    });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().message).toBe('A preset with the same split cannot be created twice.');
    const off = await write(portal.app, lena, 'POST', '/api/presets', {
      name: 'Broken',
      shares: [{ payeeId: 'a', pct: '99' }],
    });
    expect(off.json().message).toBe('Splits total 99%');
    expect((await get(portal.app, lena, '/api/presets')).json().total).toBe(1);
  });
});
