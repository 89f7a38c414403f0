// The label's side of the wallet: its own money per currency, read from the ledger. What it
// received, less what was paid out, the fees, what is held for payees and what is kept for failed
// payments, is its funding balance, to the last decimal; each figure is the balance of the ledger
// accounts it names. Shown to the label, never to a payee.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelFunds } from '../../../api/payments';
import {
  postTransfers,
  type LedgerTransfer,
} from '../../../server/events/readModels/ledgerTransfers';
import {
  fundingAccount,
  labelBankAccount,
  paidOutAccount,
  partnerFeesAccount,
  payeeAccount,
  payoutsAccount,
  returnedAccount,
} from '../../../server/ledger/accounts';
import { labelFunds } from '../../../server/queries/wallet';
import type { Queryable } from '../../../server/db/database';
import { get, login, startPortal, write, type TestPortal } from '../harness';
import { ownLabel } from '../statements/labelStatements';

const SEED = 20261128;
const RUNS = 50;

/** The exact balance of the ledger accounts `like` matches, in `currency`: credits less debits. */
async function ledgerBalance(db: Queryable, like: string, currency: string): Promise<string> {
  const [row] = await db.query<{ balance: string }>(
    `select trim_scale(coalesce(sum(amount), 0))::text as balance from (
       select amount from ledger_transfers where credit_account like $1 and currency = $2
       union all
       select -amount from ledger_transfers where debit_account like $1 and currency = $2) moves`,
    [like, currency],
  );
  return row?.balance ?? '0';
}

/**
 * Each figure as the ledger holds it, account by account, and the identity the wallet promises:
 * received - paid out - fees - held - returned-kept = left.
 */
async function expectReconciled(db: Queryable, accountId: string, funds: LabelFunds) {
  const { currency } = funds;
  const balance = (like: string) => ledgerBalance(db, like, currency);
  const [feesPaid] = await db.query<{ fees: string }>(
    `select trim_scale(coalesce(sum(amount), 0))::text as fees from ledger_transfers
      where debit_account = $1 and credit_account = $2`,
    [fundingAccount(accountId), partnerFeesAccount(currency)],
  );
  const held = new Decimal(await balance(payoutsAccount(accountId))).plus(
    await balance(`payee:${accountId}:%`),
  );
  expect(funds).toEqual({
    currency,
    received: new Decimal(await balance(labelBankAccount(accountId))).negated().toFixed(),
    paidOut: await balance(paidOutAccount(accountId)),
    fees: feesPaid?.fees,
    held: held.toFixed(),
    returnedKept: await balance(`returned:${accountId}:%`),
    returnedToFunds: funds.returnedToFunds,
    left: await balance(fundingAccount(accountId)),
  });
  expect(
    new Decimal(funds.received)
      .minus(funds.paidOut)
      .minus(funds.fees)
      .minus(funds.held)
      .minus(funds.returnedKept)
      .toFixed(),
  ).toBe(new Decimal(funds.left).toFixed());
}

describe("the label's funds in its wallet", () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  /**
   * The sandbox bank's answers: settled a minute after the transfer, its webhooks a second later;
   * the fee a settlement leaves due is paid by the tick after.
   */
  const bankAnswers = async () => {
    await portal.app.runPaymentBatch();
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    await portal.app.tickPartner();
  };

  it('reconciles to the ledger after funds, payments, returns with passback off and on, and fees', async () => {
    const label = await ownLabel(portal, {
      name: 'Ledger Funds Records',
      isrc: 'QZLF12600001',
      payees: {
        paco: { fullname: 'Paco Payee', pct: '60', bank: '1234567890' },
        // The sandbox bank returns transfers to account numbers ending in 0001 (R01).
        aria: { fullname: 'Aria Artist', pct: '40', bank: '5555550001' },
      },
    });
    const passback = async (on: boolean, version: number) => {
      const saved = await write(portal.app, label.owner, 'PUT', '/api/payment-settings', {
        version,
        passback: on,
        paymentMinimums: [],
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const fundsNow = async () => {
      const wallet = (await get(portal.app, label.owner, '/api/wallet')).json();
      expect(wallet.funds, JSON.stringify(wallet)).toHaveLength(1);
      return wallet.funds[0] as LabelFunds;
    };

    // September, passback off: 10.0071 recorded; Paco's 6.00 settles (fee 0.25), Aria's 4.00 is
    // returned and kept for her failed payment.
    await label.settle('2026-09', '10.0071');
    await bankAnswers();
    // October, passback on: 20 recorded; Paco's 12.00 settles (fee 0.25), Aria's 8.00 comes back
    // into the label's funds.
    await passback(true, 0);
    portal.clock.advance(60_000);
    await label.settle('2026-10', '20');
    await bankAnswers();
    // November: 5 recorded, its payments prepared and waiting for the batch.
    portal.clock.advance(60_000);
    await label.settle('2026-11', '5');

    const funds = await fundsNow();
    expect(funds).toEqual({
      currency: 'USD',
      received: '35.0071',
      paidOut: '18',
      fees: '0.5',
      // November's 3.00 and 2.00 waiting, and the fractions of a cent in the two balances.
      held: '5.0071',
      returnedKept: '4',
      returnedToFunds: '8',
      left: '7.5',
    });
    await expectReconciled(portal.db, label.accountId, funds);

    // A payee reads their own balance, never the label's money.
    const paco = await login(portal.app, label.payees.paco!.username);
    const own = (await get(portal.app, paco, '/api/wallet')).json();
    expect(own).not.toHaveProperty('funds');
  });

  it('keeps received - paid out - fees - held - returned-kept = what is left for any sequence of the ledger’s moves', async () => {
    /** What the payment code moves, one step at a time (statements/payments.ts, payments/payments.ts). */
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('funds' as const),
        cents: fc.integer({ min: 1, max: 500_000 }),
      }),
      fc.record({
        kind: fc.constant('payout' as const),
        payee: fc.integer({ min: 0, max: 2 }),
        // Payouts are exact to 5 decimals here; negative ones are owed back by the payee.
        units: fc.integer({ min: -300_000, max: 3_000_000 }),
      }),
      fc.record({ kind: fc.constant('prepare' as const), payee: fc.integer({ min: 0, max: 2 }) }),
      fc.record({
        kind: fc.constant('answer' as const),
        payment: fc.nat(),
        returned: fc.boolean(),
        passback: fc.boolean(),
        feeCents: fc.integer({ min: 0, max: 100 }),
      }),
      fc.record({ kind: fc.constant('retry' as const), payment: fc.nat() }),
    );
    const currency = 'EUR';
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        const accountId = randomUUID();
        const payees = [randomUUID(), randomUUID(), randomUUID()];
        const balances = payees.map(() => new Decimal(0));
        const payments: {
          id: string;
          payee: number;
          amount: Decimal;
          state: 'waiting' | 'settled' | 'failed';
          returnedTo: string | null;
        }[] = [];
        let serial = 0;
        const post = (from: string, to: string, amount: Decimal) =>
          postTransfers(
            portal.db,
            [
              {
                transferId: `property:${accountId}:${(serial += 1)}`,
                from,
                to,
                amount: amount.toFixed(),
                currency,
              } satisfies LedgerTransfer,
            ],
            { statementId: null, at: new Date(0).toISOString() },
          );
        for (const move of steps) {
          if (move.kind === 'funds') {
            await post(
              labelBankAccount(accountId),
              fundingAccount(accountId),
              new Decimal(move.cents).div(100),
            );
          } else if (move.kind === 'payout' && move.units !== 0) {
            const amount = new Decimal(move.units).div(100_000);
            const payee = payeeAccount(accountId, payees[move.payee] ?? '');
            if (amount.isPositive()) await post(fundingAccount(accountId), payee, amount);
            else await post(payee, fundingAccount(accountId), amount.negated());
            balances[move.payee] = balances[move.payee]!.plus(amount);
          } else if (move.kind === 'prepare') {
            const whole = balances[move.payee]!.toDecimalPlaces(2, Decimal.ROUND_DOWN);
            if (whole.lte(0)) continue;
            await post(
              payeeAccount(accountId, payees[move.payee] ?? ''),
              payoutsAccount(accountId),
              whole,
            );
            balances[move.payee] = balances[move.payee]!.minus(whole);
            payments.push({
              id: randomUUID(),
              payee: move.payee,
              amount: whole,
              state: 'waiting',
              returnedTo: null,
            });
          } else if (move.kind === 'answer') {
            const waiting = payments.filter((payment) => payment.state === 'waiting');
            const payment = waiting[move.payment % Math.max(waiting.length, 1)];
            if (!payment) continue;
            if (move.returned) {
              payment.state = 'failed';
              payment.returnedTo = move.passback
                ? fundingAccount(accountId)
                : returnedAccount(accountId, payees[payment.payee] ?? '');
              await post(payoutsAccount(accountId), payment.returnedTo, payment.amount);
            } else {
              payment.state = 'settled';
              await post(payoutsAccount(accountId), paidOutAccount(accountId), payment.amount);
              if (move.feeCents > 0) {
                await post(
                  fundingAccount(accountId),
                  partnerFeesAccount(currency),
                  new Decimal(move.feeCents).div(100),
                );
              }
            }
          } else if (move.kind === 'retry') {
            const failed = payments.filter((payment) => payment.state === 'failed');
            const payment = failed[move.payment % Math.max(failed.length, 1)];
            if (!payment?.returnedTo) continue;
            await post(payment.returnedTo, payoutsAccount(accountId), payment.amount);
            payment.state = 'waiting';
            payment.returnedTo = null;
          }
        }
        const [funds] = (await labelFunds(portal.db, accountId)).filter(
          (figures) => figures.currency === currency,
        );
        if (!funds) {
          // Nothing moved in the currency: the wallet shows the default currency only.
          expect(await ledgerBalance(portal.db, `%:${accountId}%`, currency)).toBe('0');
          return;
        }
        await expectReconciled(portal.db, accountId, funds);
        // With passback on, what came back and was not retried is back in what is left.
        const backInFunds = payments
          .filter((payment) => payment.returnedTo === fundingAccount(accountId))
          .reduce((sum, payment) => sum.plus(payment.amount), new Decimal(0));
        expect(funds.returnedToFunds).toBe(backInFunds.toFixed());
      }),
      { numRuns: RUNS, seed: SEED },
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(`label funds property: ${RUNS} runs in ${seconds.toFixed(1)} s`);
  });
});
