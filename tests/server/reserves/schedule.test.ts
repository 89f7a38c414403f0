// Reserves over three months: withheld in October in two equal parts, the first released when the
// payment batch runs on November 1st, a return in November's statement charged to what is left
// before the payee's balance, nothing left to release on December 1st; replay rebuilds it all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { payeeAccount, reserveAccount } from '../../../server/ledger/accounts';
import { get, login, startPortal, type LoggedIn, type TestPortal } from '../harness';
import { DAY } from '../payments/bankFiles';
import { approve, balanceOf, calculated, row, setRules, songOf } from './statementFlow';

describe('reserves released on schedule and charged with returns', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let accountId: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    [{ id: accountId } = { id: '' }] = await portal.db.query<{ id: string }>(
      "select id from accounts where name = 'Demo Records'",
    );
  });
  afterAll(() => portal.close());

  it('releases when due, charges a return to the reserve first, and replays identically', async () => {
    await setRules(portal, lena, [
      {
        scope: 'format',
        target: 'download',
        percent: '10',
        release: { kind: 'spread', periods: 2 },
      },
    ]);
    const { payees } = await songOf(portal, lena, 'QZRSV2600010', ['100']);
    const payee = payees[0] ?? '';
    // A second song's payee, with no returns: all of their reserve comes back, half each month.
    const [steady = ''] = (await songOf(portal, lena, 'QZRSV2600011', ['100'])).payees;
    const steadyReserve = reserveAccount(accountId, steady);
    const reserve = reserveAccount(accountId, payee);
    const balance = payeeAccount(accountId, payee);
    // The clock is November 1st 2026, noon: October's reserve of 20 is due 10 on November 1st and
    // 10 on December 1st. The 180 left is paid.
    const october = await calculated(
      portal,
      lena,
      '2026-10',
      row('2026-10', 'iTunes', 'QZRSV2600010', '200.00') +
        row('2026-10', 'iTunes', 'QZRSV2600011', '100.01'),
    );
    await approve(portal, lena, october);
    expect(await balanceOf(portal, reserve)).toBe('20');
    expect(await balanceOf(portal, balance)).toBe('0');

    expect(await balanceOf(portal, steadyReserve)).toBe('10.001');
    await portal.app.runPaymentBatch();
    expect(await balanceOf(portal, reserve)).toBe('10');
    expect(await balanceOf(portal, balance)).toBe('10');
    expect(await balanceOf(portal, steadyReserve)).toBe('5.0005');
    const released = await portal.db.query<{ type: string; data: { transfers: unknown[] } }>(
      `select type, data from events where stream_id = $1`,
      [`reserves-${accountId}`],
    );
    expect(released.map((event) => event.type)).toEqual(['ReservesReleased']);
    // The payee's wallet shows what is still held back and when it comes back; the release is
    // among what came in.
    const payeeLogin = await login(portal.app, 'reserve-qzrsv2600010-0@demo.label');
    const wallet = (await get(portal.app, payeeLogin, '/api/wallet')).json();
    expect(wallet.reserves).toEqual([
      {
        currency: 'USD',
        held: '10',
        releases: [{ period: '2026-12', dueOn: '2026-12-01', amount: '10' }],
      },
    ]);
    expect(
      wallet.incoming
        .filter((move: { kind: string }) => move.kind === 'reserve')
        .map((move: { amount: string }) => move.amount),
    ).toEqual(['10']);
    // Run again the same day: nothing more is due.
    await portal.app.runPaymentBatch();
    expect(await balanceOf(portal, reserve)).toBe('10');

    // November: 50 of downloads returned and 10 of streams, a payout of -40. The reserve's 10
    // takes the first 10 of the return; the balance (10 released, not yet paid) the rest: -20.
    const november = await calculated(
      portal,
      lena,
      '2026-11',
      row('2026-11', 'iTunes', 'QZRSV2600010', '-50.00') +
        row('2026-11', 'Spotify', 'QZRSV2600010', '10.00'),
    );
    expect(
      (await get(portal.app, lena, `/api/statements/${november}/reserves`)).json().items,
    ).toEqual([{ payeeId: payee, charged: '10', withheld: '0', releases: [] }]);
    await approve(portal, lena, november);
    expect(await balanceOf(portal, reserve)).toBe('0');
    expect(await balanceOf(portal, balance)).toBe('-20');
    // November's statement: 10 released before it brought forward, the return's 10 from the
    // reserve, a balance of -20 carried.
    const statement = await get(
      portal.app,
      lena,
      `/api/statements/${november}/payee-statement?payee=${payee}`,
    );
    expect(statement.json()).toMatchObject({
      broughtForward: '10',
      payout: '-40',
      reserve: { withheld: '0', charged: '10', releases: [] },
      paid: '0',
      carried: '-20',
    });

    // December 1st: the second part was used by the return, so nothing is released.
    portal.clock.advance(30 * DAY);
    await portal.app.runPaymentBatch();
    expect(await balanceOf(portal, reserve)).toBe('0');
    expect(await balanceOf(portal, balance)).toBe('-20');
    expect(await balanceOf(portal, steadyReserve)).toBe('0');
    // 90.009 was left after the reserve and 90 paid: the 0.009 and both halves, 10.01, wait in
    // the balance for the next statement's payment, as any balance does.
    expect(await balanceOf(portal, payeeAccount(accountId, steady))).toBe('10.01');
    const releases = await portal.db.query<{ due_on: string; charged: string; released: string }>(
      `select to_char(due_on, 'YYYY-MM-DD') as due_on, trim_scale(charged)::text as charged,
              trim_scale(released)::text as released
         from reserve_releases where payee_id = $1 order by due_on`,
      [payee],
    );
    expect(releases).toEqual([
      { due_on: '2026-11-01', charged: '0', released: '10' },
      { due_on: '2026-12-01', charged: '10', released: '0' },
    ]);

    // The ledger and the reserve tables rebuilt from the log are the same, row for row.
    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    const rebuilt = await dumpReadModels(portal.db);
    expect(rebuilt.ledger_transfers).toEqual(live.ledger_transfers);
    expect(rebuilt.reserve_releases).toEqual(live.reserve_releases);
    expect(rebuilt.reserve_rules).toEqual(live.reserve_rules);
    expect(rebuilt).toEqual(live);
  });
});
