// A deferred advance: what the debtor repays is held, and all of it reaches the creditor in the
// statement where the advance closes. Every figure below is worked out by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { createDemoProduct, get, write, type LoggedIn, type TestPortal } from '../harness';
import { labelStatements, type LabelStatements } from './labelStatements';

const ISRC = 'QZDM12699981';

describe('deferred reimbursement through two approved statements', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let people: Record<string, string>;
  let settle: LabelStatements['settle'];

  beforeAll(async () => {
    ({ portal, lena, people, settle } = await labelStatements(ISRC, { cashless: false }));
  });
  afterAll(() => portal.close());

  /** The exact ledger balance of each payee of the label, and what was prepared for payment. */
  const ledger = async () => {
    const rows = await portal.db.query<{ account: string; balance: string }>(
      `select account, trim_scale(sum(amount))::text as balance from (
         select credit_account as account, amount from ledger_transfers
         union all select debit_account, -amount from ledger_transfers) moves
        group by account`,
    );
    const of = (username: string) =>
      rows.find((row) => row.account.endsWith(`:${people[username]}`))?.balance ?? '0';
    const payments = await portal.db.query<{ payee_id: string; amount: string }>(
      'select payee_id, trim_scale(amount)::text as amount from payments order by amount',
    );
    return {
      lena: of('label@demo.label'),
      aria: of('artist@demo.label'),
      paid: payments.map(
        (payment) =>
          `${payment.payee_id === people['label@demo.label'] ? 'Lena' : 'Aria'} ${payment.amount}`,
      ),
    };
  };

  it('holds what the debtor repays and credits all of it when the advance closes', async () => {
    const product = await createDemoProduct(portal, {
      title: 'Deferred Song',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    const productId = product.json().id as string;
    const splits = await write(portal.app, lena, 'PUT', `/api/products/${productId}/splits`, {
      version: product.json().version,
      splitSets: [
        {
          scope: 'product',
          kind: 'base',
          shares: [{ payeeId: people['artist@demo.label'], pct: '100' }],
        },
      ],
    });
    expect(splits.statusCode, splits.body).toBe(200);
    const advance = await write(portal.app, lena, 'POST', '/api/recoupments', {
      title: 'Deferred advance',
      type: 'advance',
      amount: '30',
      creditorId: people['label@demo.label'],
      debtorIds: [people['artist@demo.label']],
      recoupablePct: '100',
      scope: 'products',
      productIds: [productId],
      reimbursement: 'deferred',
    });
    expect(advance.statusCode, advance.body).toBe(201);
    const id = advance.json().id as string;

    // September: Aria earns 20, all of it recouped and held; the label is credited nothing yet.
    expect(await settle('2026-09', '20')).toEqual({ 'Aria Artist': '0' });
    expect((await get(portal.app, lena, `/api/recoupments/${id}`)).json()).toMatchObject({
      remaining: '10',
      deferred: '20',
      status: 'open',
    });
    expect(await ledger()).toEqual({ lena: '0', aria: '0', paid: [] });

    // October: Aria earns 25; the last 10 close the advance and the 30 held reach the label.
    expect(await settle('2026-10', '25')).toEqual({ 'Aria Artist': '15', 'Lena Label': '30' });
    expect((await get(portal.app, lena, `/api/recoupments/${id}`)).json()).toMatchObject({
      remaining: '0',
      deferred: '0',
      status: 'closed',
    });
    // Paid out in whole cents, nothing left in either balance.
    expect(await ledger()).toEqual({ lena: '0', aria: '0', paid: ['Aria 15', 'Lena 30'] });

    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});
