// A transfer the bank returns with passback off, a later statement approved, then an admin's
// retry: the returned money is kept for its failed payment, so the later payment pays only what
// is new and the retry pays the returned amount once. A payment returned before that rule, whose
// money went back into the balance and was paid by a later payment, cannot be retried.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { appendToStream, streamVersion } from '../../../server/events/store';
import { NOT_COVERED, NOT_FAILED } from '../../../server/routes/payments';
import { DEMO_PASSWORD } from '../../../server/seed';
import { SERVER_TEXT_KEYS } from '../../../src/i18n/serverTextKeys';
import { createDemoProduct, get, login, write, type LoggedIn } from '../harness';
import { labelStatements, type LabelStatements } from '../statements/labelStatements';
import { confirmSandboxDeposits } from './microDeposits';

const ISRC = 'QZRT12600001';

interface PaymentView {
  id: string;
  amount: string;
  status: string;
  retryable?: boolean;
}

describe('a failed payment retried after a later statement was paid', () => {
  let label: LabelStatements;
  let ada: LoggedIn;
  let accountId: string;
  let productId: string;

  beforeAll(async () => {
    label = await labelStatements(ISRC, { cashless: false });
    ada = await login(label.portal.app, 'admin@demo.label');
    const [account] = await label.portal.db.query<{ id: string }>(
      "select id from accounts where name = 'Demo Records'",
    );
    accountId = account?.id ?? '';
    const product = await createDemoProduct(label.portal, {
      title: 'Returned Song',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    expect(product.statusCode, product.body).toBe(201);
    productId = product.json().id as string;
  });
  afterAll(() => label.portal.close());

  const app = () => label.portal.app;
  const person = (username: string) => label.people[username] ?? '';

  /** The song's earnings from now on split between the payees given. */
  const splitBetween = async (shares: { payeeId: string; pct: string }[]) => {
    const product = await get(app(), label.lena, `/api/products/${productId}`);
    const splits = await write(app(), label.lena, 'PUT', `/api/products/${productId}/splits`, {
      version: product.json().version,
      splitSets: [{ scope: 'product', kind: 'base', shares }],
    });
    expect(splits.statusCode, splits.body).toBe(200);
  };

  /** The payee's bank account; the sandbox bank returns transfers to numbers ending in 0001. */
  const setBankAccount = async (username: string, accountNumber: string) => {
    const payee = await login(app(), username);
    const added = await write(app(), payee, 'PUT', '/api/payment-method/bank-account', {
      routingNumber: '011000015',
      accountNumber,
      accountType: 'checking',
      password: DEMO_PASSWORD,
    });
    expect(added.statusCode, added.body).toBe(200);
    const verified = await confirmSandboxDeposits(app(), payee);
    expect(verified.statusCode, verified.body).toBe(200);
  };

  /**
   * The batch hands payments to the partner, the bank answers a minute later, and the next tick
   * transfers the fees of what settled.
   */
  const payAndLetTheBankAnswer = async () => {
    await app().runPaymentBatch();
    label.portal.clock.advance(60_001);
    await app().tickPartner();
    label.portal.clock.advance(1001);
    await app().tickPartner();
    await app().tickPartner();
  };

  const paymentsOf = async (username: string): Promise<PaymentView[]> => {
    const list = await get(app(), ada, `/api/payments?payee=${person(username)}&limit=100`);
    const ids = (list.json().items as { id: string; createdAt: number }[])
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .map((payment) => payment.id);
    return Promise.all(
      ids.map(async (id) => (await get(app(), ada, `/api/payments/${id}`)).json<PaymentView>()),
    );
  };

  /** Credits less debits of one of the label's ledger accounts for the payee. */
  const balance = async (kind: 'payee' | 'returned', username: string) => {
    const [row] = await label.portal.db.query<{ balance: string }>(
      `select trim_scale(coalesce(sum(case when credit_account = $1 then amount else -amount end),
                                  0))::text as balance
         from ledger_transfers where credit_account = $1 or debit_account = $1`,
      [`${kind}:${accountId}:${person(username)}`],
    );
    return row?.balance ?? '0';
  };

  /** What left for the payee's bank: the settlements of their payments, in the ledger. */
  const paidTo = async (username: string) => {
    const [row] = await label.portal.db.query<{ paid: string }>(
      `select trim_scale(coalesce(sum(t.amount), 0))::text as paid
         from ledger_transfers t join payments p on t.id like 'payment:' || p.id || ':settled:%'
        where p.payee_id = $1`,
      [person(username)],
    );
    return row?.paid ?? '0';
  };

  const retry = (paymentId: string) =>
    write(app(), ada, 'POST', `/api/payments/${paymentId}/retry`, {});

  it('pays the later statement only what is new, and the retry the returned amount once', async () => {
    await splitBetween([
      { payeeId: person('payee@demo.label'), pct: '60' },
      { payeeId: person('artist@demo.label'), pct: '40' },
    ]);
    await setBankAccount('payee@demo.label', '1234567890');
    await setBankAccount('artist@demo.label', '5555550001');
    const july = await label.settle('2026-07', '43.95061722839');
    const ariaJuly = july['Aria Artist'] ?? '0';
    await payAndLetTheBankAnswer();
    const [returned] = await paymentsOf('artist@demo.label');
    expect(returned).toMatchObject({ status: 'failed', amount: '17.58' });
    // The returned 17.58 is kept for its payment, not put back in Aria's balance.
    const julyKept = new Decimal(ariaJuly).minus('17.58').toFixed();
    expect(await balance('payee', 'artist@demo.label')).toBe(julyKept);

    await setBankAccount('artist@demo.label', '5555556789');
    const august = await label.settle('2026-08', '10');
    const ariaAugust = august['Aria Artist'] ?? '0';
    const [failed, later] = await paymentsOf('artist@demo.label');
    // Her balance holds August’s 4 and the fraction of a cent July left: 4 is paid, not 21.58.
    expect(later).toMatchObject({ status: 'scheduled', amount: '4' });
    expect(failed).toMatchObject({ status: 'failed', retryable: true });
    expect(await balance('returned', 'artist@demo.label')).toBe('17.58');

    // A double click, or two admins at once: one retry runs, the other is refused.
    const answers = await Promise.all([retry(returned?.id ?? ''), retry(returned?.id ?? '')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toBe(NOT_FAILED);
    expect(await balance('returned', 'artist@demo.label')).toBe('0');

    await payAndLetTheBankAnswer();
    const earned = new Decimal(ariaJuly).plus(ariaAugust);
    expect((await paymentsOf('artist@demo.label')).map((payment) => payment.status)).toEqual([
      'completed',
      'completed',
    ]);
    // Earned 17.580246891356 + 4: paid 21.58, the rest of a cent kept.
    expect(await paidTo('artist@demo.label')).toBe('21.58');
    const kept = await balance('payee', 'artist@demo.label');
    expect(new Decimal(kept).plus('21.58').toFixed()).toBe(earned.toFixed());
    expect(new Decimal(kept).gte(0) && new Decimal(kept).lt('0.01')).toBe(true);

    const live = await dumpReadModels(label.portal.db);
    await replayAll(label.portal.db);
    expect(await dumpReadModels(label.portal.db)).toEqual(live);
  });

  it('refuses to retry a payment whose return went to the balance that a later payment paid', async () => {
    await splitBetween([{ payeeId: person('label@demo.label'), pct: '100' }]);
    await setBankAccount('label@demo.label', '1234567890');
    await label.settle('2026-09', '12.5');
    await app().runPaymentBatch();
    const [sent] = await paymentsOf('label@demo.label');
    expect(sent).toMatchObject({ status: 'processing', amount: '12.5' });
    // The bank's return as the portal recorded it before returned money was kept apart: back in
    // the payee's balance.
    const [payment] = await label.portal.db.query<{ partner_transfer_id: string }>(
      'select partner_transfer_id from payments where id = $1',
      [sent?.id],
    );
    const stream = `payment-${sent?.id}`;
    await label.portal.db.transaction(async (tx) => {
      const [transaction] = await tx.query<{ id: string }>(
        'select id from transactions where payment_id = $1',
        [sent?.id],
      );
      await appendToStream(
        tx,
        stream,
        await streamVersion(tx, stream),
        [
          {
            type: 'PaymentReturned',
            data: {
              transactionId: transaction?.id ?? '',
              failure: { code: 'R01', message: 'Insufficient Funds' },
              transfers: [
                {
                  transferId: `payment:${sent?.id}:returned:${payment?.partner_transfer_id}`,
                  from: `payouts:${accountId}`,
                  to: `payee:${accountId}:${person('label@demo.label')}`,
                  amount: '12.5',
                  currency: 'USD',
                },
              ],
            },
          },
        ],
        { actor: null, emulatingActor: null, at: label.portal.clock.now() },
      );
    });
    // While the balance still holds it, the retry could take it from there.
    expect((await paymentsOf('label@demo.label'))[0]?.retryable).toBe(true);

    label.portal.clock.advance(60_000);
    await label.settle('2026-10', '1');
    const [old, later] = await paymentsOf('label@demo.label');
    expect(later?.amount).toBe('13.5');
    expect(old).toMatchObject({ status: 'failed', retryable: false });
    const before = await balance('payee', 'label@demo.label');

    const refused = await retry(old?.id ?? '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NOT_COVERED);
    // The browser shows the refusal in the admin's language.
    expect(SERVER_TEXT_KEYS[NOT_COVERED]).toBe('server.payment.not-covered');
    expect(await balance('payee', 'label@demo.label')).toBe(before);
    expect((await paymentsOf('label@demo.label'))[0]?.status).toBe('failed');
    // Only admins are told whether a retry can run.
    const lena = await get(app(), label.lena, `/api/payments/${old?.id}`);
    expect(lena.json().retryable).toBeUndefined();
  });
});
