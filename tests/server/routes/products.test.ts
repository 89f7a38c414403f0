import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  login,
  startPortal,
  write,
  type LoggedIn,
  type TestPortal,
  createDemoProduct,
} from '../harness';

describe('catalog and splits', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let ids: Record<string, string>;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    const rows = await portal.db.query<{ username: string; id: string }>(
      'select username, id from users',
    );
    ids = Object.fromEntries(rows.map((row) => [row.username.split('@')[0] ?? '', row.id]));
  });
  afterAll(() => portal.close());

  const create = (body: Record<string, unknown>) => createDemoProduct(portal, body);
  const product = (codes: object[], extra: object = {}) =>
    create({ title: 'Test Tone', type: 'single', codes, ...extra });

  it('creates a product with its codes, fields and duration given as H:M:S', async () => {
    const created = await product(
      [
        { code: 'us-rc1-26-00001', kind: 'isrc' },
        { code: '012345678905', kind: 'upc' },
        { code: 'MY-CUSTOM', kind: 'custom' },
      ],
      {
        duration: '0:03:25',
        genre: 'Pop',
        tags: ['summer'],
        visibility: 'limited',
        revenueView: 'gross',
      },
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Test Tone',
      type: 'single',
      duration: 205,
      genre: 'Pop',
      tags: ['summer'],
      visibility: 'limited',
      revenueView: 'gross',
      label: 'Demo Records',
      version: 1,
      codes: [
        { code: '012345678905', kind: 'upc' },
        { code: 'MY-CUSTOM', kind: 'custom' },
        { code: 'USRC12600001', kind: 'isrc' },
      ],
    });
  });

  it.each([
    [[], 'At least one code must be provided.'],
    [[{ code: 'USRC1260001', kind: 'isrc' }], 'ISRC must be 12 characters.'],
    [[{ code: '12345678901', kind: 'upc' }], 'UPC/EAN must be 12 or 13 digits.'],
    [[{ code: '12345678901A', kind: 'upc' }], 'UPC/EAN must be 12 or 13 digits.'],
    [[{ code: 'X'.repeat(33), kind: 'custom' }], 'A custom code is limited to 32 characters.'],
  ])('refuses the codes %j with “%s”', async (codes, message) => {
    const refused = await product(codes);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(message);
  });

  it('lets a code belong to one product only', async () => {
    const taken = await product([{ code: 'QZDM12600001', kind: 'isrc' }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Code QZDM12600001 already belongs to another product.');
    const duration = await product([{ code: 'FREE-CODE-1', kind: 'custom' }], { duration: '1:75' });
    expect(duration.statusCode).toBe(400);
    expect(duration.json().message).toBe('Duration must be seconds or H:M:S.');
  });

  describe('the split rules', () => {
    let productId: string;
    let version: number;
    beforeAll(async () => {
      const created = (await product([{ code: 'SPLIT-TEST-1', kind: 'custom' }])).json();
      productId = created.id;
      version = created.version;
    });

    const save = (splitSets: object[]) =>
      write(portal.app, lena, 'PUT', `/api/products/${productId}/splits`, { version, splitSets });
    const base = (shares: object[]) => ({ scope: 'product', kind: 'base', shares });

    it('says what the splits total when they do not make 100%', async () => {
      const refused = await save([
        base([
          { payeeId: ids.label, pct: '50' },
          { payeeId: ids.artist, pct: '49.5' },
        ]),
      ]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'Splits total 99.5%',
        errors: [{ path: 'splitSets[0].shares', message: 'Splits total 99.5%' }],
      });
    });

    it('asks to check all tabs when several sets are off, mechanicals included', async () => {
      const refused = await save([
        base([{ payeeId: ids.label, pct: '90' }]),
        { scope: 'product', kind: 'mechanical', shares: [{ payeeId: ids.artist, pct: '101' }] },
      ]);
      expect(refused.json().message).toBe('Check split totals on all tabs');
      expect(refused.json().errors).toHaveLength(2);
    });

    it('wants every split attributed, each user once, and known users or valid e-mails', async () => {
      const unattributed = await save([base([{ pct: '100' }])]);
      expect(unattributed.json().message).toBe('Every split must be attributed to a collaborator.');
      const duplicate = await save([
        base([
          { payeeId: ids.label, pct: '50' },
          { payeeId: ids.label, pct: '50' },
        ]),
      ]);
      expect(duplicate.json().message).toBe('Duplicate user');
      const badEmail = await save([base([{ email: 'not-an-email', pct: '100' }])]);
      expect(badEmail.json().message).toBe('Not a valid email');
      const unknown = await save([base([{ payeeId: 'no-such-user', pct: '100' }])]);
      expect(unknown.json().message).toBe(
        "We couldn't find this user. Enter a full email address or create a new user.",
      );
      for (const trigger of [
        { type: 'income', threshold: '-100', preCounted: '0' },
        { type: 'income', threshold: '0.00', preCounted: '0' },
        { type: 'units', threshold: -5, preCounted: 0 },
      ]) {
        const refused = await save([
          base([{ payeeId: ids.label, pct: '100' }]),
          {
            scope: 'product',
            kind: 'conditional',
            trigger,
            shares: [{ payeeId: ids.label, pct: '100' }],
          },
        ]);
        expect(refused.statusCode, JSON.stringify(trigger)).toBe(400);
        expect(refused.json().message).toBe(
          'A threshold needs income and/or units greater than zero.',
        );
      }
      const events = await get(portal.app, lena, `/api/products/${productId}/events`);
      expect(events.json().items.map((event: { type: string }) => event.type)).toEqual([
        'ProductCreated',
      ]);
    });

    it('saves groups, a balance share, a conditional set and a new collaborator invited by e-mail', async () => {
      const saved = await save([
        base([
          { payeeId: ids.label, balance: true },
          {
            groupId: 'band',
            pct: '40',
            members: [
              { payeeId: ids.artist, pct: '50' },
              { email: 'New.Member@Example.com', pct: '50' },
            ],
          },
        ]),
        {
          scope: 'product',
          kind: 'conditional',
          priority: 1,
          trigger: { type: 'income', threshold: '7500', preCounted: '0' },
          shares: [
            { payeeId: ids.label, pct: '50' },
            { payeeId: ids.artist, pct: '50' },
          ],
        },
      ]);
      expect(saved.statusCode).toBe(200);
      const body = saved.json();
      expect(body.version).toBe(version + 1);
      expect(body.splitSets[0].shares[1].members[1]).toMatchObject({
        fullname: 'new.member@example.com',
        pct: '50',
      });
      const invited = await portal.db.query<{ status: string }>(
        "select status from users where username = 'new.member@example.com'",
      );
      expect(invited).toEqual([{ status: 'pending' }]);
      const mail = await portal.db.query<{ subject: string }>(
        "select subject from outbox where recipient = 'new.member@example.com'",
      );
      expect(mail).toEqual([{ subject: 'Activate your Royalty Portal account' }]);

      const history = (await get(portal.app, lena, `/api/products/${productId}/events`)).json();
      const change = history.items[1];
      expect(change).toMatchObject({ type: 'ProductSplitsChanged', actorName: 'Lena Label' });
      expect(change.data.before).toEqual([]);
      expect(change.data.after).toHaveLength(2);

      const stale = await save([base([{ payeeId: ids.label, pct: '100' }])]);
      expect(stale.statusCode).toBe(409);
      version = body.version;
    });
  });

  it('shows a payee under limited visibility only their own share, the others as one line, through every endpoint', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const list = (await get(portal.app, paco, '/api/products')).json();
    expect(list.items.map((item: { title: string }) => item.title)).toEqual([
      'Glass Harbor',
      'Midnight Signals',
      'Night Shift Live',
    ]);
    const limited = list.items.find((item: { title: string }) => item.title === 'Glass Harbor');
    const seen = (await get(portal.app, paco, `/api/products/${limited.id}`)).json();
    expect(seen.splitSets[0].shares).toEqual([
      expect.objectContaining({
        payeeId: ids.payee,
        fullname: 'Paco Payee',
        pct: '12.5',
        grouped: false,
      }),
      expect.objectContaining({ payeeId: null, fullname: '', pct: '87.5', grouped: true }),
    ]);
    // The mechanical set holds no share of Paco's: he sees one grouped line only.
    expect(seen.splitSets[1].shares).toEqual([
      expect.objectContaining({ pct: '100', grouped: true }),
    ]);
    expect(JSON.stringify(seen)).not.toContain(ids.artist ?? 'missing');
    expect((await get(portal.app, paco, `/api/products/${limited.id}/events`)).statusCode).toBe(
      403,
    );

    // A group member's share is the group's share times theirs.
    const full = list.items.find((item: { title: string }) => item.title === 'Midnight Signals');
    const fullView = (await get(portal.app, paco, `/api/products/${full.id}`)).json();
    expect(
      fullView.splitSets[0].shares[1].members.map((m: { fullname: string }) => m.fullname),
    ).toEqual(['Aria Artist', 'Paco Payee']);
    const warranter = await login(portal.app, 'warranter@demo.label');
    expect((await get(portal.app, warranter, `/api/products/${limited.id}`)).statusCode).toBe(403);
  });

  it('lets an overseer create a product in a label’s account, and nobody else choose the account', async () => {
    const accounts = await portal.db.query<{ id: string; name: string }>(
      'select id, name from accounts',
    );
    const demo = accounts.find((account) => account.name === 'Demo Records')?.id;
    const staff = accounts.find((account) => account.name === 'Portal administration')?.id;
    const otto = await login(portal.app, 'overseer@demo.label');
    const created = await write(portal.app, otto, 'POST', '/api/products', {
      title: 'Label Product',
      type: 'single',
      accountId: demo,
      codes: [{ code: 'LABEL-1', kind: 'custom' }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().label).toBe('Demo Records');
    expect((await get(portal.app, lena, `/api/products/${created.json().id}`)).statusCode).toBe(
      200,
    );
    const refused = await write(portal.app, lena, 'POST', '/api/products', {
      title: 'Elsewhere',
      type: 'single',
      accountId: staff,
      codes: [{ code: 'ELSEWHERE-1', kind: 'custom' }],
    });
    expect(refused.statusCode).toBe(403);
    // Not even in its own account: a label adds codes to the products it has.
    const own = await write(portal.app, lena, 'POST', '/api/products', {
      title: 'Own Product',
      type: 'single',
      codes: [{ code: 'OWN-1', kind: 'custom' }],
    });
    expect(own.statusCode).toBe(403);
  });

  it('keeps a product from another account out of reach', async () => {
    const otto = await login(portal.app, 'overseer@demo.label');
    const foreign = await write(portal.app, otto, 'POST', '/api/products', {
      title: 'Staff Product',
      type: 'single',
      codes: [{ code: 'STAFF-1', kind: 'custom' }],
    });
    expect(foreign.statusCode).toBe(201);
    expect((await get(portal.app, lena, `/api/products/${foreign.json().id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('artists, payees and presets', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
  });
  afterAll(() => portal.close());

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
