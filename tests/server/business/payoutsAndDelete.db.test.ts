// Payouts to a business wait for its certification and move on the next batch after it; a
// deleted person is held with 'account-deleted', cannot log in, and their events and ledger
// balances stay as they were. Replay rebuilds the same tables. Each test has a label of its own,
// so its payments and balances are its alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_NOT_CONFIRMED } from '../../../api/adminAccounts';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { DEMO_PASSWORD } from '../../../server/seed';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { ownLabel } from '../statements/labelStatements';
import { DETAILS, SIGNATURE } from './fixtures';

describe('payouts to a business and to a deleted person', () => {
  let portal: TestPortal;
  let ada: LoggedIn;
  const paymentOf = async (payeeId: string) => {
    const list = (await get(portal.app, ada, `/api/payments?payee=${payeeId}`)).json();
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

  beforeAll(async () => {
    portal = await startPortal();
    ada = await login(portal.app, 'admin@demo.label');
  });
  afterAll(() => portal.close());

  /**
   * A label of the test's own whose certification is void: it certified, then changed its
   * details. Its payees Paco and Aria have verified bank accounts, and one approved statement
   * owes them 6 and 4.
   */
  const uncertifiedLabel = async (name: string, isrc: string) => {
    const label = await ownLabel(portal, {
      name,
      isrc,
      payees: {
        paco: { fullname: 'Paco Payee', pct: '60', bank: '1234567890' },
        aria: { fullname: 'Aria Artist', pct: '40', bank: '1234567890' },
      },
    });
    const changed = await write(portal.app, label.owner, 'PUT', '/api/business/details', DETAILS);
    expect(changed.json().state).toBe('verified');
    expect(await label.settle('2026-09', '10.0071')).toEqual({
      'Paco Payee': '6.00426',
      'Aria Artist': '4.00284',
    });
    const { paco, aria } = label.payees;
    return { ...label, paco: paco!, aria: aria! };
  };

  const deleteUser = async (userId: string) => {
    const answer = await write(portal.app, ada, 'POST', `/api/admin/users/${userId}/delete`, {
      confirmation: 'DELETE',
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  it('holds payouts to the business until it certifies again', async () => {
    const { paco, aria } = await uncertifiedLabel('Held Records', 'QZBZ12600001');
    await portal.app.runPaymentBatch();
    for (const payee of [paco, aria]) {
      expect(await paymentOf(payee.id)).toMatchObject({
        status: 'held',
        holdReason: 'business-not-certified',
      });
    }
    // Another batch holds them still.
    await portal.app.runPaymentBatch();
    expect((await paymentOf(paco.id)).holdReason).toBe('business-not-certified');
  });

  it('refuses a delete without DELETE typed, and deletes after it', async () => {
    const label = await ownLabel(portal, {
      name: 'Parting Records',
      isrc: 'QZBZ12600002',
      payees: { aria: { fullname: 'Aria Artist', pct: '100', bank: '1234567890' } },
    });
    expect(await label.settle('2026-09', '10.0071')).toEqual({ 'Aria Artist': '10.0071' });
    const { id: aria, username } = label.payees.aria!;
    const ariaSession = await login(portal.app, username);
    // A reset link sent before the delete must not bring her back.
    expect(
      (await write(portal.app, ada, 'POST', `/api/users/${aria}/password-reset`)).statusCode,
    ).toBe(202);
    const outbox = (
      await get(portal.app, ada, `/api/outbox?q=${encodeURIComponent(username)}`)
    ).json();
    const token = new URL(outbox.items[0].link as string).searchParams.get('token');
    const before = await balances();
    // She has money: the part of a cent of her payout that stays in her balance.
    expect(before).toContainEqual({
      account: `payee:${label.accountId}:${aria}`,
      balance: '0.0071',
    });
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
      payload: { username, password: DEMO_PASSWORD },
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
    const { owner, paco, aria } = await uncertifiedLabel('Signing Records', 'QZBZ12600003');
    await portal.app.runPaymentBatch();
    expect((await paymentOf(paco.id)).holdReason).toBe('business-not-certified');
    await deleteUser(aria.id);
    const signed = await write(portal.app, owner, 'POST', '/api/business/certification', SIGNATURE);
    expect(signed.statusCode, signed.body).toBe(200);
    await portal.app.runPaymentBatch();
    expect((await paymentOf(paco.id)).status).toBe('processing');
    expect(await paymentOf(aria.id)).toMatchObject({
      status: 'held',
      holdReason: 'account-deleted',
    });
  });

  it('keeps the ledger summing to zero, and replay equals live', async () => {
    // A payout held, then paid and settled at the bank, and a deleted person's held.
    const { accountId, owner, paco, aria } = await uncertifiedLabel(
      'Replayed Records',
      'QZBZ12600004',
    );
    await portal.app.runPaymentBatch();
    await deleteUser(aria.id);
    await write(portal.app, owner, 'POST', '/api/business/certification', SIGNATURE);
    await portal.app.runPaymentBatch();
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    // The next tick transfers the partner's fee of what settled.
    await portal.app.tickPartner();
    expect((await paymentOf(paco.id)).status).toBe('completed');
    expect(await balances()).toContainEqual({ account: `paid:${accountId}`, balance: '6' });
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
