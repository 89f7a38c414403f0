import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../../server/errors';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { appendAfterCheck, streamVersion } from '../../../server/events/store';
import { get, login, startPortal, write, type TestPortal } from '../harness';
import { DISTROKID_HEADER } from '../import/helpers';
import { multipart, uploadStatement } from '../multipart';
import { createIntakeKey } from '../tenancy';

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
    const lena = await login(portal.app, 'label@demo.label');
    const paco = (await get(portal.app, lena, '/api/users?q=paco')).json().items[0];
    const renamed = await write(portal.app, lena, 'PATCH', `/api/users/${paco.id}`, {
      version: paco.version,
      fullname: 'Paco Audited',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const lenaId = (
      await portal.db.query<{ id: string }>(
        "select id from users where username = 'label@demo.label'",
      )
    )[0]?.id;

    const ada = await login(portal.app, 'admin@demo.label');
    const log = (await get(portal.app, ada, '/api/events?limit=1000')).json();
    expect(log.total).toBe(log.items.length);
    const registered = log.items.find((event: { type: string }) => event.type === 'UserRegistered');
    expect(registered.data.passwordHash).toBe('[redacted]');
    const change = log.items.find(
      (event: { type: string; streamId: string; data: { fullname?: string } }) =>
        event.type === 'UserProfileChanged' &&
        event.streamId === `user-${paco.id}` &&
        event.data.fullname === 'Paco Audited',
    );
    expect(change.actor).toBe(lenaId);
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
    // Intake keys: one created, used by its distributor and revoked, one left live.
    const lena = await login(portal.app, 'label@demo.label');
    const distributors = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json();
    const distroKid = distributors.items[0].id as string;
    const revokedKey = await createIntakeKey(portal, lena, distroKid, 'Old robot');
    await createIntakeKey(portal, lena, distroKid, 'New robot');
    const { payload, headers } = multipart([
      { name: 'body', value: JSON.stringify({ report_month: '2026-09', expected: null }) },
      { name: 'file', filename: 'robot.tsv', content: DISTROKID_HEADER },
    ]);
    const sent = await portal.app.inject({
      method: 'POST',
      url: '/api/intake/statements',
      headers: { ...headers, authorization: `Bearer ${revokedKey.secret}` },
      payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await write(portal.app, lena, 'POST', `/api/intake-keys/${revokedKey.id}/revoke`);
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-08', expected: null },
      [{ filename: 'by-hand.tsv', content: `${DISTROKID_HEADER}\n` }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    const live = await dumpReadModels(portal.db);
    expect(live.users?.length).toBeGreaterThan(5);
    expect(live.intake_keys).toHaveLength(2);
    expect(
      live.intake_keys?.filter((key) => (key as { revoked_at: unknown }).revoked_at),
    ).toHaveLength(1);
    expect(
      live.statements
        ?.map((row) => row as { intake_key_name: string | null; uploaded_by: string | null })
        .map((row) => [row.intake_key_name, row.uploaded_by !== null]),
    ).toEqual(
      expect.arrayContaining([
        ['Old robot', false],
        [null, true],
      ]),
    );
    expect(live.statements).toHaveLength(2);
    const count = await replayAll(portal.db);
    const rebuilt = await dumpReadModels(portal.db);
    expect(count).toBeGreaterThan(20);
    expect(rebuilt).toEqual(live);
  });
});
