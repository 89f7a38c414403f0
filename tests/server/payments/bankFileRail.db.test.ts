// A portal that pays by bank files: a currency the rail cannot pay into an account is held with a
// reason payee and label read, and the wallet says beforehand which way each currency is paid.
// (That deposit amounts are never answered under this rail: bankFileFlow.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/seed';
import {
  get,
  login,
  startPortal,
  testPayments,
  write,
  type LoggedIn,
  type TestPortal,
} from '../harness';
import { ownLabel, settleStatement } from '../statements/labelStatements';

describe('the bank-file rail', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal({ payments: { ...testPayments, rail: 'bankfile' } });
  });
  afterAll(() => portal.close());

  /** The payee adds `account`; every answer is kept, to look for amounts in. */
  const addAccount = async (payee: LoggedIn, account: Record<string, string>) => {
    const added = await write(portal.app, payee, 'PUT', '/api/payment-method/bank-account', {
      ...account,
      password: DEMO_PASSWORD,
    });
    expect(added.statusCode, added.body).toBe(200);
    return added;
  };

  it('holds a GBP payment to a US account as not payable, and says so before any deposit is checked', async () => {
    const label = await ownLabel(portal, {
      name: 'Pound Records',
      isrc: 'QZBF12600002',
      payees: { paco: { fullname: 'Paco Pound', pct: '100', bank: null } },
    });
    const paco = label.payees.paco!;
    const session = await login(portal.app, paco.username);
    await addAccount(session, {
      routingNumber: '011000015',
      accountNumber: '1234567890',
      accountType: 'checking',
    });
    const month = { isrc: 'QZBF12600002', earnings: '10', cashless: false };
    await settleStatement(portal, label.owner, { ...month, month: '2026-05', currency: 'GBP' });
    await settleStatement(portal, label.owner, { ...month, month: '2026-06', currency: 'USD' });
    await portal.app.runPaymentBatch();
    const ada = await login(portal.app, 'admin@demo.label');
    const list = (await get(portal.app, ada, `/api/payments?payee=${paco.id}`)).json();
    const byCurrency = Object.fromEntries(
      (list.items as { currency: string; id: string }[]).map((item) => [item.currency, item.id]),
    );
    const gbp = (await get(portal.app, ada, `/api/payments/${byCurrency.GBP}`)).json();
    expect(gbp).toMatchObject({
      status: 'held',
      holdReason: 'currency-not-payable',
      internalState: 'HOLD',
    });
    // USD goes to a US account by NACHA file: it waits on what a file needs, not on its currency.
    const usd = (await get(portal.app, ada, `/api/payments/${byCurrency.USD}`)).json();
    expect(usd.holdReason).not.toBe('currency-not-payable');
    // The payee reads it too, and the wallet says why beforehand.
    const own = (await get(portal.app, session, `/api/payments/${byCurrency.GBP}`)).json();
    expect(own.holdReason).toBe('currency-not-payable');
    expect(
      (await get(portal.app, session, '/api/payment-method/bank-account')).json().bankAccount
        .payoutMethods,
    ).toEqual([
      { currency: 'GBP', method: null },
      { currency: 'USD', method: 'nacha' },
    ]);
  });

  it('says a German IBAN is paid EUR by SEPA credit transfer', async () => {
    const label = await ownLabel(portal, {
      name: 'Euro Records',
      isrc: 'QZBF12600003',
      payees: { eva: { fullname: 'Eva Euro', pct: '100', bank: null } },
    });
    const eva = label.payees.eva!;
    await settleStatement(portal, label.owner, {
      isrc: 'QZBF12600003',
      month: '2026-05',
      earnings: '10',
      cashless: false,
      currency: 'EUR',
    });
    const session = await login(portal.app, eva.username);
    const added = await addAccount(session, {
      scheme: 'iban',
      country: 'DE',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    expect(added.json()).toMatchObject({
      scheme: 'iban',
      country: 'DE',
      last4: '3000',
      payoutMethods: [{ currency: 'EUR', method: 'sepa' }],
    });
  });
});
