// The label's payment settings: a payment minimum per currency that holds a payee's payments,
// with the reason shown, until what they are owed reaches it; and passback, which sends a
// returned transfer back to the label's funds instead of the payee's balance. The ledger sums to
// zero after every step and after replay.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { DEMO_PASSWORD } from '../../../server/seed';
import { createDemoProduct, get, login, write, type LoggedIn, type TestPortal } from '../harness';
import { labelStatements, type LabelStatements } from '../statements/labelStatements';

const ISRC = 'QZPF12600077';

interface PaymentView {
  id: string;
  amount: string;
  status: string;
  holdReason: string | null;
  transactions: { passback: boolean; status: string }[];
  transfers: { kind: string; from: string; to: string; amount: string }[];
}

describe('payment minimum and passback', () => {
  let label: LabelStatements;
  let portal: TestPortal;
  let lena: LoggedIn;
  let accountId: string;
  const person = (username: string) => label.people[username] ?? '';

  /** Each payment of the payee, oldest first, as an admin reads it. */
  const paymentsOf = async (username: string): Promise<PaymentView[]> => {
    const ada = await login(portal.app, 'admin@demo.label');
    const list = (await get(portal.app, ada, `/api/payments?payee=${person(username)}`)).json();
    const details: PaymentView[] = [];
    const oldestFirst = [...list.items].sort(
      (a: { createdAt: number }, b: { createdAt: number }) => a.createdAt - b.createdAt,
    );
    for (const item of oldestFirst) {
      details.push((await get(portal.app, ada, `/api/payments/${item.id}`)).json());
    }
    return details;
  };

  /** The balances that matter here; the whole ledger must sum to zero. */
  const ledger = async () => {
    const [net] = await portal.db.query<{ net: string }>(
      `select trim_scale(coalesce(sum(amount) filter (where side = 'credit'), 0)
                       - coalesce(sum(amount) filter (where side = 'debit'), 0))::text as net
         from (select 'credit' as side, amount from ledger_transfers
               union all select 'debit', amount from ledger_transfers) moves`,
    );
    expect(net?.net).toBe('0');
    const balance = async (account: string) =>
      (
        await portal.db.query<{ balance: string }>(
          `select trim_scale(coalesce(sum(case when credit_account = $1 then amount
                                               else -amount end), 0))::text as balance
             from ledger_transfers where credit_account = $1 or debit_account = $1`,
          [account],
        )
      )[0]?.balance;
    return {
      paco: await balance(`payee:${accountId}:${person('payee@demo.label')}`),
      aria: await balance(`payee:${accountId}:${person('artist@demo.label')}`),
      ariaReturned: await balance(`returned:${accountId}:${person('artist@demo.label')}`),
      funding: await balance(`funding:${accountId}`),
      onTheirWay: await balance(`payouts:${accountId}`),
    };
  };

  const settingsEvents = async () =>
    (
      await portal.db.query<{ type: string }>(
        `select type from events where stream_id = $1 order by seq`,
        [`paymentsettings-${accountId}`],
      )
    ).map((row) => row.type);

  const setBankAccount = async (username: string, accountNumber: string) => {
    const payee = await login(portal.app, username);
    const added = await write(portal.app, payee, 'PUT', '/api/payment-method/bank-account', {
      routingNumber: '021000021',
      accountNumber,
      accountType: 'checking',
      password: DEMO_PASSWORD,
    });
    expect(added.statusCode, added.body).toBe(200);
    const verified = await write(
      portal.app,
      payee,
      'POST',
      '/api/payment-method/bank-account/verify',
      { amounts: ['0.32', '0.45'] },
    );
    expect(verified.json().status, verified.body).toBe('verified');
  };

  beforeAll(async () => {
    label = await labelStatements(ISRC, { cashless: false });
    ({ portal, lena } = label);
    accountId = (
      await portal.db.query<{ id: string }>("select id from accounts where name = 'Demo Records'")
    )[0]!.id;
    const product = await createDemoProduct(portal, {
      title: 'Minimum Song',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    const splits = await write(
      portal.app,
      lena,
      'PUT',
      `/api/products/${product.json().id}/splits`,
      {
        version: product.json().version,
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: person('payee@demo.label'), pct: '60' },
              { payeeId: person('artist@demo.label'), pct: '40' },
            ],
          },
        ],
      },
    );
    expect(splits.statusCode, splits.body).toBe(200);
    await setBankAccount('payee@demo.label', '1234567890');
    // The sandbox bank returns transfers to an account number ending in 0001 with R01.
    await setBankAccount('artist@demo.label', '5555550001');
  });
  afterAll(() => portal.close());

  it('starts with passback off and no minimum, which payees can neither read nor set', async () => {
    expect((await get(portal.app, lena, '/api/payment-settings')).json()).toEqual({
      passback: false,
      paymentMinimums: [],
      version: 0,
    });
    const paco = await login(portal.app, 'payee@demo.label');
    expect((await get(portal.app, paco, '/api/payment-settings')).statusCode).toBe(403);
    const change = { version: 0, passback: true, paymentMinimums: [] };
    expect((await write(portal.app, paco, 'PUT', '/api/payment-settings', change)).statusCode).toBe(
      403,
    );
    expect(await settingsEvents()).toEqual([]);
  });

  it('refuses a minimum that is no amount of its currency, and writes nothing', async () => {
    const refused = async (paymentMinimums: { currency: string; amount: string }[]) => {
      const answer = await write(portal.app, lena, 'PUT', '/api/payment-settings', {
        version: 0,
        passback: true,
        paymentMinimums,
      });
      expect(answer.statusCode).toBe(400);
      return answer.json().message as string;
    };
    const invalid =
      'A payment minimum is zero or more, with no more decimals than its currency has.';
    expect(await refused([{ currency: 'USD', amount: '-5' }])).toBe(invalid);
    expect(await refused([{ currency: 'USD', amount: '5.001' }])).toBe(invalid);
    expect(await refused([{ currency: 'JPY', amount: '500.5' }])).toBe(invalid);
    expect(await refused([{ currency: 'US', amount: '5' }])).toBe(
      'A currency is a three-letter code, like USD.',
    );
    expect(
      await refused([
        { currency: 'USD', amount: '5' },
        { currency: 'usd', amount: '6' },
      ]),
    ).toBe('Each currency has one payment minimum.');
    expect(await settingsEvents()).toEqual([]);
  });

  it('keeps the label’s minimum and passback with an event, logging only what changed', async () => {
    const saved = await write(portal.app, lena, 'PUT', '/api/payment-settings', {
      version: 0,
      passback: true,
      paymentMinimums: [{ currency: 'USD', amount: '5.00' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      passback: true,
      paymentMinimums: [{ currency: 'USD', amount: '5' }],
      version: 2,
    });
    const again = await write(portal.app, lena, 'PUT', '/api/payment-settings', {
      version: 2,
      passback: true,
      paymentMinimums: [{ currency: 'USD', amount: '5' }],
    });
    expect(again.json().version).toBe(2);
    const stale = await write(portal.app, lena, 'PUT', '/api/payment-settings', {
      version: 0,
      passback: false,
      paymentMinimums: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(await settingsEvents()).toEqual(['PassbackModeSet', 'PaymentMinimumSet']);
  });

  it('holds payees owed less than the minimum, with the reason shown to them', async () => {
    expect(await label.settle('2026-07', '7.0071')).toEqual({
      'Paco Payee': '4.20426',
      'Aria Artist': '2.80284',
    });
    expect(await portal.app.runPaymentBatch()).toEqual({
      started: 0,
      held: 2,
      settled: 0,
      failed: 0,
    });
    const [pacoFirst] = await paymentsOf('payee@demo.label');
    expect(pacoFirst).toMatchObject({
      amount: '4.2',
      status: 'held',
      holdReason: 'below-payment-minimum',
      // Passback was on when the statement was approved.
      transactions: [{ passback: true, status: 'PREPARE' }],
    });
    // The payee reads why their payment waits, and never the amount of the minimum.
    const paco = await login(portal.app, 'payee@demo.label');
    const own = (await get(portal.app, paco, '/api/payments')).json();
    expect(own.items).toMatchObject([{ status: 'held', holdReason: 'below-payment-minimum' }]);
    expect(await sandboxTransfers()).toBe(0);
    expect(await ledger()).toMatchObject({ onTheirWay: '7' });
  });

  it('pays every waiting payment of a payee once they add up to the minimum', async () => {
    // From now on a new transaction has passback off; the first ones keep theirs.
    const off = await write(portal.app, lena, 'PUT', '/api/payment-settings', {
      version: 2,
      passback: false,
      paymentMinimums: [{ currency: 'USD', amount: '5' }],
    });
    expect(off.json()).toMatchObject({ passback: false, version: 3 });
    // A minute later, so the two statements' payments are told apart by when they were made.
    portal.clock.advance(60_000);
    expect(await label.settle('2026-08', '6')).toEqual({
      'Paco Payee': '3.6',
      'Aria Artist': '2.4',
    });
    // Paco is owed 4.20 + 3.60, Aria 2.80 + 2.40: both reach 5.
    expect(await portal.app.runPaymentBatch()).toEqual({
      started: 4,
      held: 0,
      settled: 0,
      failed: 0,
    });
    const aria = await paymentsOf('artist@demo.label');
    expect(aria.map((payment) => payment.transactions[0]?.passback)).toEqual([true, false]);
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    expect((await paymentsOf('payee@demo.label')).map((payment) => payment.status)).toEqual([
      'completed',
      'completed',
    ]);
  });

  it('sends a returned transfer with passback on back to the label’s funds, off aside for its retry', async () => {
    const [first, second] = await paymentsOf('artist@demo.label');
    expect([first?.status, second?.status]).toEqual(['failed', 'failed']);
    const returned = (payment?: PaymentView) =>
      payment?.transfers.find((move) => move.kind === 'return');
    expect(returned(first)).toMatchObject({
      from: `payouts:${accountId}`,
      to: `funding:${accountId}`,
      amount: '2.8',
    });
    expect(returned(second)).toMatchObject({
      from: `payouts:${accountId}`,
      to: `returned:${accountId}:${person('artist@demo.label')}`,
      amount: '2.4',
    });
    // Neither return is in Aria's balance, which a later statement's payment would pay: the
    // passback-off one is kept for its failed payment.
    expect(await ledger()).toMatchObject({ aria: '0.00284', ariaReturned: '2.4', onTheirWay: '0' });
  });

  it('takes a retried payment from where its return put the money', async () => {
    const [first, second] = await paymentsOf('artist@demo.label');
    const ada = await login(portal.app, 'admin@demo.label');
    const fundingBefore = (await ledger()).funding;
    const retried = await write(portal.app, ada, 'POST', `/api/payments/${first?.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    const after = await ledger();
    expect(after).toMatchObject({ aria: '0.00284', ariaReturned: '2.4' });
    expect(new Decimal(after.funding ?? '0').minus(fundingBefore ?? '0').toFixed()).toBe('-2.8');
    // The new transaction takes the label's passback mode of now: off.
    expect(retried.json().transactions.map((t: { passback: boolean }) => t.passback)).toEqual([
      true,
      false,
    ]);
    await write(portal.app, ada, 'POST', `/api/payments/${second?.id}/retry`, {});
    expect(await ledger()).toMatchObject({ aria: '0.00284', ariaReturned: '0', onTheirWay: '5.2' });
  });

  it('lowers a minimum to nothing and rebuilds the same settings and ledger from the log', async () => {
    const cleared = await write(portal.app, lena, 'PUT', '/api/payment-settings', {
      version: 3,
      passback: false,
      paymentMinimums: [],
    });
    expect(cleared.json()).toEqual({ passback: false, paymentMinimums: [], version: 4 });
    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
    await ledger();
  });

  const sandboxTransfers = async () =>
    (await portal.db.query('select id from sandbox_transfers')).length;
});
