import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, type TestPortal } from '../harness';

describe('wallet balance', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('answers a list whose first item has total.amount, exact to the last decimal', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    expect((await get(portal.app, paco, '/api/payment-method/balance')).json()).toEqual([
      { total: { amount: '0', currency: 'USD' } },
    ]);

    // Ledger rows as payments will write them: amounts that a float would not keep.
    const account = await portal.db.query<{ account_id: string }>(
      "select account_id from users where username = 'payee@demo.label'",
    );
    for (const [amount, currency] of [
      ['0.1', 'USD'],
      ['0.2', 'USD'],
      ['1234567890123.000000000001', 'USD'],
      ['-0.3', 'USD'],
      ['5.5', 'EUR'],
    ]) {
      await portal.db.query(
        `insert into wallet_entries (account_id, amount, currency, kind, created_at)
         values ($1, $2, $3, 'proceeds', now())`,
        [account[0]?.account_id, amount, currency],
      );
    }
    expect((await get(portal.app, paco, '/api/payment-method/balance')).json()).toEqual([
      { total: { amount: '1234567890123.000000000001', currency: 'USD' } },
      { total: { amount: '5.5', currency: 'EUR' } },
    ]);
  });

  it('shows each account its own balance only, to read-only holders too', async () => {
    const walt = await login(portal.app, 'warranter@demo.label');
    expect(walt.body.permissions).toContain('payment-method:ro');
    // Walt is in the same label account as Paco, so he sees that account's ledger.
    const labelBalance = (await get(portal.app, walt, '/api/payment-method/balance')).json();
    expect(labelBalance[0].total.amount).toBe('1234567890123.000000000001');
    const otto = await login(portal.app, 'overseer@demo.label');
    expect((await get(portal.app, otto, '/api/payment-method/balance')).json()).toEqual([
      { total: { amount: '0', currency: 'USD' } },
    ]);
  });
});
