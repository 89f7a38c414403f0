import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, write, type TestPortal } from '../harness';

describe('emulation', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('lists users to emulate, filtered by text and by warranter, never the admin themself', async () => {
    const ada = await login(portal.app, 'admin@demo.label');
    const all = (await get(portal.app, ada, '/api/session/emulate?limit=250')).json();
    expect(all.map((user: { username: string }) => user.username)).not.toContain(
      'admin@demo.label',
    );
    expect(all).toContainEqual({
      fullname: 'Paco Payee',
      username: 'payee@demo.label',
      role: 'payee',
    });
    const warranters = (
      await get(portal.app, ada, '/api/session/emulate?limit=250&warranter=true')
    ).json();
    expect(warranters).toEqual([
      { fullname: 'Walt Warranter', username: 'warranter@demo.label', role: 'warranter' },
    ]);
    const searched = (await get(portal.app, ada, '/api/session/emulate?limit=250&q=lena')).json();
    expect(searched.map((user: { fullname: string }) => user.fullname)).toEqual(['Lena Label']);
  });

  it('acts with the emulated user’s permissions, records both people, and stops', async () => {
    const ada = await login(portal.app, 'admin@demo.label');
    const started = await write(portal.app, ada, 'POST', '/api/session/emulate', {
      username: 'payee@demo.label',
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      fullname: 'Ada Admin',
      roles: ['admin'],
      emulation: { fullname: 'Paco Payee', roles: ['payee', 'collaborator'] },
    });
    // Paco may not read the audit log, so neither may Ada while she is Paco.
    expect((await get(portal.app, ada, '/api/events')).statusCode).toBe(403);
    const products = (await get(portal.app, ada, '/api/products')).json();
    expect(products.total).toBe(3);

    // A change made while emulating names the emulated user as actor and the admin as emulator.
    const me = await portal.db.query<{ id: string; version: number }>(
      "select id, version from users where username = 'payee@demo.label'",
    );
    const paco = me[0];
    // Paco has no user:rw, so the change is refused and nothing is written.
    const refused = await write(portal.app, ada, 'PATCH', `/api/users/${paco?.id}`, {
      version: paco?.version,
      fullname: 'Changed',
    });
    expect(refused.statusCode).toBe(403);

    const switched = await write(portal.app, ada, 'PUT', '/api/session/emulate', {
      username: 'label@demo.label',
    });
    expect(switched.json().emulation.fullname).toBe('Lena Label');
    const renamed = await write(portal.app, ada, 'PATCH', `/api/users/${paco?.id}`, {
      version: paco?.version,
      fullname: 'Paco Payee',
    });
    expect(renamed.statusCode).toBe(200);
    const event = await portal.db.query<{ actor: string; emulating_actor: string }>(
      "select actor, emulating_actor from events where type = 'UserProfileChanged' order by seq desc limit 1",
    );
    const ids = await portal.db.query<{ username: string; id: string }>(
      "select username, id from users where username in ('admin@demo.label', 'label@demo.label')",
    );
    const idOf = (username: string) => ids.find((row) => row.username === username)?.id;
    expect(event[0]).toEqual({
      actor: idOf('label@demo.label'),
      emulating_actor: idOf('admin@demo.label'),
    });

    const stopped = await write(portal.app, ada, 'DELETE', '/api/session/emulate');
    expect(stopped.json().emulation).toBeNull();
    expect((await get(portal.app, ada, '/api/events')).statusCode).toBe(200);

    const recent = (await get(portal.app, ada, '/api/session/emulate/recent')).json();
    expect(recent.map((user: { username: string }) => user.username)).toEqual([
      'label@demo.label',
      'payee@demo.label',
    ]);
  });

  it('refuses emulation to everyone but admins, and refuses switching when not emulating', async () => {
    const otto = await login(portal.app, 'overseer@demo.label');
    expect((await get(portal.app, otto, '/api/session/emulate?limit=250')).statusCode).toBe(200);
    const refused = await write(portal.app, otto, 'POST', '/api/session/emulate', {
      username: 'payee@demo.label',
    });
    expect(refused.statusCode).toBe(403);
    const lena = await login(portal.app, 'label@demo.label');
    expect((await get(portal.app, lena, '/api/session/emulate')).statusCode).toBe(403);

    const ada = await login(portal.app, 'admin@demo.label');
    const notEmulating = await write(portal.app, ada, 'PUT', '/api/session/emulate', {
      username: 'payee@demo.label',
    });
    expect(notEmulating.statusCode).toBe(409);
    const unknown = await write(portal.app, ada, 'POST', '/api/session/emulate', {
      username: 'ghost@demo.label',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
  });
});
