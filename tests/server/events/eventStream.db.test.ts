import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { openSecondLabel, SECOND_PASSWORD, type AccountFixture } from '../tenancy';
import { openStream, type SseClient } from './sseClient';

/** The live stream over real HTTP: what reaches whom, resuming, heartbeats, the session's end. */
describe('GET /api/events/stream', () => {
  let portal: TestPortal;
  let base: string;
  let second: AccountFixture;
  let lena: LoggedIn;
  let zora: LoggedIn;
  let ada: LoggedIn;
  let paula: LoggedIn;
  const open: SseClient[] = [];

  const stream = async (who: LoggedIn, lastEventId?: string) => {
    const client = await openStream(base, who, lastEventId ? { lastEventId } : {});
    open.push(client);
    return client;
  };
  const addArtist = async (who: LoggedIn, name: string) => {
    const response = await write(portal.app, who, 'POST', '/api/artists', { name });
    expect(response.statusCode).toBe(201);
    return `artist-${response.json<{ id: string }>().id}`;
  };

  beforeAll(async () => {
    portal = await startPortal({ live: { heartbeatMs: 300, beatMs: 200, gapWaitMs: 1000 } });
    second = await openSecondLabel(portal);
    base = await portal.app.listen({ host: '127.0.0.1', port: 0 });
    lena = await login(portal.app, 'label@demo.label');
    zora = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
    ada = await login(portal.app, 'admin@demo.label');
    paula = await login(portal.app, 'payee@demo.label');
  }, 120_000);

  afterAll(async () => {
    for (const client of open) client.close();
    await portal.close();
  });

  it('answers 401 without a session', async () => {
    const client = await stream({ cookies: {}, csrf: '', body: {} });
    expect(client.status).toBe(401);
  });

  it('refuses a resume point that is not a sequence number, and ignores a garbled Last-Event-ID', async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: `/api/events/stream?after=1%00&csrf=${encodeURIComponent(lena.csrf)}`,
      cookies: lena.cookies,
    });
    expect(response.statusCode).toBe(400);
    const garbled = await stream(lena, "'; drop table events; --");
    expect(garbled.status).toBe(200);
    await garbled.waitFor((m) => m.event === 'heartbeat');
  });

  it("sends a label its own account's changes and nothing of another account's", async () => {
    const label = await stream(lena);
    const other = await stream(zora);
    const admin = await stream(ada);
    await label.waitFor((m) => m.event === 'heartbeat');

    // The other account changes first, then the label's own: by the time the label's own change
    // arrives, the other one has passed through its stream (the feed delivers in order).
    const theirs = await addArtist(zora, 'Zephyr Live Artist');
    const mine = await addArtist(lena, 'Demo Live Artist');
    await label.waitFor((m) => m.event === 'change' && m.data.includes(mine));
    await other.waitFor((m) => m.event === 'change' && m.data.includes(theirs));
    await admin.waitFor((m) => m.event === 'change' && m.data.includes(mine));

    expect(label.changes().map((change) => change.streamId)).toContain(mine);
    expect(label.changes().map((change) => change.streamId)).not.toContain(theirs);
    expect(other.changes().map((change) => change.streamId)).not.toContain(mine);
    for (const secret of second.secrets)
      expect(label.messages.map((m) => m.data).join()).not.toContain(secret);
    // Only those who read the audit log receive the event's data; the others read the API again.
    expect(label.changes().find((change) => change.streamId === mine)?.data).toBeUndefined();
    expect(admin.changes().find((change) => change.streamId === theirs)?.data).toMatchObject({
      name: 'Zephyr Live Artist',
    });
  });

  it("does not tell a payee of the label's catalog changes", async () => {
    const payee = await stream(paula);
    const label = await stream(lena);
    const artist = await addArtist(lena, 'Unseen By Payees');
    await label.waitFor((m) => m.event === 'change' && m.data.includes(artist));
    await payee.waitFor((m) => m.event === 'heartbeat' && m.id !== null);
    expect(payee.changes().map((change) => change.streamId)).not.toContain(artist);
  });

  it("tells a label nothing of the logins and profile of people it only invited, the admin's included", async () => {
    const quill = second.users['payee@zephyr.example'] ?? '';
    const idOf = async (username: string) =>
      (
        await portal.db.query<{ id: string }>('select id from users where username = $1', [
          username,
        ])
      )[0]?.id ?? '';
    const adminId = await idOf('admin@demo.label');
    const pacoId = await idOf('payee@demo.label');
    // The demo label invites the second label's payee and the admin: neither accepts.
    for (const email of ['payee@zephyr.example', 'admin@demo.label']) {
      const invited = await write(portal.app, lena, 'POST', '/api/users', { email });
      expect([201, 409], invited.body).toContain(invited.statusCode);
    }
    const label = await stream(lena);
    const other = await stream(zora);
    await label.waitFor((m) => m.event === 'heartbeat');
    await other.waitFor((m) => m.event === 'heartbeat');

    const refused = await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'payee@zephyr.example', password: 'not-the-password' },
    });
    expect(refused.statusCode).toBe(401);
    const quillIn = await login(portal.app, 'payee@zephyr.example', SECOND_PASSWORD);
    const profile = (await get(portal.app, quillIn, '/api/settings/profile')).json().profile;
    const renamed = await write(portal.app, quillIn, 'PATCH', '/api/settings/profile', {
      ...profile,
      displayName: 'Quill Live',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'admin@demo.label', password: 'not-the-password' },
    });
    await login(portal.app, 'admin@demo.label');
    // Then one of the label's own people logs in: once that reaches the label, the others have
    // passed through its stream.
    await login(portal.app, 'payee@demo.label');
    await label.waitFor((m) => m.event === 'change' && m.data.includes(`user-${pacoId}`));
    // The second label hears of its own payee.
    await other.waitFor(
      (m) => m.event === 'change' && m.data.includes(`user-${quill}`) && m.data.includes('Names'),
    );

    const heard = label.changes().map((change) => `${change.streamId} ${change.type}`);
    expect(heard.filter((change) => change.startsWith(`user-${quill} `))).toEqual([]);
    expect(heard.filter((change) => change.startsWith(`user-${adminId} `))).toEqual([]);
    expect(heard).toContain(`user-${pacoId} UserLoggedIn`);
    expect(
      other
        .changes()
        .filter((change) => change.streamId === `user-${quill}`)
        .map((change) => change.type),
    ).toEqual(expect.arrayContaining(['UserLoginFailed', 'UserLoggedIn', 'UserNamesChanged']));
  });

  it('resumes after a dropped connection from Last-Event-ID, with what was missed', async () => {
    const first = await stream(lena);
    await first.waitFor((m) => m.id !== null);
    const resumeAt = first.lastId() ?? '';
    first.close();
    const missedTheirs = await addArtist(zora, 'Zephyr While Away');
    const missedMine = await addArtist(lena, 'Demo While Away');

    const again = await stream(lena, resumeAt);
    await again.waitFor((m) => m.event === 'change' && m.data.includes(missedMine));
    expect(again.changes().map((change) => change.streamId)).not.toContain(missedTheirs);
    // Each id is the mark the stream is complete up to: it never goes back.
    const ids = again.messages.flatMap((m) => (m.id === null ? [] : [BigInt(m.id)]));
    expect(ids.every((id, index) => index === 0 || id >= (ids[index - 1] ?? 0n))).toBe(true);
    expect(ids[0]).toBeGreaterThanOrEqual(BigInt(resumeAt));
  });

  it('ends the stream when its session ends', async () => {
    const person = await login(portal.app, 'label@demo.label');
    const client = await stream(person);
    await client.waitFor((m) => m.event === 'heartbeat');
    const out = await write(portal.app, person, 'DELETE', '/api/session');
    expect(out.statusCode).toBeLessThan(300);
    await client.whenEnded(3000);
  });
});
