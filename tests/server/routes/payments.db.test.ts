// Payments, transactions and the wallet as people read them after a statement is approved: a
// payee earns 10.0071, is paid 10.00 and keeps 0.0071 in the balance; who sees what is checked
// for each demo role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoProduct, get, login, write, type TestPortal } from '../harness';
import { labelStatements } from '../statements/labelStatements';

const ISRC = 'QZPY12600001';

describe('payments, transactions and the wallet after an approval', () => {
  let portal: TestPortal;
  let people: Record<string, string>;

  beforeAll(async () => {
    const label = await labelStatements(ISRC, { cashless: false });
    ({ portal, people } = label);
    const product = await createDemoProduct(portal, {
      title: 'Paid Song',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    const splits = await write(
      portal.app,
      label.lena,
      'PUT',
      `/api/products/${product.json().id}/splits`,
      {
        version: product.json().version,
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [{ payeeId: people['payee@demo.label'], pct: '100' }],
          },
        ],
      },
    );
    expect(splits.statusCode, splits.body).toBe(200);
    expect(await label.settle('2026-09', '10.0071')).toEqual({ 'Paco Payee': '10.0071' });
  });
  afterAll(() => portal.close());

  it('shows the payee their payment in whole cents and keeps the rest in their balance', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const payments = (await get(portal.app, paco, '/api/payments')).json();
    expect(payments.total).toBe(1);
    expect(payments.items[0]).toMatchObject({
      payeeName: 'Paco Payee',
      amount: '10',
      currency: 'USD',
      status: 'scheduled',
      holdReason: null,
      failure: null,
    });
    // The internal state is the admin's to see.
    expect(payments.items[0]).not.toHaveProperty('internalState');
    expect(payments.items[0]).not.toHaveProperty('delta');

    const wallet = (await get(portal.app, paco, '/api/wallet')).json();
    expect(wallet.balances).toEqual([
      { currency: 'USD', exact: '0.0071', payable: '0', remainder: '0.0071' },
    ]);
    expect(wallet.incoming).toMatchObject([{ kind: 'payout', amount: '10.0071' }]);
    expect(wallet.prepared).toMatchObject([{ amount: '10', status: 'PREPARE' }]);
    expect(wallet.active).toEqual([]);
    expect((await get(portal.app, paco, '/api/payment-method/balance')).json()).toEqual([
      { total: { amount: '0.0071', currency: 'USD' } },
    ]);
  });

  it('details a payment with its transaction, its ledger transfer and when it was prepared', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const id = (await get(portal.app, paco, '/api/payments')).json().items[0].id as string;
    const detail = (await get(portal.app, paco, `/api/payments/${id}`)).json();
    expect(detail.transactions).toMatchObject([
      { paymentId: id, amount: '10', status: 'PREPARE', passback: false, traceId: null },
    ]);
    expect(detail.transfers).toMatchObject([
      { id: `payment:${id}`, kind: 'payment', amount: '10', currency: 'USD' },
    ]);
    expect(detail.transfers[0].from).toMatch(
      new RegExp(`^payee:.+:${people['payee@demo.label']}$`),
    );
    expect(detail.history).toMatchObject([{ status: 'scheduled', actor: expect.any(String) }]);
    const transaction = (
      await get(portal.app, paco, `/api/transactions/${detail.transactions[0].id}`)
    ).json();
    expect(transaction.history).toMatchObject([{ status: 'PREPARE' }]);
  });

  it('shows the payee what they receive and never the label’s fee; the label and staff see both', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const id = (await get(portal.app, paco, '/api/payments')).json().items[0].id as string;
    const [list, detail, transactions, wallet, csv] = await Promise.all([
      get(portal.app, paco, '/api/payments'),
      get(portal.app, paco, `/api/payments/${id}`),
      get(portal.app, paco, '/api/transactions'),
      get(portal.app, paco, '/api/wallet'),
      get(portal.app, paco, '/api/transactions?format=csv'),
    ]);
    const payeeShapes = [
      list.json().items[0],
      detail.json(),
      ...detail.json().transactions,
      transactions.json().items[0],
      ...wallet.json().prepared,
    ];
    expect(payeeShapes).toHaveLength(5);
    for (const shape of payeeShapes) {
      expect(shape).toMatchObject({ amount: '10' });
      expect(shape).not.toHaveProperty('fee');
      expect(shape).not.toHaveProperty('total');
    }
    expect(detail.json().transfers.map((move: { kind: string }) => move.kind)).not.toContain('fee');
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,payment,statement,account,payee,amount,currency,status,passback,trace id,bank transfer id,transferred,created',
    );
    for (const username of ['label@demo.label', 'admin@demo.label']) {
      const reader = await login(portal.app, username);
      const seen = (await get(portal.app, reader, `/api/payments/${id}`)).json();
      expect(seen).toMatchObject({ amount: '10', fee: '0', total: '10' });
      expect(seen.transactions).toMatchObject([{ amount: '10', fee: '0', total: '10' }]);
    }
  });

  it('shows a label its account’s payments, an admin the internal state, an artist paid nothing none', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    expect((await get(portal.app, lena, '/api/payments')).json().total).toBe(1);
    expect((await get(portal.app, lena, '/api/payments?status=scheduled')).json().total).toBe(1);
    expect((await get(portal.app, lena, '/api/payments?status=completed')).json().total).toBe(0);
    expect((await get(portal.app, lena, '/api/payments?q=Paco')).json().total).toBe(1);
    expect((await get(portal.app, lena, '/api/payments?q=nobody')).json().total).toBe(0);

    const ada = await login(portal.app, 'admin@demo.label');
    const seen = (await get(portal.app, ada, '/api/payments')).json().items[0];
    expect(seen).toMatchObject({ internalState: 'NONE', delta: '10' });

    // Aria is paid nothing: she sees no payment, and not Paco's.
    const aria = await login(portal.app, 'artist@demo.label');
    expect((await get(portal.app, aria, '/api/transactions')).json().total).toBe(0);
    expect((await get(portal.app, aria, `/api/payments/${seen.id as string}`)).statusCode).toBe(
      404,
    );
  });

  it("shows the warranter their label's payments and transactions, read only", async () => {
    const walt = await login(portal.app, 'warranter@demo.label');
    const payments = (await get(portal.app, walt, '/api/payments')).json();
    expect(payments.total).toBe(1);
    expect(payments.items[0]).toMatchObject({ payeeName: 'Paco Payee', amount: '10' });
    // The internal state stays the admin's; cancelling stays the label's.
    expect(payments.items[0]).not.toHaveProperty('internalState');
    const id = payments.items[0].id as string;
    const detail = await get(portal.app, walt, `/api/payments/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).not.toHaveProperty('cancellable');
    expect((await get(portal.app, walt, '/api/transactions')).json().total).toBe(1);
    for (const [method, path] of [
      ['POST', `/api/payments/${id}/cancel`],
      ['POST', `/api/payments/${id}/retry`],
      ['POST', '/api/payments/batch'],
    ] as const) {
      expect((await write(portal.app, walt, method, path, {})).statusCode, path).toBe(403);
    }
  });

  it('downloads the transactions as a CSV file with exact amounts', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    const answer = await get(portal.app, lena, '/api/transactions?format=csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, row, end] = answer.body.split('\r\n');
    expect(header).toBe(
      'id,payment,statement,account,payee,amount,fee,total,currency,status,passback,trace id,bank transfer id,transferred,created',
    );
    expect(row?.split(',').slice(3, 11)).toEqual([
      'Demo Records',
      'Paco Payee',
      '10',
      '0',
      '10',
      'USD',
      'PREPARE',
      'off',
    ]);
    expect(end).toBe('');
  });
});
