// GET .../history: a thing's events after a sequence number, for the browser's replay mirror.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamHistory } from '../../../api/history';
import { createDemoProduct, get, login, startPortal, write, type TestPortal } from '../harness';
import { labelStatements, type LabelStatements } from '../statements/labelStatements';
import { demoLabel, type AccountFixture } from '../tenancy';

describe('history routes', () => {
  let portal: TestPortal;
  let demo: AccountFixture;
  beforeAll(async () => {
    portal = await startPortal();
    demo = await demoLabel(portal);
  });
  afterAll(() => portal.close());

  it('gives a product’s events in order, and only the newer ones after a sequence number', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    const url = `/api/products/${demo.productId}/history`;
    const all = (await get(portal.app, lena, url)).json<StreamHistory>();
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items[0]?.type).toBe('ProductCreated');
    const seqs = all.items.map((event) => BigInt(event.seq));
    expect([...seqs].sort((a, b) => (a < b ? -1 : 1))).toEqual(seqs);
    const last = all.items.at(-1)?.seq ?? '0';

    const nothingNew = (await get(portal.app, lena, `${url}?after=${last}`)).json<StreamHistory>();
    expect(nothingNew.items).toEqual([]);

    const changed = await write(portal.app, lena, 'PATCH', `/api/products/${demo.productId}`, {
      version: all.items.at(-1)?.version,
      subtitle: 'Replayed edit',
    });
    expect(changed.statusCode).toBe(200);
    const newer = (await get(portal.app, lena, `${url}?after=${last}`)).json<StreamHistory>();
    expect(newer.items.map((event) => event.type)).toEqual(['ProductChanged']);
    expect(newer.items[0]?.actorName).toBe('Lena Label');
  });

  it('lets only admins read an account’s life, without password hashes or encrypted numbers', async () => {
    const url = `/api/admin/accounts/${demo.accountId}/history`;
    const lena = await login(portal.app, 'label@demo.label');
    expect((await get(portal.app, lena, url)).statusCode).toBe(403);
    const ada = await login(portal.app, 'admin@demo.label');
    const life = (await get(portal.app, ada, url)).json<StreamHistory>();
    const types = new Set(life.items.map((event) => event.type));
    expect(types).toContain('AccountOpened');
    expect(types).toContain('UserRegistered');
    expect(types).toContain('BusinessDetailsSet');
    const text = JSON.stringify(life);
    expect(text).not.toMatch(/passwordHash|encrypted|\$argon2/i);
    expect((await get(portal.app, ada, '/api/admin/accounts/nope/history')).statusCode).toBe(404);
  });
});

describe('a payment’s history', () => {
  let label: LabelStatements;
  beforeAll(async () => {
    label = await labelStatements('QZPH12600001', { cashless: false });
    const product = await createDemoProduct(label.portal, {
      title: 'History Song',
      type: 'single',
      codes: [{ code: 'QZPH12600001', kind: 'isrc' }],
    });
    const splits = await write(
      label.portal.app,
      label.lena,
      'PUT',
      `/api/products/${product.json().id}/splits`,
      {
        version: product.json().version,
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: label.people['payee@demo.label'], pct: '60' },
              { payeeId: label.people['artist@demo.label'], pct: '40' },
            ],
          },
        ],
      },
    );
    expect(splits.statusCode, splits.body).toBe(200);
    await label.settle('2026-09', '10.00');
  });
  afterAll(() => label.portal.close());

  it('shows a payee their payment with its own line of the statement, nobody else’s', async () => {
    const paco = await login(label.portal.app, 'payee@demo.label');
    const payments = (await get(label.portal.app, paco, '/api/payments')).json<{
      items: { id: string }[];
    }>();
    const paymentId = payments.items[0]?.id;
    if (!paymentId) return expect.fail('the payee has a payment');
    const history = (
      await get(label.portal.app, paco, `/api/payments/${paymentId}/history`)
    ).json<StreamHistory>();
    const prepared = history.items.find((event) => event.type === 'PaymentsPrepared');
    expect(prepared?.data.payments).toEqual([expect.objectContaining({ paymentId })]);
    expect(JSON.stringify(history)).not.toContain('"transfers"');
    const aria = await login(label.portal.app, 'artist@demo.label');
    expect(
      (await get(label.portal.app, aria, `/api/payments/${paymentId}/history`)).statusCode,
    ).toBe(404);
  });
});
