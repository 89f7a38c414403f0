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

  it('lists the products of the artist the global filter names, and every product without it', async () => {
    const artists = (await get(portal.app, lena, '/api/artist/list')).json<
      { id: string; name: string }[]
    >();
    const nightShift = artists.find((artist) => artist.name === 'The Night Shift')?.id ?? '';
    const titles = async (query: string) =>
      (await get(portal.app, lena, `/api/products?limit=100${query}`))
        .json()
        .items.map((product: { title: string }) => product.title);
    expect(await titles(`&artist=${nightShift}`)).toEqual(['Night Shift Live']);
    expect(await titles('')).toEqual(expect.arrayContaining(['Glass Harbor', 'Night Shift Live']));
  });

  it('lets a code belong to one product only', async () => {
    const taken = await product([{ code: 'QZDM12600001', kind: 'isrc' }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Code QZDM12600001 already belongs to another product.');
    const duration = await product([{ code: 'FREE-CODE-1', kind: 'custom' }], { duration: '1:75' });
    expect(duration.statusCode).toBe(400);
    expect(duration.json().message).toBe('Duration must be seconds or H:M:S.');
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
