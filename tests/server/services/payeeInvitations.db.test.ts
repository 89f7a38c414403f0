import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { openLabel, type OwnLabel } from '../ownLabel';

// A label reaches the people of another account only by asking them: it never takes them over.
// Each test asks a person of another label of its own, so what it reads of them is its own doing.
describe('people belong to their accounts', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let lenaId: string;
  let demoAccountId: string;
  let demoProductId: string;
  let demoArtistId: string;

  beforeAll(async () => {
    portal = await startPortal();
    portal.app.log.level = 'silent';
    lena = await login(portal.app, 'label@demo.label');
    const one = async (sql: string) => (await portal.db.query<{ id: string }>(sql))[0]?.id ?? '';
    lenaId = await one("select id from users where username = 'label@demo.label'");
    demoAccountId = await one("select id from accounts where name = 'Demo Records'");
    demoProductId = await one("select id from products where title = 'Midnight Signals'");
    demoArtistId = await one("select id from artists where name = 'Aria Vale'");
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
        [demoAccountId, userId],
      )
    )[0]?.status;
  const saveSplits = async (shares: object[]) => {
    const product = (await get(portal.app, lena, `/api/products/${demoProductId}`)).json();
    return write(portal.app, lena, 'PUT', `/api/products/${demoProductId}/splits`, {
      version: product.version,
      splitSets: [{ scope: 'product', kind: 'base', shares }],
    });
  };
  /** Lena names the other label's payee by e-mail, as typed, in a split of hers. */
  const invite = async (other: OwnLabel) => {
    const typed = other.usernames.payee.replace('payee@', 'Payee@');
    const saved = await saveSplits([
      { payeeId: lenaId, pct: '50' },
      { email: typed, pct: '50' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const invitation = async (other: OwnLabel) =>
    (
      await portal.db.query<{ subject: string; link: string }>(
        'select subject, link from outbox where recipient = $1 order by id desc limit 1',
        [other.usernames.payee],
      )
    )[0];
  const accept = (token: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/payee-invitations/accept',
      payload: { token },
    });
  const tokenOf = (link: string | undefined) =>
    new URL(link ?? 'http://x').searchParams.get('token') ?? '';

  it('invites a person of another account named by e-mail in a split, showing only that address', async () => {
    const other = await openLabel(portal, 'Quince');
    await invite(other);
    expect(await relationship(other.ids.payee)).toBe('invited');
    const seen = await lenasView(other.usernames.payee);
    expect(seen.fullname).toBe(other.usernames.payee);
    expect(JSON.stringify(seen)).not.toContain(other.names.payee);
    // Searching by the real name finds nothing either.
    const byName = (
      await get(portal.app, lena, `/api/users?q=${encodeURIComponent(other.names.payee)}`)
    ).json();
    expect(byName.items).toEqual([]);
    const mail = await invitation(other);
    expect(mail?.subject).toBe('Demo Records invites you to receive royalties');
    expect(mail?.link).toMatch(/\/service\/invitation\?token=/);
  });

  it('never lets the label change or e-mail a person it does not own', async () => {
    const other = await openLabel(portal, 'Rowan');
    await invite(other);
    // The label is not even told the person's version: it is refused whatever it sends.
    const seen = await lenasView(other.usernames.payee);
    expect(seen.version).toBe(0);
    const renamed = await write(portal.app, lena, 'PATCH', `/api/users/${other.ids.payee}`, {
      version: 1,
      fullname: 'Taken Over',
      language: 'ja',
    });
    expect(renamed.statusCode).toBe(403);
    for (const mail of ['password-reset', 'claim-notification', 'activation']) {
      const sent = await write(portal.app, lena, 'POST', `/api/users/${other.ids.payee}/${mail}`);
      expect(sent.statusCode, mail).toBe(403);
    }
    const own = await other.login('payee');
    expect(own.body.fullname).toBe('Pat Rowan');
  });

  it('refuses a payee id of another account and an artist link to a person not accepted', async () => {
    const other = await openLabel(portal, 'Sorrel');
    const refused = await saveSplits([
      { payeeId: lenaId, pct: '50' },
      { payeeId: other.ids.owner, pct: '50' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "We couldn't find this user. Enter a full email address or create a new user.",
    );
    expect(await relationship(other.ids.owner)).toBeUndefined();
    await invite(other);
    expect(await relationship(other.ids.payee)).toBe('invited');
    const linked = await write(portal.app, lena, 'POST', `/api/artists/${demoArtistId}/users`, {
      userId: other.ids.payee,
    });
    expect(linked.statusCode).toBe(404);
    expect(linked.body).not.toContain(other.names.payee);
  });

  it('shows the name once the person accepts, and lets the label link them to an artist', async () => {
    const other = await openLabel(portal, 'Tamarack');
    await invite(other);
    const token = tokenOf((await invitation(other))?.link);
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ status: 'accepted', accountName: 'Demo Records' });
    expect((await accept(token)).json().message).toBe(
      'This invitation is not valid or was already used.',
    );
    expect(await relationship(other.ids.payee)).toBe('accepted');
    expect((await lenasView(other.usernames.payee)).fullname).toBe('Pat Tamarack');
    const linked = await write(portal.app, lena, 'POST', `/api/artists/${demoArtistId}/users`, {
      userId: other.ids.payee,
    });
    expect(linked.statusCode).toBe(200);
    // Accepting is working together, not handing over the login.
    const seen = await lenasView(other.usernames.payee);
    const renamed = await write(portal.app, lena, 'PATCH', `/api/users/${other.ids.payee}`, {
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
    // Their payee works with Demo Records too: that changes nothing of who is in charge.
    const other = await openLabel(portal, 'Umber');
    await invite(other);
    expect((await accept(tokenOf((await invitation(other))?.link))).statusCode).toBe(200);
    const owner = await other.login('owner');
    const list = (await get(portal.app, owner, '/api/users?q=Pat')).json();
    expect(list.items.map((user: { fullname: string }) => user.fullname)).toEqual(['Pat Umber']);
    const renamed = await write(portal.app, owner, 'PATCH', `/api/users/${other.ids.payee}`, {
      version: list.items[0].version,
      language: 'fr',
    });
    expect(renamed.statusCode).toBe(200);
  });
});
