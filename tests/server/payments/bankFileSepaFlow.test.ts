// Payments through bank files in euros (PAYMENT_RAIL=bankfile), from an approved EUR statement to
// payees' banks in Germany and France: the micro-deposits go out in the label's first SEPA credit
// transfer file, the next batch writes the payments into a second one, each checked against ISO's
// published pain.001.001.09 schema by libxml2 and read by an XML parser nobody here wrote. The
// bank's status report (pain.002) rejects one payment with its reason, the other settles after
// the settlement days, the rejected one is retried into a new file and completes. Every money
// check holds at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endToEndIdOf,
  paymentIdOfEndToEndId,
  writeSepaStatusReport,
} from '../../../server/payments/bankfile/sepa';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import type { OwnPayee } from '../statements/labelStatements';
import {
  addIbanAccount,
  bankFileLabel,
  bankFilePayments,
  checkMoney,
  depositsTo,
  download,
  filesOf,
  paymentOf as paymentOfPayee,
  readSepa,
  submitted,
  uploadReturns,
  verifyDeposits,
  DAY,
  settleAndRetry,
} from './bankFiles';

const PACO_IBAN = 'DE02120300000000202051';
const ARIA_IBAN = 'FR1420041010050500013M02606';

describe('payments through SEPA files', () => {
  let portal: TestPortal;
  let ada: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal({ payments: bankFilePayments });
    ada = await login(portal.app, 'admin@demo.label');
  });
  afterAll(() => portal.close());

  const paymentOf = (payee: OwnPayee) => paymentOfPayee(portal, ada, payee);

  it('pays a EUR statement by SEPA file: rejected once with its reason, retried into a new file, completed', async () => {
    const label = await bankFileLabel(portal, 'Sepa Flow Records', 'DEBF12600001', {
      currency: 'EUR',
    });
    // Paco banks in Germany, Aria in France: IBANs of the SEPA area, no BIC asked.
    const answers = [
      await addIbanAccount(portal, label.paco, 'DE', 'DE02 1203 0000 0000 2020 51'),
      await addIbanAccount(portal, label.aria, 'FR', 'FR14 2004 1010 0505 0001 3M02 606'),
    ];

    // Too early: the deposits are in no submitted file yet.
    const early = await verifyDeposits(portal, label.paco, ['0.01', '0.02']);
    expect(early.json().message, early.body).toMatch(/have not reached your bank yet/);
    // The first batch holds both payments and writes the label's first file: the four deposits.
    await portal.app.runPaymentBatch();
    expect((await paymentOf(label.paco)).holdReason).toBe('no-verified-bank-account');
    const [first] = await filesOf(portal, label.owner);
    expect(first).toMatchObject({ format: 'sepa', currency: 'EUR', payments: 0, entries: 4 });
    const deposits = await readSepa((await download(portal, label.owner, first!.id)).text);
    for (const credit of deposits.credits) {
      expect(credit).toMatchObject({ currency: 'EUR', remittance: 'Account verification' });
    }
    await submitted(portal, label.owner, first!.id);
    for (const [payee, iban] of [
      [label.paco, PACO_IBAN],
      [label.aria, ARIA_IBAN],
    ] as const) {
      const amounts = depositsTo(deposits.credits, iban);
      expect(amounts).toHaveLength(2);
      expect(amounts[0]).not.toBe(amounts[1]);
      // No answer of the portal to the payee tells the amounts: only their bank does.
      const who = await login(portal.app, payee.username);
      answers.push((await get(portal.app, who, '/api/payment-method/bank-account')).body);
      for (const answer of answers) {
        for (const amount of amounts) expect(answer).not.toContain(amount);
      }
      const verified = await verifyDeposits(portal, payee, amounts);
      expect(verified.json().status, verified.body).toBe('verified');
    }

    // The next batch writes both payments into the label's second file.
    await portal.app.runPaymentBatch();
    const paco = await paymentOf(label.paco);
    const aria = await paymentOf(label.aria);
    for (const payment of [paco, aria]) {
      expect(payment).toMatchObject({ status: 'processing', internalState: 'TRANSFER' });
      expect(payment.currency).toBe('EUR');
    }
    const payFile = (await filesOf(portal, label.owner)).find((file) => file.payments > 0)!;
    expect(payFile).toMatchObject({
      format: 'sepa',
      currency: 'EUR',
      payments: 2,
      entries: 2,
      total: '10.00',
      status: 'open',
    });
    const { text, disposition } = await download(portal, label.owner, payFile.id);
    expect(disposition).toMatch(/^attachment; filename="royalties-2026-11-\d\d-[A-Z0-9]\.xml"$/);
    const read = await readSepa(text);
    // The control sum is the payments' sum to the cent, and each end-to-end id names its payment.
    expect(read.controlSum).toBe('10.00');
    expect(read.credits.map((credit) => paymentIdOfEndToEndId(credit.endToEndId)).sort()).toEqual(
      [paco.id, aria.id].sort(),
    );
    expect(read.credits).toEqual(
      expect.arrayContaining([
        {
          endToEndId: endToEndIdOf(paco.id),
          cents: 600,
          currency: 'EUR',
          name: 'Paco Payee',
          iban: PACO_IBAN,
          remittance: 'Royalties',
        },
        {
          endToEndId: endToEndIdOf(aria.id),
          cents: 400,
          currency: 'EUR',
          name: 'Aria Artist',
          iban: ARIA_IBAN,
          remittance: 'Royalties',
        },
      ]),
    );
    // The payment's page names its SEPA file to the admin.
    expect((await paymentOf(label.paco)).bankFiles).toMatchObject([
      { id: payFile.id, fileName: payFile.fileName, format: 'sepa' },
    ]);
    expect((await submitted(portal, label.owner, payFile.id)).status).toBe('submitted');
    expect((await paymentOf(label.paco)).internalState).toBe('HOLD');

    // The bank's status report rejects Aria's credit: the account is closed (AC04).
    const report = writeSepaStatusReport({
      originalMessageId: read.messageId,
      createdAt: portal.clock.now(),
      rejected: [{ endToEndId: endToEndIdOf(aria.id), code: 'AC04', amountCents: 400n }],
    });
    const applied = await uploadReturns(portal, label.owner, report, 'status.xml');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().returns).toEqual([
      expect.objectContaining({
        code: 'AC04',
        outcome: 'returned',
        paymentId: aria.id,
        payeeName: 'Aria Artist',
        amount: '4.00',
        currency: 'EUR',
      }),
    ]);
    const failed = await paymentOf(label.aria);
    expect(failed.status).toBe('failed');
    expect(failed.failure.code).toBe('AC04');
    // The same report again returns nothing twice.
    const again = await uploadReturns(portal, label.owner, report, 'status.xml');
    expect(again.json().returns).toEqual([
      expect.objectContaining({ outcome: 'already-returned', paymentId: aria.id }),
    ]);

    // Paco's settles after the settlement days. Days pass: the admin and the owner sign in again.
    const later = async (milliseconds: number) => {
      portal.clock.advance(milliseconds);
      ada = await login(portal.app, 'admin@demo.label');
      label.owner = await login(portal.app, 'owner@sepa-flow-records.example');
    };
    const retryListed = await settleAndRetry(portal, {
      later,
      admin: () => ada,
      owner: () => label.owner,
      settled: () => paymentOf(label.paco),
      returnedId: aria.id,
      payFileId: payFile.id,
    });
    expect(retryListed).toMatchObject({
      format: 'sepa',
      currency: 'EUR',
      payments: 1,
      total: '4.00',
    });
    const retryFile = await readSepa((await download(portal, label.owner, retryListed.id)).text);
    expect(retryFile.messageId).not.toBe(read.messageId);
    expect(retryFile.controlSum).toBe('4.00');
    expect(retryFile.credits).toEqual([
      expect.objectContaining({ endToEndId: endToEndIdOf(aria.id), iban: ARIA_IBAN, cents: 400 }),
    ]);
    await submitted(portal, label.owner, retryListed.id);
    await later(3 * DAY);
    await portal.app.runPaymentBatch();
    const completed = await paymentOf(label.aria);
    expect(completed.status).toBe('completed');
    expect(completed.retries).toBe(1);
    // The label's bank paid out 10.00 EUR in all, Aria's 4.00 once; nothing in another currency.
    const paidOut = await portal.db.query<{ currency: string; net: string }>(
      `select currency, trim_scale(sum(case when credit_account = $1 then amount else -amount end))::text as net
         from ledger_transfers where $1 in (credit_account, debit_account) group by currency`,
      [`paid:${label.accountId}`],
    );
    expect(paidOut).toEqual([{ currency: 'EUR', net: '10' }]);
    await checkMoney(portal.db, label.accountId);
  });
});
