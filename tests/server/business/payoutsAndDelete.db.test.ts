// Payouts to a business wait for its certification and move on the next batch after it; a
// deleted person is held with 'account-deleted', cannot log in, and their events and ledger
// balances stay as they were. Replay rebuilds the same tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_NOT_CONFIRMED } from '../../../api/adminAccounts';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { DEMO_PASSWORD } from '../../../server/seed';
import { createDemoProduct, get, login, write, type LoggedIn, type TestPortal } from '../harness';
import { labelStatements } from '../statements/labelStatements';
import { DETAILS, SIGNATURE } from './fixtures';

const ISRC = 'QZBZ12600001';

describe('payouts to a business and to a deleted person', () => {
  let portal: TestPortal;
  let people: Record<string, string>;
  let lena: LoggedIn;
  let ada: LoggedIn;
  const paymentOf = async (username: string) => {
    const list = (await get(portal.app, ada, `/api/payments?payee=${people[username]}`)).json();
    expect(list.total).toBe(1);
    return (await get(portal.app, ada, `/api/payments/${list.items[0].id}`)).json();
  };
  const balances = () =>
    portal.db.query<{ account: string; balance: string }>(
      `select account, trim_scale(sum(amount))::text as balance from (
         select credit_account as account, amount from ledger_transfers
         union all select debit_account, -amount from ledger_transfers) moves
        group by account order by account`,
    );
  const verifyBank = async (username: string) => {
    const payee = await login(portal.app, username);
    const added = await write(portal.app, payee, 'PUT', '/api/payment-method/bank-account', {
      routingNumber: '011000015',
      accountNumber: '1234567890',
      accountType: 'checking',
      password: DEMO_PASSWORD,
    });
    expect(added.statusCode, added.body).toBe(200);
    await write(portal.app, payee, 'POST', '/api/payment-method/bank-account/verify', {
      amounts: ['0.32', '0.45'],
    });
  };

  beforeAll(async () => {
    const label = await labelStatements(ISRC, { cashless: false });
    ({ portal, people, lena } = label);
    ada = await login(portal.app, 'admin@demo.label');
    const product = await createDemoProduct(portal, {
      title: 'Business Song',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    await write(portal.app, lena, 'PUT', `/api/products/${product.json().id}/splits`, {
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
    });
    await verifyBank('payee@demo.label');
    await verifyBank('artist@demo.label');
    // The label changes its details: its certification is void until it signs again.
    const changed = await write(portal.app, lena, 'PUT', '/api/business/details', DETAILS);
    expect(changed.json().state).toBe('verified');
    await label.settle('2026-09', '10.0071');
  });
  afterAll(() => portal.close());

  it('holds payouts to the business until it certifies again', async () => {
    expect(await portal.app.runPaymentBatch()).toMatchObject({ started: 0, held: 2 });
    expect(await paymentOf('payee@demo.label')).toMatchObject({
      status: 'held',
      holdReason: 'business-not-certified',
    });
  });

  it('refuses a delete without DELETE typed, and deletes after it', async () => {
    const aria = people['artist@demo.label'];
    const ariaSession = await login(portal.app, 'artist@demo.label');
    // A reset link sent before the delete must not bring her back.
    expect(
      (await write(portal.app, ada, 'POST', `/api/users/${aria}/password-reset`)).statusCode,
    ).toBe(202);
    const outbox = (await get(portal.app, ada, '/api/outbox?q=artist%40demo.label')).json();
    const token = new URL(outbox.items[0].link as string).searchParams.get('token');
    const before = await balances();
    const eventsBefore = await portal.db.query(`select seq from events where stream_id like $1`, [
      `%${aria}%`,
    ]);
    const refused = await write(portal.app, ada, 'POST', `/api/admin/users/${aria}/delete`, {
      confirmation: 'delete',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(DELETE_NOT_CONFIRMED);

    const deleted = await write(portal.app, ada, 'POST', `/api/admin/users/${aria}/delete`, {
      confirmation: 'DELETE',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const person = (deleted.json().people as { id: string; status: string }[]).find(
      (row) => row.id === aria,
    );
    expect(person?.status).toBe('deleted');

    // No login, and the session she had is over.
    const again = await portal.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'artist@demo.label', password: DEMO_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
    expect((await get(portal.app, ariaSession, '/api/session')).statusCode).toBe(401);
    const reset = await write(portal.app, ada, 'POST', `/api/users/${aria}/password-reset`);
    expect(reset.statusCode).toBe(409);
    const completed = await portal.app.inject({
      method: 'POST',
      url: '/api/password-resets/complete',
      payload: { token, password: 'Back-again-2026!' },
    });
    expect(completed.statusCode).toBe(400);
    const [status] = await portal.db.query<{ status: string }>(
      'select status from users where id = $1',
      [aria],
    );
    expect(status?.status).toBe('deleted');

    // Her money and her history stay as they were.
    expect(await balances()).toEqual(before);
    const eventsAfter = await portal.db.query(`select seq from events where stream_id like $1`, [
      `%${aria}%`,
    ]);
    expect(eventsAfter.length).toBe(eventsBefore.length + 1);
  });

  it('moves the business payout on the next batch after certification, never the deleted one', async () => {
    const signed = await write(portal.app, lena, 'POST', '/api/business/certification', SIGNATURE);
    expect(signed.statusCode, signed.body).toBe(200);
    const run = await portal.app.runPaymentBatch();
    expect(run).toMatchObject({ started: 1, held: 1 });
    expect((await paymentOf('payee@demo.label')).status).toBe('processing');
    expect(await paymentOf('artist@demo.label')).toMatchObject({
      status: 'held',
      holdReason: 'account-deleted',
    });
  });

  it('keeps the ledger summing to zero, and replay equals live', async () => {
    const [net] = await portal.db.query<{ net: string }>(
      `select trim_scale(coalesce(sum(amount), 0))::text as net from (
         select amount from ledger_transfers union all select -amount from ledger_transfers) m`,
    );
    expect(net?.net).toBe('0');
    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});
