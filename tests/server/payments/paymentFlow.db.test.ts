// Payments from an approved statement to the payees' banks through the sandbox partner: held
// without a verified bank account, sent once whatever happens, settled or returned by the bank,
// retried by an admin. After every step the ledger sums to zero and each payee's earnings are
// exactly what was paid plus what stays in their balance. Each test takes a label of its own
// through the steps before the one it checks, so its payments and balances are its alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { WEBHOOK_SIGNATURE_HEADER, type PaymentPartner } from '../../../server/payments/partner';
import { runPaymentBatch } from '../../../server/payments/payments';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import {
  ownLabel,
  verifiedBankAccount,
  type OwnLabel,
  type OwnPayee,
} from '../statements/labelStatements';

type PaidLabel = OwnLabel & { paco: OwnPayee; aria: OwnPayee };

describe('payments through the sandbox partner', () => {
  let portal: TestPortal;
  let ada: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal();
    ada = await login(portal.app, 'admin@demo.label');
  });
  afterAll(() => portal.close());

  const paymentOf = async (payee: OwnPayee) => {
    const list = (await get(portal.app, ada, `/api/payments?payee=${payee.id}`)).json();
    expect(list.total).toBe(1);
    return (await get(portal.app, ada, `/api/payments/${list.items[0].id}`)).json();
  };

  /**
   * The label's ledger accounts: Paco's and Aria's balances, its payments on their way, what it
   * paid out and the partner's fees it paid. The whole ledger always sums to zero.
   */
  const ledger = async ({ accountId, paco, aria }: PaidLabel) => {
    const [net] = await portal.db.query<{ net: string }>(
      `select trim_scale(coalesce(sum(balance), 0))::text as net from (
         select sum(amount) as balance from (
           select credit_account as account, amount from ledger_transfers
           union all select debit_account, -amount from ledger_transfers) moves
          group by account) balances`,
    );
    expect(net?.net).toBe('0');
    const balance = async (account: string, from?: string) =>
      (
        await portal.db.query<{ balance: string }>(
          `select trim_scale(coalesce(sum(case when credit_account = $1 then amount
                                               else -amount end), 0))::text as balance
             from ledger_transfers
            where (credit_account = $1 or debit_account = $1)
              and ($2::text is null or credit_account = $2 or debit_account = $2)`,
          [account, from ?? null],
        )
      )[0]?.balance;
    return {
      paco: await balance(`payee:${accountId}:${paco.id}`),
      aria: await balance(`payee:${accountId}:${aria.id}`),
      ariaReturned: await balance(`returned:${accountId}:${aria.id}`),
      onTheirWay: await balance(`payouts:${accountId}`),
      paidOut: await balance(`paid:${accountId}`),
      fees: await balance('fees:partner:USD', `funding:${accountId}`),
    };
  };

  /** The partner's webhook, signed as the partner signs it; the portal's answer. */
  const deliver = async (body: string) => {
    const answer = await portal.app.inject({
      method: 'POST',
      url: '/api/partner/webhooks',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: portal.app.sandboxPartner!.sign(body),
      },
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  /** The webhook the sandbox bank wrote on `topic` for the payee's transfers. */
  const webhookOf = async (payee: OwnPayee, topic: string) => {
    const payment = await paymentOf(payee);
    const [webhook] = await portal.db.query<{ body: string }>(
      `select w.body from sandbox_webhooks w join sandbox_transfers t on t.id = w.transfer_id
        where t.idempotency_key like $1 and w.topic = $2`,
      [`${payment.id}:%`, topic],
    );
    return webhook?.body ?? '';
  };

  /** The events of the label's payments. */
  const events = async ({ accountId }: PaidLabel) =>
    Number(
      (
        await portal.db.query<{ count: string }>(
          `select count(*)::text as count from events where stream_id in (
             select 'payment-' || p.id from payments p join statements s on s.id = p.statement_id
              where s.account_id = $1)`,
          [accountId],
        )
      )[0]?.count,
    );

  const statementStatus = async (label: PaidLabel) => {
    const { statementId } = await paymentOf(label.paco);
    return (await get(portal.app, ada, `/api/statements/${statementId}`)).json().status as string;
  };

  /** The sandbox bank's answers: settled a minute after the transfer, its webhooks a second later. */
  const bankAnswers = async () => {
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
  };

  /**
   * A label of the test's own whose September statement, of 10.0071, owes Paco 60% and Aria 40%;
   * its payments are prepared and neither payee has a bank account yet.
   */
  const settled = async (name: string, isrc: string): Promise<PaidLabel> => {
    const label = await ownLabel(portal, {
      name,
      isrc,
      payees: {
        paco: { fullname: 'Paco Payee', pct: '60', bank: null },
        aria: { fullname: 'Aria Artist', pct: '40', bank: null },
      },
    });
    expect(await label.settle('2026-09', '10.0071')).toEqual({
      'Paco Payee': '6.00426',
      'Aria Artist': '4.00284',
    });
    return { ...label, paco: label.payees.paco!, aria: label.payees.aria! };
  };

  /** The payee's bank accounts: the sandbox bank returns transfers to Aria's, ending in 0001, with R01. */
  const addBankAccounts = async ({ paco, aria }: PaidLabel) => {
    await verifiedBankAccount(portal, paco.username, '1234567890');
    await verifiedBankAccount(portal, aria.username, '5555550001');
  };

  /**
   * `settled`, held by a batch for want of bank accounts, then with their bank accounts; sent by
   * the next batch and answered by the bank: Paco's payment completed, Aria's returned.
   */
  const answered = async (name: string, isrc: string) => {
    const label = await settled(name, isrc);
    await portal.app.runPaymentBatch();
    await addBankAccounts(label);
    await portal.app.runPaymentBatch();
    await bankAnswers();
    expect((await paymentOf(label.aria)).status).toBe('failed');
    return label;
  };

  /** `answered`, and Aria's failed payment cleared by an admin to be tried again. */
  const retried = async (name: string, isrc: string) => {
    const label = await answered(name, isrc);
    const { id } = await paymentOf(label.aria);
    const cleared = await write(portal.app, ada, 'POST', `/api/payments/${id}/retry`, {});
    expect(cleared.statusCode, cleared.body).toBe(200);
    return label;
  };

  /**
   * `retried`; Aria gives a new bank account, and the portal dies between the partner's answer
   * and its own commit. The bank settles the transfer the portal never recorded, and its
   * 'settled' webhook, come before the portal knows of the transfer, changes nothing; the next
   * batch records the transfer and reads it settled, once.
   */
  const paidDespiteCrash = async (label: PaidLabel) => {
    await verifiedBankAccount(portal, label.aria.username, '5555556789');
    const retry = await paymentOf(label.aria);
    const partner = portal.app.sandboxPartner!;
    const crashing: PaymentPartner = {
      createFundingSource: (source, now) => partner.createFundingSource(source, now),
      verifyMicroDeposits: (id, amounts, now) => partner.verifyMicroDeposits(id, amounts, now),
      removeFundingSource: (id, now) => partner.removeFundingSource(id, now),
      createTransfer: async (transfer, now) => {
        const made = await partner.createTransfer(transfer, now);
        // Another test's payment waiting in the same batch goes as usual.
        if (!transfer.idempotencyKey.startsWith(`${retry.id}:`)) return made;
        throw new Error('The process died before it committed.');
      },
      getTransfer: (id) => partner.getTransfer(id),
      cancelTransfer: (id, now) => partner.cancelTransfer(id, now),
    };
    await expect(
      runPaymentBatch({ db: portal.db, partner: crashing, now: portal.clock.now }),
    ).rejects.toThrow('The process died');
    expect((await paymentOf(label.aria)).internalState).toBe('TRANSFER');

    portal.clock.advance(60_001);
    await portal.app.sandboxPartner!.settleDue(portal.clock.now());
    const before = await events(label);
    expect(await deliver(await webhookOf(label.aria, 'transfer.settled'))).toEqual({
      applied: false,
    });
    expect(await events(label)).toBe(before);
    expect((await paymentOf(label.aria)).internalState).toBe('TRANSFER');

    await portal.app.runPaymentBatch();
    const sent = await portal.db.query(
      `select id from sandbox_transfers where idempotency_key = $1`,
      [`${retry.id}:1`],
    );
    expect(sent).toHaveLength(1);
    await bankAnswers();
    expect((await paymentOf(label.aria)).status).toBe('completed');
  };

  // Read, never changed, by the tests of webhooks sent again or late and of replay: both payees
  // paid, Aria after a return, a retry and a crash.
  let paidInFull: PaidLabel;
  beforeAll(async () => {
    paidInFull = await retried('Paid In Full Records', 'QZPF12600009');
    await paidDespiteCrash(paidInFull);
  });

  it('prepares whole cents and keeps the rest in each balance', async () => {
    const label = await settled('Prepared Records', 'QZPF12600001');
    expect(await ledger(label)).toEqual({
      paco: '0.00426',
      aria: '0.00284',
      ariaReturned: '0',
      onTheirWay: '10',
      paidOut: '0',
      fees: '0',
    });
    expect((await paymentOf(label.paco)).status).toBe('scheduled');
    expect(await statementStatus(label)).toBe('ready');
  });

  it('holds a payee without a verified bank account, says why, and logs the hold once', async () => {
    const label = await settled('Held Records', 'QZPF12600002');
    await portal.app.runPaymentBatch();
    for (const payee of [label.paco, label.aria]) {
      expect(await paymentOf(payee)).toMatchObject({
        status: 'held',
        holdReason: 'no-verified-bank-account',
        internalState: 'HOLD',
      });
    }
    // Every payment is held by a rule the label can see: the statement is sent.
    expect(await statementStatus(label)).toBe('paid');
    const logged = await events(label);
    await portal.app.runPaymentBatch();
    expect(await events(label)).toBe(logged);
    expect((await ledger(label)).onTheirWay).toBe('10');
  });

  it('hands each payment to the partner once, however often the batch runs', async () => {
    const label = await settled('Once Records', 'QZPF12600003');
    await portal.app.runPaymentBatch();
    await addBankAccounts(label);
    const transfers = async () =>
      portal.db.query<{ key: string }>(
        `select t.idempotency_key as key from sandbox_transfers t
           join payments p on t.idempotency_key like p.id || ':%'
          where p.payee_id = any($1::text[]) order by p.amount desc`,
        [[label.paco.id, label.aria.id]],
      );
    await portal.app.runPaymentBatch();
    const sent = await transfers();
    expect(sent).toHaveLength(2);
    await portal.app.runPaymentBatch();
    expect(await transfers()).toEqual(sent);
    const paco = await paymentOf(label.paco);
    expect(sent[0]?.key).toBe(`${paco.id}:0`);
    expect(paco).toMatchObject({ status: 'processing', internalState: 'HOLD', holdReason: null });
    expect(paco.transactions).toMatchObject([{ status: 'PENDING', traceId: expect.any(String) }]);
    expect(paco.transactions[0].traceId).toMatch(/^\d{15}$/);
  });

  it('completes a settled payment, fee paid by the label, and fails a returned one', async () => {
    const label = await settled('Settled Records', 'QZPF12600004');
    await portal.app.runPaymentBatch();
    await addBankAccounts(label);
    await portal.app.runPaymentBatch();
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    // The bank has answered; its webhooks leave a second later.
    expect((await paymentOf(label.paco)).status).toBe('processing');
    portal.clock.advance(1001);
    await portal.app.tickPartner();

    const paco = await paymentOf(label.paco);
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
    const aria = await paymentOf(label.aria);
    expect(aria).toMatchObject({
      status: 'failed',
      failure: { code: 'R01', message: 'Insufficient Funds' },
    });
    expect(aria.transactions).toMatchObject([{ status: 'FAILED' }]);
    // Paco's 6.00426: 6 paid, 0.00426 kept. Aria's 4 are kept for her failed payment, out of the
    // balance that her next statement's payment pays.
    expect(await ledger(label)).toEqual({
      paco: '0.00426',
      aria: '0.00284',
      ariaReturned: '4',
      onTheirWay: '0',
      paidOut: '6',
      fees: '0.25',
    });
  });

  it('changes nothing on a webhook sent again, and refuses one that is not signed', async () => {
    const label = paidInFull;
    const body = await webhookOf(label.paco, 'transfer.settled');
    expect(body).toContain('settled');
    const before = await events(label);
    const again = await portal.app.inject({
      method: 'POST',
      url: '/api/partner/webhooks',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: portal.app.sandboxPartner!.sign(body),
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
    expect(await events(label)).toBe(before);
  });

  it('lets only an admin clear a failed payment, which takes the amount kept for it', async () => {
    const label = await answered('Cleared Records', 'QZPF12600006');
    const aria = await paymentOf(label.aria);
    expect(
      (await write(portal.app, label.owner, 'POST', `/api/payments/${aria.id}/retry`, {}))
        .statusCode,
    ).toBe(403);
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
    expect(await ledger(label)).toMatchObject({ aria: '0.00284', ariaReturned: '0' });
  });

  it('never pays twice when the portal dies between the partner’s answer and its own commit', async () => {
    const label = await retried('Crashed Records', 'QZPF12600007');
    await paidDespiteCrash(label);
    const completed = await paymentOf(label.aria);
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
    const [admin] = await portal.db.query<{ id: string }>(
      "select id from users where username = 'admin@demo.label'",
    );
    expect(completed.history[5].actor).toBe(admin?.id);
    const first = (
      await get(portal.app, ada, `/api/transactions/${completed.transactions[0].id}`)
    ).json();
    expect(first.history.map((step: { status: string }) => step.status)).toEqual([
      'PREPARE',
      'ACTIVE',
      'PENDING',
      'FAILED',
    ]);
    expect(await ledger(label)).toEqual({
      paco: '0.00426',
      aria: '0.00284',
      ariaReturned: '0',
      onTheirWay: '0',
      paidOut: '10',
      fees: '0.5',
    });
  });

  it('changes nothing when the old return of a retried, completed payment comes late', async () => {
    const label = paidInFull;
    const returned = await webhookOf(label.aria, 'transfer.returned');
    expect(returned).toContain('returned');
    const before = { events: await events(label), ledger: await ledger(label) };
    expect(await deliver(returned)).toEqual({ applied: false });
    expect(await events(label)).toBe(before.events);
    expect(await ledger(label)).toEqual(before.ledger);
    expect((await paymentOf(label.aria)).status).toBe('completed');
  });

  it('rebuilds the same payments, transactions and ledger from the event log', async () => {
    const live = await dumpReadModels(portal.db);
    // Among them, the label whose payees were paid after a return, a retry and a crash.
    expect(live.payments).toContainEqual(
      expect.objectContaining({ payee_id: paidInFull.aria.id, state: 'COMPLETED' }),
    );
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
    expect(await ledger(paidInFull)).toEqual({
      paco: '0.00426',
      aria: '0.00284',
      ariaReturned: '0',
      onTheirWay: '0',
      paidOut: '10',
      fees: '0.5',
    });
  });
});
