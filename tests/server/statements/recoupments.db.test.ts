// An advance with two debtors and an off-the-top expense, through two approved statements: the
// payouts, remittances and balances are the ones worked out by hand below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { RECOUPMENTS_CHANGED } from '../../../server/recoupments/service';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { DISTROKID_HEADER } from '../import/helpers';

// Glass Harbor: label 60, Aria 27.5, Paco 12.5 (the demo's base set).
const glassHarbor = (month: string, earnings: string) =>
  `${month}-05\t${month}\tSpotify\tAria Vale\tSong\tQZDM12600002\t\t1\t100\tSong\tUS\t0\t${earnings}\n`;

describe('recoupments through two approved statements', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;
  let advance: string;
  let expense: string;
  const people: Record<string, string> = {};
  const name: Record<string, string> = {};

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
    for (const row of await portal.db.query<{ id: string; username: string; fullname: string }>(
      'select id, username, fullname from users',
    )) {
      people[row.username] = row.id;
      name[row.id] = row.fullname;
    }
  });
  afterAll(() => portal.close());

  const statementFor = async (month: string, earnings: string) => {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null, cashless: true },
      [{ filename: `${month}.tsv`, content: DISTROKID_HEADER + glassHarbor(month, earnings) }],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    return answer.json()[0].id as string;
  };
  const settle = async (id: string) => {
    expect(
      (await write(portal.app, lena, 'POST', `/api/statements/${id}/calculate`, {})).statusCode,
    ).toBe(200);
    await portal.app.jobs.drain();
    const payees = (await get(portal.app, lena, `/api/statements/${id}/payees`)).json();
    const calculation = (await get(portal.app, lena, `/api/statements/${id}/calculation`)).json();
    const approved = await write(portal.app, lena, 'POST', `/api/statements/${id}/approve`, {});
    expect(approved.json().status, approved.body).toBe('ready');
    return {
      payouts: Object.fromEntries(
        payees.items.map((p: { fullname: string; payout: string }) => [p.fullname, p.payout]),
      ),
      input: calculation.input,
      recoupments: calculation.output.recoupments,
    };
  };
  const recoupment = async (id: string) =>
    (await get(portal.app, lena, `/api/recoupments/${id}`)).json();
  const remittances = async (id: string) =>
    (await get(portal.app, lena, `/api/recoupments/${id}/remittances`))
      .json()
      .items.map(
        (item: { period: string; debtor: { fullname: string } | null; amount: string }) =>
          `${item.period} ${item.debtor?.fullname ?? 'off the top'} ${item.amount}`,
      );

  it('recoups the advance from both debtors and the expense off the top, statement after statement', async () => {
    const glassHarborId = (
      await portal.db.query<{ id: string }>("select id from products where title = 'Glass Harbor'")
    )[0]!.id;
    const created = await write(portal.app, lena, 'POST', '/api/recoupments', {
      title: 'Album advance',
      type: 'advance',
      amount: '500',
      creditorId: people['label@demo.label'],
      debtorIds: [people['artist@demo.label'], people['payee@demo.label']],
      recoupablePct: '50',
      priority: 'high',
    });
    expect(created.statusCode, created.body).toBe(201);
    advance = created.json().id;
    const offTheTop = await write(portal.app, lena, 'POST', '/api/recoupments', {
      title: 'Video shoot',
      type: 'expense',
      amount: '50',
      creditorId: people['label@demo.label'],
      recoupablePct: '0',
      netRevenuePct: '10',
      scope: 'products',
      productIds: [glassHarborId],
      priority: 'highest',
    });
    expect(offTheTop.statusCode, offTheTop.body).toBe(201);
    expense = offTheTop.json().id;
    // A product's Recoupments tab lists the ones linked to it.
    const linked = await get(portal.app, lena, `/api/recoupments?product=${glassHarborId}`);
    expect(linked.json().items.map((item: { title: string }) => item.title)).toEqual([
      'Video shoot',
    ]);
    // The label's default take for DistroKid is 10%.
    const take = await write(portal.app, lena, 'PUT', `/api/distributors/${distroKid}/take`, {
      takePct: '10',
    });
    expect(take.statusCode).toBe(200);

    // September: 1000 revenue, take 10% = 100, net 900. The expense cuts min(50, 10% of 900) = 50
    // off the top; 850 splits label 510, Aria 233.75, Paco 106.25. The advance takes 50% of each
    // debtor: Aria 116.875, Paco 53.125, together 170 of its 500. The label is credited 50 + 170.
    const september = await statementFor('2026-09', '1000');
    const first = await settle(september);
    expect(first.input.statement.distributorTakePct).toBe('10');
    expect(first.payouts).toEqual({
      'Lena Label': '730',
      'Aria Artist': '116.875',
      'Paco Payee': '53.125',
    });
    expect(await recoupment(advance)).toMatchObject({
      status: 'open',
      recouped: '170',
      remaining: '330',
    });
    expect(await recoupment(expense)).toMatchObject({
      status: 'closed',
      recouped: '50',
      remaining: '0',
    });

    // The label lowers the advance to 400 after 170 was recouped: 230 remain, not the 330 carried.
    const lowered = await write(portal.app, lena, 'PATCH', `/api/recoupments/${advance}`, {
      amount: '400',
      version: (await recoupment(advance)).version,
    });
    expect(lowered.json()).toMatchObject({ amount: '400', remaining: '230', status: 'open' });

    // October: 2000 revenue, this statement's take 20% = 400, net 1600; the expense is closed.
    // 1600 splits label 960, Aria 440, Paco 200. Caps Aria 220, Paco 100 (320); the advance takes
    // its last 230 in proportion: Aria 158.125, Paco 71.875, and closes.
    const october = await statementFor('2026-10', '2000');
    const override = await write(portal.app, lena, 'POST', `/api/statements/${october}/take`, {
      takePct: '20',
    });
    expect(override.statusCode, override.body).toBe(200);
    const second = await settle(october);
    expect(second.input.statement.distributorTakePct).toBe('20');
    expect(second.input.state.recoupments[advance]).toEqual({ remaining: '230', deferred: '0' });
    expect(second.payouts).toEqual({
      'Lena Label': '1190',
      'Aria Artist': '281.875',
      'Paco Payee': '128.125',
    });
    const advanceResult = second.recoupments.find((item: { id: string }) => item.id === advance);
    expect(advanceResult).toMatchObject({ before: '230', taken: '230', after: '0', closed: true });

    expect(await recoupment(advance)).toMatchObject({
      status: 'closed',
      recouped: '400',
      remaining: '0',
    });
    expect(await remittances(advance)).toEqual([
      '2026-09 Aria Artist 116.875',
      '2026-09 Paco Payee 53.125',
      '2026-10 Aria Artist 158.125',
      '2026-10 Paco Payee 71.875',
    ]);
    expect(await remittances(expense)).toEqual(['2026-09 off the top 50']);
    const stored = await portal.db.query<{ recoupment_id: string; taken: string }>(
      `select cr.recoupment_id, trim_scale(cr.taken)::text as taken from calculation_recoupments cr
         join statements s on s.calculation_id = cr.calculation_id where s.id = $1
        order by cr.position`,
      [october],
    );
    expect(stored).toEqual([
      { recoupment_id: expense, taken: '0' },
      { recoupment_id: advance, taken: '230' },
    ]);
  });

  it('refuses to approve a result calculated before a recoupment changed, until calculated again', async () => {
    const november = await statementFor('2026-11', '10');
    const calculate = () =>
      write(portal.app, lena, 'POST', `/api/statements/${november}/calculate`, {});
    expect((await calculate()).statusCode).toBe(200);
    await portal.app.jobs.drain();
    const renamed = await write(portal.app, lena, 'PATCH', `/api/recoupments/${advance}`, {
      title: 'Album advance (paid back)',
      version: (await recoupment(advance)).version,
    });
    expect(renamed.statusCode).toBe(200);
    const refused = await write(
      portal.app,
      lena,
      'POST',
      `/api/statements/${november}/approve`,
      {},
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RECOUPMENTS_CHANGED);
    expect((await calculate()).statusCode).toBe(200);
    await portal.app.jobs.drain();
    const approved = await write(
      portal.app,
      lena,
      'POST',
      `/api/statements/${november}/approve`,
      {},
    );
    expect(approved.json().status).toBe('ready');
  });

  it('rebuilds recoupments, remittances and takes from the log equal to the live tables', async () => {
    const live = await dumpReadModels(portal.db);
    expect(live.recoupments).toHaveLength(2);
    expect(live.recoupment_remittances).toHaveLength(5);
    expect(live.distributor_takes).toHaveLength(1);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});
