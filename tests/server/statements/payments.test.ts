import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';

describe('payee balances between statements', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
  });
  afterAll(() => portal.close());

  const act = (id: string, action: string, body: object = {}) =>
    write(portal.app, lena, 'POST', `/api/statements/${id}/${action}`, body);
  /** Uploads, runs without waiting for funds, calculates and approves one statement. */
  const settle = async (month: string, currency: string, earnings: string, adjustment?: string) => {
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null },
      [
        {
          filename: `${month}.tsv`,
          // The demo's Neon Tide single splits 60 / 27.5 / 12.5.
          content: distroKidHeader(currency) + distroKidLine({ isrc: 'QZDM12600002', earnings }),
        },
      ],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const id = uploaded.json()[0].id as string;
    expect((await act(id, 'expedite')).statusCode).toBe(200);
    if (adjustment) {
      const added = await act(id, 'adjustments', {
        code: 'QZDM12600002',
        amount: adjustment,
        description: 'Returns',
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    expect((await act(id, 'calculate')).statusCode).toBe(200);
    await portal.app.jobs.drain();
    const approved = await act(id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    return id;
  };
  const payments = async (statementId: string) =>
    (
      await portal.db.query<{ amount: string }>(
        `select trim_scale(amount)::text as amount from payments where statement_id = $1
          order by payments.amount desc`,
        [statementId],
      )
    ).map((row) => row.amount);
  const payeeBalances = async (currency: string) =>
    (
      await portal.db.query<{ balance: string }>(
        `select trim_scale(sum(amount))::text as balance from (
           select credit_account as account, amount from ledger_transfers where currency = $1
           union all
           select debit_account, -amount from ledger_transfers where currency = $1) moves
          where account like 'payee:%' group by account order by sum(amount) desc`,
        [currency],
      )
    ).map((row) => row.balance);
  const ledgerTotal = async () =>
    (
      await portal.db.query<{ total: string }>(
        `select coalesce(trim_scale(sum(amount)), 0)::text as total from (
           select amount from ledger_transfers union all select -amount from ledger_transfers) moves`,
      )
    )[0]?.total;

  it('carries a negative payout forward and nets it against the next statement', async () => {
    // 10 earned, 70 of returns: -60, so -36, -16.5 and -7.5. Nobody is paid, nothing is forgiven.
    const returns = await settle('2026-08', 'USD', '10', '-70');
    expect(await payments(returns)).toEqual([]);
    expect(await payeeBalances('USD')).toEqual(['-7.5', '-16.5', '-36']);

    // 100 earned next: 60, 27.5 and 12.5, of which 36, 16.5 and 7.5 are owed back.
    const earnings = await settle('2026-09', 'USD', '100');
    expect(await payments(earnings)).toEqual(['24', '11', '5']);
    expect(await payeeBalances('USD')).toEqual(['0', '0', '0']);
    expect(await ledgerTotal()).toBe('0');
  });

  it('pays whole yen and keeps the rest of a yen in the balance', async () => {
    // 1,001 yen: 600.6, 275.275 and 125.125; paid 600, 275 and 125.
    const yen = await settle('2026-07', 'JPY', '1001');
    expect(await payments(yen)).toEqual(['600', '275', '125']);
    expect(await payeeBalances('JPY')).toEqual(['0.6', '0.275', '0.125']);
    expect(await ledgerTotal()).toBe('0');
  });
});
