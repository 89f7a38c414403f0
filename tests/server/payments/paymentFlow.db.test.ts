// Payments from an approved statement to the payees' banks through the sandbox partner: held
// without a verified bank account, sent once whatever happens, settled or returned by the bank,
// retried by an admin. After every step the ledger sums to zero and each payee's earnings are
// exactly what was paid plus what stays in their balance. Each test takes a label of its own
// through the steps before the one it checks, so its payments and balances are its alone.
import Decimal from 'decimal.js';
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
    const answer = await get(portal.app, ada, `/api/payments?payee=${payee.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json();
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
      pacoReturned: await balance(`returned:${accountId}:${paco.id}`),
      funding: await balance(`funding:${accountId}`),
      onTheirWay: await balance(`payouts:${accountId}`),
      paidOut: await balance(`paid:${accountId}`),
      fees: await balance('fees:partner:USD', `funding:${accountId}`),
    };
  };

  /** "Paid to me" on the payee's dashboard (the admin reads it through the User filter). */
  const paidToMe = async (payee: OwnPayee) => {
    const answer = await get(portal.app, ada, `/api/dashboard?payee=${payee.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().personal.paid;
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

  /**
   * The sandbox bank's answers: settled a minute after the transfer, its webhooks a second later;
   * the next tick transfers the fee of what settled.
   */
  const bankAnswers = async () => {
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
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

  /**
   * A label whose payees both have bank accounts the bank settles (passback as given when the
   * statement is approved); its payments are sent by a batch, with the bank.
   */
  const sent = async (name: string, isrc: string, passback = false) => {
    const label = await ownLabel(portal, {
      name,
      isrc,
      payees: {
        paco: { fullname: 'Paco Payee', pct: '60', bank: '1234567890' },
        aria: { fullname: 'Aria Artist', pct: '40', bank: '5555556789' },
      },
    });
    if (passback) {
      const saved = await write(portal.app, label.owner, 'PUT', '/api/payment-settings', {
        version: 0,
        passback: true,
        paymentMinimums: [],
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    await label.settle('2026-09', '10.0071');
    const paid: PaidLabel = { ...label, paco: label.payees.paco!, aria: label.payees.aria! };
    await portal.app.runPaymentBatch();
    expect((await paymentOf(paid.paco)).internalState).toBe('HOLD');
    return paid;
  };

  /** `sent`, settled by the bank and the fees paid: the statement is Sent. */
  const paidOut = async (name: string, isrc: string, passback = false) => {
    const label = await sent(name, isrc, passback);
    await bankAnswers();
    expect((await paymentOf(label.paco)).status).toBe('completed');
    expect(await statementStatus(label)).toBe('paid');
    return label;
  };

  /** The bank returns Paco's settled transfer weeks later (R02), and says so by webhook. */
  const returnedLate = async (label: PaidLabel) => {
    const paco = await paymentOf(label.paco);
    portal.clock.advance(30 * 24 * 3600_000);
    const transferId = paco.transactions[0].bankTransferId as string;
    expect(
      await portal.app.sandboxPartner!.returnSettled(transferId, 'R02', portal.clock.now()),
    ).toBe(true);
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    // A month later: the admin signs in again.
    ada = await login(portal.app, 'admin@demo.label');
    return paymentOf(label.paco);
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
      runPaymentBatch({ db: portal.db, partner: crashing, now: portal.clock.now, rail: 'sandbox' }),
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
    expect(await ledger(label)).toMatchObject({
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
    // Scheduled, held and processing payments are not paid yet: nothing is "Paid to me".
    expect(await paidToMe(label.paco)).toEqual([]);
    portal.clock.advance(1001);
    await portal.app.tickPartner();

    // Paid to Paco's bank; the partner's fee waits for the next run (REMUNERATE), and two runs
    // at once transfer it once.
    expect(await paymentOf(label.paco)).toMatchObject({
      status: 'processing',
      internalState: 'REMUNERATE',
      fee: '0.25',
      delta: '0.25',
      completedAt: null,
    });
    expect(await ledger(label)).toMatchObject({ ariaReturned: '4', paidOut: '6', fees: '0' });
    expect(await paidToMe(label.paco)).toEqual([]);
    await Promise.all([portal.app.runPaymentBatch(), portal.app.tickPartner()]);

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
    // Paco reads his payment's history step by step: what he receives, never the label's fee;
    // the admin reads the fee paid.
    const historyOf = async (who: LoggedIn) =>
      JSON.stringify((await get(portal.app, who, `/api/payments/${paco.id}/history`)).json());
    const pacoReads = await historyOf(await login(portal.app, label.paco.username));
    expect(pacoReads).toContain('PaymentSettled');
    expect(pacoReads).not.toMatch(/"fee|PaymentFeePaid/);
    expect(await historyOf(ada)).toContain('PaymentFeePaid');
    // Paid to me: Paco's completed 6, not his 0.00426 kept; Aria's returned payment is not paid.
    expect(await paidToMe(label.paco)).toEqual([{ currency: 'USD', amount: '6' }]);
    expect(await paidToMe(label.aria)).toEqual([]);
    // Paco's 6.00426: 6 paid, 0.00426 kept. Aria's 4 are kept for her failed payment, out of the
    // balance that her next statement's payment pays.
    expect(await ledger(label)).toMatchObject({
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
    expect(await ledger(label)).toMatchObject({
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
    expect(await ledger(paidInFull)).toMatchObject({
      paco: '0.00426',
      aria: '0.00284',
      ariaReturned: '0',
      onTheirWay: '0',
      paidOut: '10',
      fees: '0.5',
    });
  });

  it('takes back a completed payment the bank returns late, keeping it for the payee with passback off', async () => {
    const label = await paidOut('Late Records', 'QZPF12600010');
    const before = await ledger(label);
    expect(before).toMatchObject({ paidOut: '10', fees: '0.5', pacoReturned: '0' });
    const returned = await returnedLate(label);
    expect(returned).toMatchObject({
      status: 'failed',
      internalState: 'FAILED',
      failure: { code: 'R02', message: 'Account Closed' },
      completedAt: null,
      // The fee of the returned transfer stays paid: the partner made it.
      fee: '0.25',
    });
    expect(returned.history.at(-1)).toMatchObject({
      status: 'failed',
      failure: { code: 'R02' },
      feeKept: '0.25',
    });
    expect(returned.transfers.at(-1)).toMatchObject({
      kind: 'return',
      from: `paid:${label.accountId}`,
      to: `returned:${label.accountId}:${label.paco.id}`,
      amount: '6',
    });
    // Paco earned 6.00426: 6 are kept for his failed payment, 0.00426 in his balance; the
    // label's funds and fees are as they were, and the statement stays Sent.
    expect(await ledger(label)).toEqual({
      ...before,
      pacoReturned: '6',
      paidOut: '4',
    });
    expect(await statementStatus(label)).toBe('paid');
    // A webhook sent again changes nothing; an admin retries it, and it is paid again.
    expect(await deliver(await webhookOf(label.paco, 'transfer.returned'))).toEqual({
      applied: false,
    });
    const retried = await write(portal.app, ada, 'POST', `/api/payments/${returned.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    await portal.app.runPaymentBatch();
    await bankAnswers();
    expect(await paymentOf(label.paco)).toMatchObject({ status: 'completed', fee: '0.25' });
    expect(await ledger(label)).toMatchObject({ pacoReturned: '0', paidOut: '10', fees: '0.75' });
  });

  it('sends a late return back to the label’s funds with passback on, its fee paid first if still due', async () => {
    const label = await sent('Late Passback Records', 'QZPF12600011', true);
    // Settled, its fee not transferred yet (REMUNERATE), when the bank returns it.
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    expect((await paymentOf(label.paco)).internalState).toBe('REMUNERATE');
    const before = await ledger(label);
    const returned = await returnedLate(label);
    expect(returned).toMatchObject({ status: 'failed', failure: { code: 'R02' }, fee: '0.25' });
    expect(returned.history.map((step: { internalState: string }) => step.internalState)).toEqual([
      'NONE',
      'TRANSFER',
      'HOLD',
      'REMUNERATE',
      'COMPLETED',
      'FAILED',
    ]);
    // Paco's 6 are back in the label's funds; both fees (the tick paid Aria's too), and nothing
    // else, left them.
    expect(await ledger(label)).toEqual({
      ...before,
      funding: new Decimal(before.funding ?? '0').plus(6).minus('0.5').toFixed(),
      paidOut: '4',
      fees: '0.5',
    });
    const retried = await write(portal.app, ada, 'POST', `/api/payments/${returned.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await ledger(label)).onTheirWay).toBe('6');
  });

  it('lets the label’s owner or an admin cancel a payment not yet with the bank, once', async () => {
    const label = await sent('Cancelled Records', 'QZPF12600012');
    const paco = await paymentOf(label.paco);
    const aria = await paymentOf(label.aria);
    const asOwner = (await get(portal.app, label.owner, `/api/payments/${paco.id}`)).json();
    expect(asOwner.cancellable).toBe(true);
    // The payee reads their payment but cannot cancel it; another label's owner cannot see it.
    const payee = await login(portal.app, label.paco.username);
    const own = (await get(portal.app, payee, `/api/payments/${paco.id}`)).json();
    expect(own.cancellable).toBeUndefined();
    expect(
      (await write(portal.app, payee, 'POST', `/api/payments/${paco.id}/cancel`, {})).statusCode,
    ).toBe(403);
    const other = await settled('Other Cancel Records', 'QZPF12600013');
    expect(
      (await write(portal.app, other.owner, 'POST', `/api/payments/${paco.id}/cancel`, {}))
        .statusCode,
    ).toBe(404);

    const cancelled = await write(
      portal.app,
      label.owner,
      'POST',
      `/api/payments/${paco.id}/cancel`,
      {},
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'failed',
      failure: { code: 'CANCELLED' },
      cancellable: false,
    });
    const [owner] = await portal.db.query<{ id: string }>(
      'select id from users where username = $1',
      [`owner@cancelled-records.example`],
    );
    expect(cancelled.json().history.at(-1)).toMatchObject({ status: 'failed', actor: owner?.id });
    // Two admins at once: one cancels, the other is told it is no longer on its way.
    const clicks = await Promise.all([
      write(portal.app, ada, 'POST', `/api/payments/${aria.id}/cancel`, {}),
      write(portal.app, ada, 'POST', `/api/payments/${aria.id}/cancel`, {}),
    ]);
    expect(clicks.map((click) => click.statusCode).sort()).toEqual([200, 409]);
    expect(clicks.find((click) => click.statusCode === 409)?.json().message).toBe(
      'Only a payment on its way to the bank can be cancelled, before the bank has it.',
    );
    // Nothing reaches the bank; the money is kept for each failed payment, and the bank's
    // cancelled webhooks, late, change nothing.
    await bankAnswers();
    expect(await ledger(label)).toMatchObject({
      pacoReturned: '6',
      ariaReturned: '4',
      onTheirWay: '0',
      paidOut: '0',
      fees: '0',
    });
    const statuses = await portal.db.query<{ status: string }>(
      `select distinct t.status from sandbox_transfers t
        where t.id in (select bank_transfer_id from transactions where payment_id = any($1))`,
      [[paco.id, aria.id]],
    );
    expect(statuses).toEqual([{ status: 'cancelled' }]);
    // Retried, it is paid.
    expect(
      (await write(portal.app, ada, 'POST', `/api/payments/${paco.id}/retry`, {})).statusCode,
    ).toBe(200);
    await portal.app.runPaymentBatch();
    await bankAnswers();
    expect((await paymentOf(label.paco)).status).toBe('completed');
  });

  it('refuses to cancel once the bank settled, and a cancel racing settlement leaves one outcome', async () => {
    const label = await paidOut('Too Late Records', 'QZPF12600014');
    const paco = await paymentOf(label.paco);
    expect(
      (await get(portal.app, label.owner, `/api/payments/${paco.id}`)).json().cancellable,
    ).toBe(false);
    const late = await write(
      portal.app,
      label.owner,
      'POST',
      `/api/payments/${paco.id}/cancel`,
      {},
    );
    expect(late.statusCode).toBe(409);

    // The bank settles while the owner cancels: whichever wins, the ledger is whole.
    const raced = await sent('Raced Records', 'QZPF12600015');
    const racing = await paymentOf(raced.paco);
    portal.clock.advance(60_001);
    const [cancel] = await Promise.all([
      write(portal.app, raced.owner, 'POST', `/api/payments/${racing.id}/cancel`, {}),
      portal.app.tickPartner(),
    ]);
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    await portal.app.tickPartner();
    const after = await paymentOf(raced.paco);
    const money = await ledger(raced);
    if (cancel?.statusCode === 200) {
      expect(after).toMatchObject({ status: 'failed', failure: { code: 'CANCELLED' } });
      expect(money).toMatchObject({ pacoReturned: '6', paidOut: '4', fees: '0.25' });
    } else {
      expect(cancel?.statusCode).toBe(409);
      expect(after.status).toBe('completed');
      expect(money).toMatchObject({ pacoReturned: '0', paidOut: '10', fees: '0.5' });
    }
    expect(money).toMatchObject({ paco: '0.00426', onTheirWay: '0' });
  });

  it('says what each payment deducted, in which role, from how many lines, what balance it left, and whether a recoupment paid it', async () => {
    const label = await ownLabel(portal, {
      name: 'Advance Records',
      isrc: 'QZPF12600016',
      payees: {
        paco: { fullname: 'Paco Payee', pct: '90', bank: null },
        aria: { fullname: 'Aria Artist', pct: '10', bank: null },
      },
    });
    const paco = label.payees.paco!;
    const aria = label.payees.aria!;
    // Aria advanced Paco 3, recouped from half of what he earns.
    const advance = await write(portal.app, label.owner, 'POST', '/api/recoupments', {
      type: 'advance',
      title: 'Studio advance',
      amount: '3',
      recoupablePct: '50',
      creditorId: aria.id,
      debtorIds: [paco.id],
    });
    expect(advance.statusCode, advance.body).toBe(201);
    await label.settle('2026-09', '10.0071');
    const pacoPayment = await paymentOf(paco);
    const ariaPayment = await paymentOf(aria);
    // Paco earned 9.00639; the advance took 3 of it: 6 paid, 0.00639 left in his balance.
    expect(pacoPayment).toMatchObject({
      origin: 'proceeds',
      amount: '6',
      deduction: '3',
      role: 'payee',
      contributingCount: 1,
      walletBalance: '0.00639',
    });
    // Aria earned 1.00071 of her own, and the advance paid her back 3: mostly a recoupment.
    expect(ariaPayment).toMatchObject({
      origin: 'recoupment',
      amount: '4',
      deduction: '0',
      role: 'payee',
      contributingCount: 1,
      walletBalance: '0.00071',
    });
    // The payee reads the same of their own payment; replay keeps them.
    const own = await login(portal.app, paco.username);
    expect((await get(portal.app, own, `/api/payments/${pacoPayment.id}`)).json()).toMatchObject({
      deduction: '3',
      walletBalance: '0.00639',
    });
  });
});
