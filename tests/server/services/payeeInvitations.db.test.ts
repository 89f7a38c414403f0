import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { demoLabel, openSecondLabel, SECOND_PASSWORD, type AccountFixture } from '../tenancy';

// A label reaches the people of another account only by asking them: it never takes them over.
describe('people belong to their accounts', () => {
  let portal: TestPortal;
  let demo: AccountFixture;
  let second: AccountFixture;
  let lena: LoggedIn;
  let quill: string;

  beforeAll(async () => {
    portal = await startPortal();
    portal.app.log.level = 'silent';
    second = await openSecondLabel(portal);
    demo = await demoLabel(portal);
    lena = await login(portal.app, 'label@demo.label');
    quill = second.users['payee@zephyr.example'] ?? '';
  });
  afterAll(() => portal.close());

  const lenasView = async (username: string) => {
    const list = (
      await get(portal.app, lena, `/api/users?q=${encodeURIComponent(username)}`)
    ).json();
    return list.items.find((user: { username: string }) => user.username === username);
  };
  const relationship = async (userId: string) =>
    (
      await portal.db.query<{ status: string }>(
        'select status from account_payees where account_id = $1 and user_id = $2',
        [demo.accountId, userId],
      )
    )[0]?.status;
  const saveSplits = async (shares: object[]) => {
    const product = (await get(portal.app, lena, `/api/products/${demo.productId}`)).json();
    return write(portal.app, lena, 'PUT', `/api/products/${demo.productId}/splits`, {
      version: product.version,
      splitSets: [{ scope: 'product', kind: 'base', shares }],
    });
  };
  const lenaId = async () =>
    (
      await portal.db.query<{ id: string }>(
        "select id from users where username = 'label@demo.label'",
      )
    )[0]?.id ?? '';

  it('invites a person of another account named by e-mail in a split, showing only that address', async () => {
    const saved = await saveSplits([
      { payeeId: await lenaId(), pct: '50' },
      { email: 'Payee@Zephyr.example', pct: '50' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(await relationship(quill)).toBe('invited');
    const seen = await lenasView('payee@zephyr.example');
    expect(seen.fullname).toBe('payee@zephyr.example');
    expect(JSON.stringify(seen)).not.toContain('Quill');
    // Searching by the real name finds nothing either.
    const byName = (await get(portal.app, lena, '/api/users?q=Quill')).json();
    expect(byName.items).toEqual([]);
    const mail = await portal.db.query<{ subject: string; link: string }>(
      "select subject, link from outbox where recipient = 'payee@zephyr.example' order by id desc limit 1",
    );
    expect(mail[0]?.subject).toBe('Demo Records invites you to receive royalties');
    expect(mail[0]?.link).toMatch(/\/service\/invitation\?token=/);
  });

  it('never lets the label change or e-mail a person it does not own', async () => {
    // The label is not even told the person's version: it is refused whatever it sends.
    const seen = await lenasView('payee@zephyr.example');
    expect(seen.version).toBe(0);
    const renamed = await write(portal.app, lena, 'PATCH', `/api/users/${quill}`, {
      version: 1,
      fullname: 'Taken Over',
      language: 'ja',
    });
    expect(renamed.statusCode).toBe(403);
    for (const mail of ['password-reset', 'claim-notification', 'activation']) {
      const sent = await write(portal.app, lena, 'POST', `/api/users/${quill}/${mail}`);
      expect(sent.statusCode, mail).toBe(403);
    }
    const own = await login(portal.app, 'payee@zephyr.example', SECOND_PASSWORD);
    expect(own.body.fullname).toBe('Quill Zephyrpayee');
  });

  it('refuses a payee id of another account and an artist link to a person not accepted', async () => {
    const owner = second.users['owner@zephyr.example'] ?? '';
    const refused = await saveSplits([
      { payeeId: await lenaId(), pct: '50' },
      { payeeId: owner, pct: '50' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "We couldn't find this user. Enter a full email address or create a new user.",
    );
    expect(await relationship(owner)).toBeUndefined();
    const linked = await write(portal.app, lena, 'POST', `/api/artists/${demo.artistId}/users`, {
      userId: quill,
    });
    expect(linked.statusCode).toBe(404);
    expect(linked.body).not.toContain('Quill');
  });

  it('shows the name once the person accepts, and lets the label link them to an artist', async () => {
    const mail = await portal.db.query<{ link: string }>(
      "select link from outbox where recipient = 'payee@zephyr.example' order by id desc limit 1",
    );
    const token = new URL(mail[0]?.link ?? 'http://x').searchParams.get('token') ?? '';
    const accept = (value: string) =>
      portal.app.inject({
        method: 'POST',
        url: '/api/payee-invitations/accept',
        payload: { token: value },
      });
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ status: 'accepted', accountName: 'Demo Records' });
    expect((await accept(token)).json().message).toBe(
      'This invitation is not valid or was already used.',
    );
    expect(await relationship(quill)).toBe('accepted');
    expect((await lenasView('payee@zephyr.example')).fullname).toBe('Quill Zephyrpayee');
    const linked = await write(portal.app, lena, 'POST', `/api/artists/${demo.artistId}/users`, {
      userId: quill,
    });
    expect(linked.statusCode).toBe(200);
    // Accepting is working together, not handing over the login.
    const seen = await lenasView('payee@zephyr.example');
    const renamed = await write(portal.app, lena, 'PATCH', `/api/users/${quill}`, {
      version: seen.version,
      fullname: 'Taken Over',
    });
    expect(renamed.statusCode).toBe(403);
  });

  it('invites rather than captures an existing login named in the payee invitation form', async () => {
    const invited = await write(portal.app, lena, 'POST', '/api/users', {
      email: 'admin@demo.label',
      role: 'payee',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().fullname).toBe('admin@demo.label');
    const admin =
      (
        await portal.db.query<{ id: string }>(
          "select id from users where username = 'admin@demo.label'",
        )
      )[0]?.id ?? '';
    expect(await relationship(admin)).toBe('invited');
    const renamed = await write(portal.app, lena, 'PATCH', `/api/users/${admin}`, {
      version: 1,
      language: 'ja',
    });
    expect(renamed.statusCode).toBe(403);
    const ada = await login(portal.app, 'admin@demo.label');
    expect(ada.body.fullname).toBe('Ada Admin');
  });

  it('keeps a label in charge of its own people', async () => {
    const owner = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
    const list = (await get(portal.app, owner, '/api/users?q=Quill')).json();
    expect(list.items.map((user: { fullname: string }) => user.fullname)).toEqual([
      'Quill Zephyrpayee',
    ]);
    const renamed = await write(portal.app, owner, 'PATCH', `/api/users/${quill}`, {
      version: list.items[0].version,
      language: 'fr',
    });
    expect(renamed.statusCode).toBe(200);
  });
});
