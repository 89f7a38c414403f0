// Payments from an approved statement to the payees' banks through the sandbox partner: held
// without a verified bank account, sent once whatever happens, settled or returned by the bank,
// retried by an admin. After every step the ledger sums to zero and each payee's earnings are
// exactly what was paid plus what stays in their balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { WEBHOOK_SIGNATURE_HEADER, type PaymentPartner } from '../../../server/payments/partner';
import { runPaymentBatch } from '../../../server/payments/payments';
import { createDemoProduct, get, login, write, type TestPortal } from '../harness';
import { DEMO_PASSWORD } from '../../../server/seed';
import { labelStatements } from '../statements/labelStatements';

const ISRC = 'QZPF12600001';

describe('payments through the sandbox partner', () => {
  let portal: TestPortal;
  let people: Record<string, string>;
  const paymentOf = async (username: string) => {
    const ada = await login(portal.app, 'admin@demo.label');
    const list = (await get(portal.app, ada, `/api/payments?payee=${people[username]}`)).json();
    expect(list.total).toBe(1);
    return (await get(portal.app, ada, `/api/payments/${list.items[0].id}`)).json();
  };

  /** Every ledger account's balance; all of them together always sum to zero. */
  const ledger = async () => {
    const rows = await portal.db.query<{ account: string; balance: string }>(
      `select account, trim_scale(sum(amount))::text as balance from (
         select credit_account as account, amount from ledger_transfers
         union all select debit_account, -amount from ledger_transfers) moves
        group by account having sum(amount) <> 0 order by account`,
    );
    const [net] = await portal.db.query<{ net: string }>(
      `select trim_scale(coalesce(sum(balance), 0))::text as net from (
         select sum(amount) as balance from (
           select credit_account as account, amount from ledger_transfers
           union all select debit_account, -amount from ledger_transfers) moves
          group by account) balances`,
    );
    expect(net?.net).toBe('0');
    const of = (prefix: string, who?: string) =>
      rows.find((row) => row.account.startsWith(prefix) && (!who || row.account.endsWith(who)))
        ?.balance ?? '0';
    return {
      paco: of('payee:', `:${people['payee@demo.label']}`),
      aria: of('payee:', `:${people['artist@demo.label']}`),
      ariaReturned: of('returned:', `:${people['artist@demo.label']}`),
      onTheirWay: of('payouts:'),
      paidOut: of('paid:'),
      fees: of('fees:partner:USD'),
    };
  };

  /** The payee adds a bank account and confirms the sandbox's two micro-deposits. */
  const setBankAccount = async (username: string, accountNumber: string) => {
    const payee = await login(portal.app, username);
    const added = await write(portal.app, payee, 'PUT', '/api/payment-method/bank-account', {
      routingNumber: '011000015',
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
      { amounts: ['0.45', '0.32'] },
    );
    expect(verified.json().status, verified.body).toBe('verified');
  };

  /** The partner's webhook, signed as the partner signs it; the portal's answer. */
  const deliver = async (body: string) => {
    const answer = await portal.app.inject({
      method: 'POST',
      url: '/api/partner/webhooks',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: portal.app.partner.sign(body),
      },
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  const events = async () =>
    Number(
      (
        await portal.db.query<{ count: string }>(
          `select count(*)::text as count from events where stream_id like 'payment-%'`,
        )
      )[0]?.count,
    );

  beforeAll(async () => {
    const label = await labelStatements(ISRC, { cashless: false });
    ({ portal, people } = label);
    const product = await createDemoProduct(portal, {
      title: 'Paid Twice Song',
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
            shares: [
              { payeeId: people['payee@demo.label'], pct: '60' },
              { payeeId: people['artist@demo.label'], pct: '40' },
            ],
          },
        ],
      },
    );
    expect(splits.statusCode, splits.body).toBe(200);
    expect(await label.settle('2026-09', '10.0071')).toEqual({
      'Paco Payee': '6.00426',
      'Aria Artist': '4.00284',
    });
  });
  afterAll(() => portal.close());

  const statementStatus = async () => {
    const ada = await login(portal.app, 'admin@demo.label');
    const { statementId } = await paymentOf('payee@demo.label');
    return (await get(portal.app, ada, `/api/statements/${statementId}`)).json().status as string;
  };

  it('prepares whole cents and keeps the rest in each balance', async () => {
    expect(await ledger()).toEqual({
      paco: '0.00426',
      aria: '0.00284',
      ariaReturned: '0',
      onTheirWay: '10',
      paidOut: '0',
      fees: '0',
    });
    expect((await paymentOf('payee@demo.label')).status).toBe('scheduled');
    expect(await statementStatus()).toBe('ready');
  });

  it('holds a payee without a verified bank account, says why, and logs the hold once', async () => {
    expect(await portal.app.runPaymentBatch()).toEqual({
      started: 0,
      held: 2,
      settled: 0,
      failed: 0,
    });
    const paco = await paymentOf('payee@demo.label');
    expect(paco).toMatchObject({
      status: 'held',
      holdReason: 'no-verified-bank-account',
      internalState: 'HOLD',
    });
    // Every payment is held by a rule the label can see: the statement is sent.
    expect(await statementStatus()).toBe('paid');
    const logged = await events();
    await portal.app.runPaymentBatch();
    expect(await events()).toBe(logged);
    expect((await ledger()).onTheirWay).toBe('10');
  });

  it('hands each payment to the partner once, however often the batch runs', async () => {
    await setBankAccount('payee@demo.label', '1234567890');
    // The sandbox bank returns transfers to an account number ending in 0001 with R01.
    await setBankAccount('artist@demo.label', '5555550001');
    expect((await portal.app.runPaymentBatch()).started).toBe(2);
    expect((await portal.app.runPaymentBatch()).started).toBe(0);
    const transfers = await portal.db.query('select id from sandbox_transfers');
    expect(transfers).toHaveLength(2);
    const paco = await paymentOf('payee@demo.label');
    expect(paco).toMatchObject({ status: 'processing', internalState: 'HOLD', holdReason: null });
    expect(paco.transactions).toMatchObject([{ status: 'PENDING', traceId: expect.any(String) }]);
    expect(paco.transactions[0].traceId).toMatch(/^\d{15}$/);
  });

  it('completes a settled payment, fee paid by the label, and fails a returned one', async () => {
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    // The bank has answered; its webhooks leave a second later.
    expect((await paymentOf('payee@demo.label')).status).toBe('processing');
    portal.clock.advance(1001);
    await portal.app.tickPartner();

    const paco = await paymentOf('payee@demo.label');
    expect(paco).toMatchObject({
      status: 'completed',
      internalState: 'COMPLETED',
      amount: '6',
      fee: '0.25',
      total: '6.25',
      delta: '0',
    });
    expect(paco.completedAt).toEqual(expect.any(Number));
    expect(paco.transactions).toMatchObject([{ status: 'PROCESSED', fee: '0.25' }]);
    expect(paco.transfers.map((move: { kind: string }) => move.kind)).toEqual([
      'payment',
      'settlement',
      'fee',
    ]);
    const aria = await paymentOf('artist@demo.label');
    expect(aria).toMatchObject({
      status: 'failed',
      failure: { code: 'R01', message: 'Insufficient Funds' },
    });
    expect(aria.transactions).toMatchObject([{ status: 'FAILED' }]);
    // Paco's 6.00426: 6 paid, 0.00426 kept. Aria's 4 are kept for her failed payment, out of the
    // balance that her next statement's payment pays.
    expect(await ledger()).toEqual({
      paco: '0.00426',
      aria: '0.00284',
      ariaReturned: '4',
      onTheirWay: '0',
      paidOut: '6',
      fees: '0.25',
    });
  });

  it('changes nothing on a webhook sent again, and refuses one that is not signed', async () => {
    const [webhook] = await portal.db.query<{ body: string }>(
      `select body from sandbox_webhooks where topic = 'transfer.settled'`,
    );
    const body = webhook?.body ?? '';
    const before = await events();
    const again = await portal.app.inject({
      method: 'POST',
      url: '/api/partner/webhooks',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: portal.app.partner.sign(body),
      },
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ applied: false });
    const forged = await portal.app.inject({
      method: 'POST',
      url: '/api/partner/webhooks',
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: 'f'.repeat(64) },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(await events()).toBe(before);
  });

  it('lets only an admin clear a failed payment, which takes the amount kept for it', async () => {
    const aria = await paymentOf('artist@demo.label');
    const lena = await login(portal.app, 'label@demo.label');
    expect(
      (await write(portal.app, lena, 'POST', `/api/payments/${aria.id}/retry`, {})).statusCode,
    ).toBe(403);
    const ada = await login(portal.app, 'admin@demo.label');
    const retried = await write(portal.app, ada, 'POST', `/api/payments/${aria.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'scheduled', retries: 1, failure: null });
    expect(retried.json().transactions.map((t: { status: string }) => t.status)).toEqual([
      'FAILED',
      'PREPARE',
    ]);
    const twice = await write(portal.app, ada, 'POST', `/api/payments/${aria.id}/retry`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Only a failed payment can be cleared and tried again.');
    expect(await ledger()).toMatchObject({ aria: '0.00284', ariaReturned: '0' });
  });

  it('never pays twice when the portal dies between the partner’s answer and its own commit', async () => {
    await setBankAccount('artist@demo.label', '5555556789');
    const partner = portal.app.partner;
    const crashing: PaymentPartner = {
      createFundingSource: (source, now) => partner.createFundingSource(source, now),
      verifyMicroDeposits: (id, amounts, now) => partner.verifyMicroDeposits(id, amounts, now),
      removeFundingSource: (id, now) => partner.removeFundingSource(id, now),
      createTransfer: async (transfer, now) => {
        await partner.createTransfer(transfer, now);
        throw new Error('The process died before it committed.');
      },
      getTransfer: (id) => partner.getTransfer(id),
      cancelTransfer: (id, now) => partner.cancelTransfer(id, now),
    };
    await expect(
      runPaymentBatch({ db: portal.db, partner: crashing, now: portal.clock.now }),
    ).rejects.toThrow('The process died');
    expect((await paymentOf('artist@demo.label')).internalState).toBe('TRANSFER');

    // Out of order: the bank settles the transfer the portal never recorded, and its 'settled'
    // webhook comes before the portal knows the transfer is with the bank. It changes nothing;
    // the next batch records the transfer and reads it settled.
    portal.clock.advance(60_001);
    await portal.app.partner.settleDue(portal.clock.now());
    const [early] = await portal.db.query<{ body: string }>(
      `select w.body from sandbox_webhooks w join sandbox_transfers t on t.id = w.transfer_id
        where t.idempotency_key = $1 and w.topic = 'transfer.settled'`,
      [`${(await paymentOf('artist@demo.label')).id}:1`],
    );
    const before = await events();
    expect(await deliver(early?.body ?? '')).toEqual({ applied: false });
    expect(await events()).toBe(before);
    expect((await paymentOf('artist@demo.label')).internalState).toBe('TRANSFER');

    expect((await portal.app.runPaymentBatch()).started).toBe(1);
    const aria = await paymentOf('artist@demo.label');
    const sent = await portal.db.query(
      `select id from sandbox_transfers where idempotency_key = $1`,
      [`${aria.id}:1`],
    );
    expect(sent).toHaveLength(1);
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    const completed = await paymentOf('artist@demo.label');
    expect(completed.status).toBe('completed');
    // Its history, step by step, as the admin reads it.
    expect(completed.history.map((step: { internalState: string }) => step.internalState)).toEqual([
      'NONE',
      'HOLD',
      'TRANSFER',
      'HOLD',
      'FAILED',
      'NONE',
      'TRANSFER',
      'HOLD',
      'REMUNERATE',
      'COMPLETED',
    ]);
    expect(completed.history[1]).toMatchObject({
      status: 'held',
      holdReason: 'no-verified-bank-account',
    });
    expect(completed.history[4]).toMatchObject({ status: 'failed', failure: { code: 'R01' } });
    expect(completed.history[5].actor).toBe(people['admin@demo.label']);
    const first = (
      await get(
        portal.app,
        await login(portal.app, 'admin@demo.label'),
        `/api/transactions/${completed.transactions[0].id}`,
      )
    ).json();
    expect(first.history.map((step: { status: string }) => step.status)).toEqual([
      'PREPARE',
      'ACTIVE',
      'PENDING',
      'FAILED',
    ]);
    expect(await ledger()).toEqual({
      paco: '0.00426',
      aria: '0.00284',
      ariaReturned: '0',
      onTheirWay: '0',
      paidOut: '10',
      fees: '0.5',
    });
  });

  it('changes nothing when the old return of a retried, completed payment comes late', async () => {
    const [returned] = await portal.db.query<{ body: string }>(
      `select body from sandbox_webhooks where topic = 'transfer.returned'`,
    );
    const before = { events: await events(), ledger: await ledger() };
    expect(await deliver(returned?.body ?? '')).toEqual({ applied: false });
    expect(await events()).toBe(before.events);
    expect(await ledger()).toEqual(before.ledger);
    expect((await paymentOf('artist@demo.label')).status).toBe('completed');
  });

  it('rebuilds the same payments, transactions and ledger from the event log', async () => {
    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
    await ledger();
  });
});
