// The label's payment settings: a payment minimum per currency that holds a payee's payments,
// with the reason shown, until what they are owed reaches it; and passback, which sends a
// returned transfer back to the label's funds instead of the payee's balance. The ledger sums to
// zero after every step and after replay.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { addDemoPerson, openLabel } from '../demoPeople';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { ownLabel, type OwnLabel } from '../statements/labelStatements';

interface PaymentView {
  id: string;
  amount: string;
  fee: string;
  status: string;
  holdReason: string | null;
  transactions: { passback: boolean; status: string; bankTransferId: string | null }[];
  transfers: { kind: string; from: string; to: string; amount: string }[];
}

describe('payment minimum and passback', () => {
  let portal: TestPortal;
  let ada: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal();
    ada = await login(portal.app, 'admin@demo.label');
  });
  afterAll(() => portal.close());

  /** Each payment of the payee, oldest first, as an admin reads it. */
  const paymentsOf = async (payeeId: string): Promise<PaymentView[]> => {
    const list = (await get(portal.app, ada, `/api/payments?payee=${payeeId}`)).json();
    const details: PaymentView[] = [];
    const oldestFirst = [...list.items].sort(
      (a: { createdAt: number }, b: { createdAt: number }) => a.createdAt - b.createdAt,
    );
    for (const item of oldestFirst) {
      details.push((await get(portal.app, ada, `/api/payments/${item.id}`)).json());
    }
    return details;
  };

  /** The label's balances that matter here; the whole ledger must sum to zero. */
  const ledger = async (label: MinimumLabel) => {
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
    const { accountId } = label;
    return {
      paco: await balance(`payee:${accountId}:${label.paco}`),
      aria: await balance(`payee:${accountId}:${label.aria}`),
      ariaReturned: await balance(`returned:${accountId}:${label.aria}`),
      funding: await balance(`funding:${accountId}`),
      onTheirWay: await balance(`payouts:${accountId}`),
    };
  };

  const settingsEvents = async (accountId: string) =>
    (
      await portal.db.query<{ type: string }>(
        `select type from events where stream_id = $1 order by seq`,
        [`paymentsettings-${accountId}`],
      )
    ).map((row) => row.type);

  const saveSettings = (
    owner: LoggedIn,
    settings: {
      version: number;
      passback: boolean;
      paymentMinimums: { currency: string; amount: string }[];
    },
  ) => write(portal.app, owner, 'PUT', '/api/payment-settings', settings);

  /** A label of the test's own with a payee who has no bank account and nothing else. */
  const bareLabel = async (name: string) => {
    const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`;
    const label = await openLabel(portal, name, `owner@${domain}`);
    await addDemoPerson(portal, {
      username: `paco@${domain}`,
      fullname: 'Paco Payee',
      accountId: label.accountId,
    });
    return { ...label, paco: await login(portal.app, `paco@${domain}`) };
  };

  type MinimumLabel = OwnLabel & { paco: string; aria: string };

  /**
   * A label of the test's own with a minimum of 5 USD and passback on, and its July statement
   * owing Paco 4.20 and Aria 2.80, both held by the batch below the minimum. Both have verified
   * bank accounts; the sandbox bank returns transfers to Aria's, ending in 0001, with R01.
   */
  const heldBelowMinimum = async (name: string, isrc: string): Promise<MinimumLabel> => {
    const label = await ownLabel(portal, {
      name,
      isrc,
      payees: {
        paco: { fullname: 'Paco Payee', pct: '60', bank: '1234567890' },
        aria: { fullname: 'Aria Artist', pct: '40', bank: '5555550001' },
      },
    });
    const saved = await saveSettings(label.owner, {
      version: 0,
      passback: true,
      paymentMinimums: [{ currency: 'USD', amount: '5.00' }],
    });
    expect(saved.json().version, saved.body).toBe(2);
    expect(await label.settle('2026-07', '7.0071')).toEqual({
      'Paco Payee': '4.20426',
      'Aria Artist': '2.80284',
    });
    await portal.app.runPaymentBatch();
    return { ...label, paco: label.payees.paco!.id, aria: label.payees.aria!.id };
  };

  /**
   * `heldBelowMinimum`, then passback off and the August statement owing Paco 3.60 and Aria 2.40,
   * a minute later: each reaches the minimum, the batch sends all four payments, and the bank
   * settles Paco's and returns Aria's.
   */
  const paidAtMinimum = async (name: string, isrc: string): Promise<MinimumLabel> => {
    const label = await heldBelowMinimum(name, isrc);
    // From now on a new transaction has passback off; the first ones keep theirs.
    const off = await saveSettings(label.owner, {
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
    // Paco is owed 4.20 + 3.60, Aria 2.80 + 2.40: both reach 5, and all four go.
    await portal.app.runPaymentBatch();
    for (const payee of [label.paco, label.aria]) {
      expect((await paymentsOf(payee)).map((payment) => payment.status)).toEqual([
        'processing',
        'processing',
      ]);
    }
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    // The next tick transfers the fees of what settled.
    await portal.app.tickPartner();
    return label;
  };

  // Read, never changed, by the tests of the payments at the minimum and of their returns.
  let atMinimum: MinimumLabel;
  beforeAll(async () => {
    atMinimum = await paidAtMinimum('Reaching Records', 'QZPF12600072');
  });

  it('starts with passback off and no minimum, which payees can neither read nor set', async () => {
    const { accountId, owner: lena, paco } = await bareLabel('Fresh Records');
    expect((await get(portal.app, lena, '/api/payment-settings')).json()).toEqual({
      passback: false,
      paymentMinimums: [],
      version: 0,
    });
    expect((await get(portal.app, paco, '/api/payment-settings')).statusCode).toBe(403);
    const change = { version: 0, passback: true, paymentMinimums: [] };
    expect((await write(portal.app, paco, 'PUT', '/api/payment-settings', change)).statusCode).toBe(
      403,
    );
    expect(await settingsEvents(accountId)).toEqual([]);
  });

  it('refuses a minimum that is no amount of its currency, and writes nothing', async () => {
    const { accountId, owner: lena } = await bareLabel('Strict Records');
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
    expect(await settingsEvents(accountId)).toEqual([]);
  });

  it('keeps the label’s minimum and passback with an event, logging only what changed', async () => {
    const { accountId, owner: lena } = await bareLabel('Settled Records');
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
    expect(await settingsEvents(accountId)).toEqual(['PassbackModeSet', 'PaymentMinimumSet']);
  });

  it('holds payees owed less than the minimum, with the reason shown to them', async () => {
    const label = await heldBelowMinimum('Patient Records', 'QZPF12600071');
    for (const payee of [label.paco, label.aria]) {
      expect(await paymentsOf(payee)).toMatchObject([
        { status: 'held', holdReason: 'below-payment-minimum' },
      ]);
    }
    const [pacoFirst] = await paymentsOf(label.paco);
    expect(pacoFirst).toMatchObject({
      amount: '4.2',
      status: 'held',
      holdReason: 'below-payment-minimum',
      // Passback was on when the statement was approved.
      transactions: [{ passback: true, status: 'PREPARE' }],
    });
    // The payee reads why their payment waits, and never the amount of the minimum.
    const paco = await login(portal.app, label.payees.paco!.username);
    const own = (await get(portal.app, paco, '/api/payments')).json();
    expect(own.items).toMatchObject([{ status: 'held', holdReason: 'below-payment-minimum' }]);
    expect(JSON.stringify(own)).not.toContain('"5"');
    expect(await sandboxTransfers(label)).toEqual([]);
    expect(await ledger(label)).toMatchObject({ onTheirWay: '7' });
  });

  it('pays every waiting payment of a payee once they add up to the minimum, as one transfer with one fee', async () => {
    const label = atMinimum;
    // Paco's 4.20 and 3.60 go as one transfer of 7.80, Aria's 2.80 and 2.40 as one of 5.20.
    expect(await sandboxTransfers(label)).toEqual([
      { amount: '5.2', fee: '0.25', payments: 2 },
      { amount: '7.8', fee: '0.25', payments: 2 },
    ]);
    const aria = await paymentsOf(label.aria);
    expect(aria.map((payment) => payment.transactions[0]?.passback)).toEqual([true, false]);
    const paco = await paymentsOf(label.paco);
    expect(paco.map((payment) => payment.status)).toEqual(['completed', 'completed']);
    const [one, other] = paco.map((payment) => payment.transactions[0]?.bankTransferId);
    expect(one).toEqual(other);
    // The fee is charged once, on one of the two; the label paid the partner 0.25 for Paco.
    expect(paco.map((payment) => payment.fee).sort()).toEqual(['0', '0.25']);
    const fees = await portal.db.query<{ fees: string }>(
      `select trim_scale(sum(amount))::text as fees from ledger_transfers
        where debit_account = $1 and credit_account like 'fees:%'`,
      [`funding:${label.accountId}`],
    );
    expect(fees).toEqual([{ fees: '0.25' }]);
  });

  it('sends a returned transfer with passback on back to the label’s funds, off aside for its retry', async () => {
    const label = atMinimum;
    const { accountId } = label;
    const [first, second] = await paymentsOf(label.aria);
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
      to: `returned:${accountId}:${label.aria}`,
      amount: '2.4',
    });
    // Neither return is in Aria's balance, which a later statement's payment would pay: the
    // passback-off one is kept for its failed payment.
    expect(await ledger(label)).toMatchObject({
      aria: '0.00284',
      ariaReturned: '2.4',
      onTheirWay: '0',
    });
  });

  it('takes a retried payment from where its return put the money', async () => {
    const label = await paidAtMinimum('Retried Records', 'QZPF12600074');
    const [first, second] = await paymentsOf(label.aria);
    expect([first?.status, second?.status]).toEqual(['failed', 'failed']);
    const fundingBefore = (await ledger(label)).funding;
    const retried = await write(portal.app, ada, 'POST', `/api/payments/${first?.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    const after = await ledger(label);
    expect(after).toMatchObject({ aria: '0.00284', ariaReturned: '2.4' });
    expect(new Decimal(after.funding ?? '0').minus(fundingBefore ?? '0').toFixed()).toBe('-2.8');
    // The new transaction takes the label's passback mode of now: off.
    expect(retried.json().transactions.map((t: { passback: boolean }) => t.passback)).toEqual([
      true,
      false,
    ]);
    await write(portal.app, ada, 'POST', `/api/payments/${second?.id}/retry`, {});
    expect(await ledger(label)).toMatchObject({
      aria: '0.00284',
      ariaReturned: '0',
      onTheirWay: '5.2',
    });
  });

  it('lowers a minimum to nothing and rebuilds the same settings and ledger from the log', async () => {
    const label = await heldBelowMinimum('Lowered Records', 'QZPF12600075');
    const cleared = await saveSettings(label.owner, {
      version: 2,
      passback: false,
      paymentMinimums: [],
    });
    expect(cleared.json()).toEqual({ passback: false, paymentMinimums: [], version: 4 });
    // With no minimum, the next batch sends what waited below it.
    await portal.app.runPaymentBatch();
    expect(await paymentsOf(label.paco)).toMatchObject([{ status: 'processing' }]);
    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
    await ledger(label);
  });

  /** The transfers the sandbox bank holds of the label's payments, and how many each pays. */
  const sandboxTransfers = (label: MinimumLabel) =>
    portal.db.query<{ amount: string; fee: string; payments: number }>(
      `select trim_scale(t.amount)::text as amount, trim_scale(t.fee)::text as fee,
              count(*)::int as payments
         from sandbox_transfers t join transactions x on x.bank_transfer_id = t.id
         join payments p on p.id = x.payment_id
        where p.payee_id = any($1::text[]) group by t.id, t.amount, t.fee order by t.amount`,
      [[label.paco, label.aria]],
    );
});
