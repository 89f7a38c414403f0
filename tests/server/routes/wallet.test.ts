import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payeeAccount, fundingAccount } from '../../../server/ledger/accounts';
import { postTransfers } from '../../../server/events/readModels/ledgerTransfers';
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

    // Ledger transfers as approvals and payments post them: amounts a float would not keep.
    const [row] = await portal.db.query<{ id: string; account_id: string }>(
      "select id, account_id from users where username = 'payee@demo.label'",
    );
    const own = payeeAccount(row?.account_id ?? '', row?.id ?? '');
    const funding = fundingAccount(row?.account_id ?? '');
    const moves: [string, string, string, string][] = [
      [funding, own, '0.1', 'USD'],
      [funding, own, '0.2', 'USD'],
      [funding, own, '1234567890123.000000000001', 'USD'],
      [own, funding, '0.3', 'USD'],
      [funding, own, '5.5', 'EUR'],
    ];
    await postTransfers(
      portal.db,
      moves.map(([from, to, amount, currency], index) => ({
        transferId: `test:${index}`,
        from,
        to,
        amount,
        currency,
      })),
      { statementId: null, at: new Date().toISOString() },
    );
    expect((await get(portal.app, paco, '/api/payment-method/balance')).json()).toEqual([
      { total: { amount: '1234567890123.000000000001', currency: 'USD' } },
      { total: { amount: '5.5', currency: 'EUR' } },
    ]);
    // What the next payment can move, in whole cents, and the rest that stays.
    expect((await get(portal.app, paco, '/api/wallet')).json().balances).toEqual([
      {
        currency: 'USD',
        exact: '1234567890123.000000000001',
        payable: '1234567890123',
        remainder: '0.000000000001',
      },
      { currency: 'EUR', exact: '5.5', payable: '5.5', remainder: '0' },
    ]);
  });

  it('shows each person their own balance only, to read-only holders too', async () => {
    const walt = await login(portal.app, 'warranter@demo.label');
    expect(walt.body.permissions).toContain('payment-method:ro');
    // Walt is in Paco's label account, and is owed nothing himself.
    expect((await get(portal.app, walt, '/api/payment-method/balance')).json()).toEqual([
      { total: { amount: '0', currency: 'USD' } },
    ]);
    const otto = await login(portal.app, 'overseer@demo.label');
    expect((await get(portal.app, otto, '/api/payment-method/balance')).json()).toEqual([
      { total: { amount: '0', currency: 'USD' } },
    ]);
  });
});
