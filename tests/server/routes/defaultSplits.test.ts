import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startPortal, write, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { addProduct, distroKidId, openLabel, type OwnLabel } from '../ownLabel';

const HEADER =
  'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)\n';
const line = (isrc: string, units: number, earnings: string) =>
  `2026-10-05\t2026-09\tSpotify\tAria Vale\tSong\t${isrc}\t\t${units}\t100\tSong\tUS\t0\t${earnings}\n`;

// The default sets are the account's: each test opens a label of its own to set them on.
describe('the account-wide default splits', () => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  const base = (shares: object[]) => ({ scope: 'product', kind: 'base', shares });

  /** A label of the test's own, its owner signed in, and its default sets read and saved. */
  async function ownDefaults(surname: string) {
    const label = await openLabel(portal, surname);
    const owner = await label.login('owner');
    const read = async () => (await get(portal.app, owner, '/api/default-splits')).json();
    const save = (splitSets: object[], version: number) =>
      write(portal.app, owner, 'PUT', '/api/default-splits', { version, splitSets });
    return { label, owner, read, save };
  }

  /** The owner 70% and the artist the balance, as the account's base default set. */
  const seventyThirty = (label: OwnLabel) =>
    base([
      { payeeId: label.ids.owner, pct: '70' },
      { payeeId: label.ids.artist, balance: true },
    ]);

  it('starts with no default sets and the account’s version', async () => {
    const { read } = await ownDefaults('Alder');
    const initial = await read();
    expect(initial.splitSets).toEqual([]);
    expect(initial.version).toBeGreaterThan(0);
  });

  it('checks the sets with the texts of a product’s splits and changes nothing when refused', async () => {
    const { label, read, save: saveAt } = await ownDefaults('Birch');
    const { version } = await read();
    const save = (splitSets: object[]) => saveAt(splitSets, version);
    const total = await save([
      base([
        { payeeId: label.ids.owner, pct: '50' },
        { payeeId: label.ids.artist, pct: '49.5' },
      ]),
    ]);
    expect(total.statusCode).toBe(400);
    expect(total.json()).toMatchObject({
      message: 'Splits total 99.5%',
      errors: [{ path: 'splitSets[0].shares', message: 'Splits total 99.5%' }],
    });
    const allTabs = await save([
      base([{ payeeId: label.ids.owner, pct: '90' }]),
      { scope: 'product', kind: 'mechanical', shares: [{ payeeId: label.ids.artist, pct: '101' }] },
    ]);
    expect(allTabs.json().message).toBe('Check split totals on all tabs');
    expect((await save([base([{ pct: '100' }])])).json().message).toBe(
      'Every split must be attributed to a collaborator.',
    );
    const duplicate = await save([
      base([
        { payeeId: label.ids.owner, pct: '50' },
        { payeeId: label.ids.owner, pct: '50' },
      ]),
    ]);
    expect(duplicate.json().message).toBe('Duplicate user');
    expect((await save([base([{ email: 'nope', pct: '100' }])])).json().message).toBe(
      'Not a valid email',
    );
    expect((await save([base([{ payeeId: 'no-such-user', pct: '100' }])])).json().message).toBe(
      "We couldn't find this user. Enter a full email address or create a new user.",
    );
    const code = await save([
      {
        scope: { code: 'QZDM12600001' },
        kind: 'base',
        shares: [{ payeeId: label.ids.owner, pct: '100' }],
      },
    ]);
    expect(code.statusCode).toBe(400);
    expect(code.json()).toMatchObject({
      message: 'Default splits apply to the whole account, not to a single code.',
      errors: [{ path: 'splitSets[0].scope.code' }],
    });
    expect(await read()).toEqual({ version, splitSets: [] });
  });

  it('saves the sets as an event on the account stream and invites a new collaborator', async () => {
    const { label, read, save } = await ownDefaults('Cedar');
    const { version } = await read();
    const saved = await save(
      [
        seventyThirty(label),
        {
          scope: 'product',
          kind: 'mechanical',
          shares: [{ email: 'Default.Writer@Example.com', pct: '100' }],
        },
      ],
      version,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body.version).toBeGreaterThan(version);
    expect(body.splitSets).toHaveLength(2);
    expect(body.splitSets[0]).toMatchObject({
      scope: 'product',
      kind: 'base',
      shares: [
        { payeeId: label.ids.owner, fullname: 'Lou Cedar', pct: '70', balance: false },
        { payeeId: label.ids.artist, fullname: 'Ari Cedar', pct: null, balance: true },
      ],
    });
    expect(body.splitSets[1].shares[0].fullname).toBe('default.writer@example.com');
    expect(await read()).toEqual(body);

    const stored = await portal.db.query<{ product_id: string | null; code: string | null }>(
      'select product_id, code from split_sets where id = $1',
      [body.splitSets[0].id],
    );
    expect(stored).toEqual([{ product_id: null, code: null }]);
    const mail = await portal.db.query<{ subject: string }>(
      "select subject from outbox where recipient = 'default.writer@example.com'",
    );
    expect(mail).toEqual([{ subject: 'Activate your Royalty Portal account' }]);
    const events = await portal.db.query<{ data: { before: unknown[]; after: unknown[] } }>(
      "select data from events where type = 'DefaultSplitsChanged' and stream_id = $1",
      [`account-${label.accountId}`],
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.data.before).toEqual([]);
    expect(events[0]?.data.after).toHaveLength(2);

    const stale = await save([base([{ payeeId: label.ids.owner, pct: '100' }])], version);
    expect(stale.statusCode).toBe(409);
    expect((await read()).splitSets).toHaveLength(2);
  });

  it('lets a payee without product:rw read only their own share and change nothing', async () => {
    const { label, read, save } = await ownDefaults('Dogwood');
    const saved = await save([seventyThirty(label)], (await read()).version);
    expect(saved.statusCode, saved.body).toBe(200);
    const ari = await label.login('artist');
    const refused = await write(portal.app, ari, 'PUT', '/api/default-splits', {
      version: saved.json().version,
      splitSets: [],
    });
    expect(refused.statusCode).toBe(403);
    const seen = (await get(portal.app, ari, '/api/default-splits')).json();
    expect(seen.splitSets[0].shares).toEqual([
      expect.objectContaining({ payeeId: label.ids.artist, pct: '30', grouped: false }),
      expect.objectContaining({ payeeId: null, pct: '70', grouped: true }),
    ]);
    expect(JSON.stringify(seen)).not.toContain(label.ids.owner);
    expect((await read()).splitSets).toEqual(saved.json().splitSets);
  });

  it('allocates a record whose product has no set of its own with the default set', async () => {
    const { label, owner, read, save } = await ownDefaults('Elm');
    const saved = await save(
      [
        seventyThirty(label),
        {
          scope: 'product',
          kind: 'mechanical',
          shares: [{ payeeId: label.ids.payee, pct: '100' }],
        },
      ],
      (await read()).version,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const product = await addProduct(portal, label, 'Unsplit Song', 'QZDM12600099');
    expect(product.splitSets).toEqual([]);

    const uploaded = await uploadStatement(
      portal.app,
      owner,
      {
        distributor: await distroKidId(portal, owner),
        report_month: '2026-09',
        expected: null,
        cashless: true,
      },
      [{ filename: 'defaults.tsv', content: HEADER + line('QZDM12600099', 10, '10') }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const id = uploaded.json()[0].id as string;
    const calculate = await write(portal.app, owner, 'POST', `/api/statements/${id}/calculate`, {});
    expect(calculate.statusCode, calculate.body).toBe(200);
    await portal.app.jobs.drain();

    const calculation = (await get(portal.app, owner, `/api/statements/${id}/calculation`)).json();
    expect(
      calculation.input.splitSets.filter((set: { scope: object }) => 'default' in set.scope),
    ).toHaveLength(2);
    expect(calculation.output.missingCodes).toEqual([]);
    const payees = (await get(portal.app, owner, `/api/statements/${id}/payees`)).json();
    const byName = Object.fromEntries(
      payees.items.map((p: { fullname: string; payout: string }) => [p.fullname, p.payout]),
    );
    expect(byName).toEqual({ 'Lou Elm': '7', 'Ari Elm': '3' });
  });
});
