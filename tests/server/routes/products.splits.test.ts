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

describe('product splits', () => {
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
});
