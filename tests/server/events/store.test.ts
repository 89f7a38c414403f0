import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../../server/errors';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { appendAfterCheck, streamVersion } from '../../../server/events/store';
import { get, login, startPortal, write, type TestPortal } from '../harness';

describe('event store', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  const meta = () => ({ actor: null, emulatingActor: null, at: portal.clock.now() });

  it('lets one of two writers racing for the same stream version win and refuses the other', async () => {
    const users = await portal.db.query<{ id: string }>(
      "select id from users where username = 'artist@demo.label'",
    );
    const stream = `user-${users[0]?.id}`;
    const version = await streamVersion(portal.db, stream);
    const results = await Promise.allSettled(
      ['First Name', 'Second Name'].map((fullname) =>
        portal.db.transaction((tx) =>
          appendAfterCheck(
            tx,
            stream,
            version,
            [{ type: 'UserProfileChanged', data: { fullname } }],
            meta(),
          ),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect(await streamVersion(portal.db, stream)).toBe(version + 1);
  });

  it('answers 409 to the second of two changes made on the same version, and keeps the first', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    const users = (await get(portal.app, lena, '/api/users?q=paco')).json();
    const paco = users.items[0];
    const [first, second] = await Promise.all([
      write(portal.app, lena, 'PATCH', `/api/users/${paco.id}`, {
        version: paco.version,
        fullname: 'Paco P.',
      }),
      write(portal.app, lena, 'PATCH', `/api/users/${paco.id}`, {
        version: paco.version,
        fullname: 'Paco Q.',
      }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    const winner = first.statusCode === 200 ? first : second;
    expect(loser.json().message).toBe(
      'This item was changed by someone else. Reload it and try again.',
    );
    const now = (await get(portal.app, lena, `/api/users/${paco.id}`)).json();
    expect(now.fullname).toBe(winner.json().fullname);
    expect(now.version).toBe(paco.version + 1);
  });

  it('records who acted and when, and hides password hashes from the audit log', async () => {
    const ada = await login(portal.app, 'admin@demo.label');
    const log = (await get(portal.app, ada, '/api/events?limit=1000')).json();
    expect(log.total).toBe(log.items.length);
    const registered = log.items.find((event: { type: string }) => event.type === 'UserRegistered');
    expect(registered.data.passwordHash).toBe('[redacted]');
    const change = log.items.find(
      (event: { type: string; actor: string | null }) =>
        event.type === 'UserProfileChanged' && event.actor,
    );
    expect(change.actor).toEqual(expect.any(String));
    expect(change.at).toBe(Math.floor(portal.clock.now().getTime() / 1000));
    const seqs = log.items.map((event: { seq: string }) => BigInt(event.seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('rebuilds read models from the log that equal the live tables row for row', async () => {
    // Give the log some history beyond the seed: failures, a lock, logins, renames, a distributor.
    for (let i = 0; i < 11; i += 1) {
      await portal.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { username: 'warranter@demo.label', password: 'wrong' },
      });
    }
    await login(portal.app, 'overseer@demo.label').then((otto) =>
      write(portal.app, otto, 'POST', '/api/distributors', {
        name: 'The Orchard',
        uploadable: true,
      }),
    );
    const live = await dumpReadModels(portal.db);
    expect(live.users?.length).toBeGreaterThan(5);
    const count = await replayAll(portal.db);
    const rebuilt = await dumpReadModels(portal.db);
    expect(count).toBeGreaterThan(20);
    expect(rebuilt).toEqual(live);
  });
});
