// An advance with two debtors and an off-the-top expense, through two approved statements: the
// payouts, remittances and balances are the ones worked out by hand below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { RECOUPMENTS_CHANGED } from '../../../server/recoupments/service';
import { get, startPortal, write, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { DISTROKID_HEADER } from '../import/helpers';
import { addProduct, distroKidId, openLabel } from '../ownLabel';

// Recoupments, takes and the approval chain are the account's: each test settles the statements
// of a label of its own.
describe('recoupments through two approved statements', () => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  /**
   * A label of the test's own, `surname` Records, with one song split as the demo's Glass Harbor:
   * Lou (the owner) 60, Ari (the artist) 27.5, Pat (the payee) 12.5; and what the test does there.
   */
  async function ownLabel(surname: string, isrc: string) {
    const label = await openLabel(portal, surname);
    const lou = await label.login('owner');
    const distroKid = await distroKidId(portal, lou);
    const product = await addProduct(portal, label, `${surname} Harbor`, isrc);
    const split = await write(portal.app, lou, 'PUT', `/api/products/${product.id}/splits`, {
      version: product.version,
      splitSets: [
        {
          scope: 'product',
          kind: 'base',
          shares: [
            { payeeId: label.ids.owner, pct: '60' },
            { payeeId: label.ids.artist, pct: '27.5' },
            { payeeId: label.ids.payee, pct: '12.5' },
          ],
        },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);

    const statementFor = async (month: string, earnings: string) => {
      const line = `${month}-05\t${month}\tSpotify\tAria Vale\tSong\t${isrc}\t\t1\t100\tSong\tUS\t0\t${earnings}\n`;
      const answer = await uploadStatement(
        portal.app,
        lou,
        // The label says what it expects: one stream earning 2,000 is not held for a confirmation.
        { distributor: distroKid, report_month: month, expected: earnings, cashless: true },
        [{ filename: `${month}.tsv`, content: DISTROKID_HEADER + line }],
      );
      expect(answer.statusCode, answer.body).toBe(201);
      await portal.app.jobs.drain();
      return answer.json()[0].id as string;
    };
    const settle = async (id: string) => {
      expect(
        (await write(portal.app, lou, 'POST', `/api/statements/${id}/calculate`, {})).statusCode,
      ).toBe(200);
      await portal.app.jobs.drain();
      const payees = (await get(portal.app, lou, `/api/statements/${id}/payees`)).json();
      const calculation = (await get(portal.app, lou, `/api/statements/${id}/calculation`)).json();
      const approved = await write(portal.app, lou, 'POST', `/api/statements/${id}/approve`, {});
      expect(approved.json().status, approved.body).toBe('ready');
      return {
        payouts: Object.fromEntries(
          payees.items.map((p: { fullname: string; payout: string }) => [p.fullname, p.payout]),
        ),
        input: calculation.input,
        recoupments: calculation.output.recoupments,
      };
    };
    /** The advance of 500 from Ari and Pat, half of their earnings recouped for Lou. */
    const createAdvance = async () => {
      const created = await write(portal.app, lou, 'POST', '/api/recoupments', {
        title: 'Album advance',
        type: 'advance',
        amount: '500',
        creditorId: label.ids.owner,
        debtorIds: [label.ids.artist, label.ids.payee],
        recoupablePct: '50',
        priority: 'high',
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    };
    /** Video shoot: 50 for Lou, taken off the top of the song's revenue, 10% of it at most. */
    const createExpense = async () => {
      const created = await write(portal.app, lou, 'POST', '/api/recoupments', {
        title: 'Video shoot',
        type: 'expense',
        amount: '50',
        creditorId: label.ids.owner,
        recoupablePct: '0',
        netRevenuePct: '10',
        scope: 'products',
        productIds: [product.id],
        priority: 'highest',
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    };
    /** The label's take of DistroKid's statements. */
    const setTake = async (takePct: string) => {
      const take = await write(portal.app, lou, 'PUT', `/api/distributors/${distroKid}/take`, {
        takePct,
      });
      expect(take.statusCode, take.body).toBe(200);
    };
    const recoupment = async (id: string) =>
      (await get(portal.app, lou, `/api/recoupments/${id}`)).json();
    const remittances = async (id: string) =>
      (await get(portal.app, lou, `/api/recoupments/${id}/remittances`))
        .json()
        .items.map(
          (item: { period: string; debtor: { fullname: string } | null; amount: string }) =>
            `${item.period} ${item.debtor?.fullname ?? 'off the top'} ${item.amount}`,
        );
    return {
      label,
      lou,
      productId: product.id,
      statementFor,
      settle,
      createAdvance,
      createExpense,
      setTake,
      recoupment,
      remittances,
    };
  }

  it('recoups the advance from both debtors and the expense off the top, statement after statement', async () => {
    const own = await ownLabel('Glass', 'QZDM12600102');
    const { lou, productId, statementFor, settle, recoupment, remittances } = own;
    const advance = await own.createAdvance();
    const expense = await own.createExpense();
    // A product's Recoupments tab lists the ones linked to it.
    const linked = await get(portal.app, lou, `/api/recoupments?product=${productId}`);
    expect(linked.json().items.map((item: { title: string }) => item.title)).toEqual([
      'Video shoot',
    ]);
    // The label's default take for DistroKid is 10%.
    await own.setTake('10');

    // September: 1000 revenue, take 10% = 100, net 900. The expense cuts min(50, 10% of 900) = 50
    // off the top; 850 splits Lou 510, Ari 233.75, Pat 106.25. The advance takes 50% of each
    // debtor: Ari 116.875, Pat 53.125, together 170 of its 500. Lou is credited 50 + 170.
    const september = await statementFor('2026-09', '1000');
    const first = await settle(september);
    expect(first.input.statement.distributorTakePct).toBe('10');
    expect(first.payouts).toEqual({
      'Lou Glass': '730',
      'Ari Glass': '116.875',
      'Pat Glass': '53.125',
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
    const lowered = await write(portal.app, lou, 'PATCH', `/api/recoupments/${advance}`, {
      amount: '400',
      version: (await recoupment(advance)).version,
    });
    expect(lowered.json()).toMatchObject({ amount: '400', remaining: '230', status: 'open' });

    // October: 2000 revenue, this statement's take 20% = 400, net 1600; the expense is closed.
    // 1600 splits Lou 960, Ari 440, Pat 200. Caps Ari 220, Pat 100 (320); the advance takes
    // its last 230 in proportion: Ari 158.125, Pat 71.875, and closes.
    const october = await statementFor('2026-10', '2000');
    const override = await write(portal.app, lou, 'POST', `/api/statements/${october}/take`, {
      takePct: '20',
    });
    expect(override.statusCode, override.body).toBe(200);
    const second = await settle(october);
    expect(second.input.statement.distributorTakePct).toBe('20');
    expect(second.input.state.recoupments[advance]).toEqual({ remaining: '230', deferred: '0' });
    expect(second.payouts).toEqual({
      'Lou Glass': '1190',
      'Ari Glass': '281.875',
      'Pat Glass': '128.125',
    });
    const advanceResult = second.recoupments.find((item: { id: string }) => item.id === advance);
    expect(advanceResult).toMatchObject({ before: '230', taken: '230', after: '0', closed: true });

    expect(await recoupment(advance)).toMatchObject({
      status: 'closed',
      recouped: '400',
      remaining: '0',
    });
    expect(await remittances(advance)).toEqual([
      '2026-09 Ari Glass 116.875',
      '2026-09 Pat Glass 53.125',
      '2026-10 Ari Glass 158.125',
      '2026-10 Pat Glass 71.875',
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
    const { lou, statementFor, createAdvance, recoupment } = await ownLabel(
      'Renamed',
      'QZDM12600103',
    );
    const advance = await createAdvance();
    const november = await statementFor('2026-11', '10');
    const calculate = () =>
      write(portal.app, lou, 'POST', `/api/statements/${november}/calculate`, {});
    expect((await calculate()).statusCode).toBe(200);
    await portal.app.jobs.drain();
    const renamed = await write(portal.app, lou, 'PATCH', `/api/recoupments/${advance}`, {
      title: 'Album advance (renamed)',
      version: (await recoupment(advance)).version,
    });
    expect(renamed.statusCode).toBe(200);
    const refused = await write(portal.app, lou, 'POST', `/api/statements/${november}/approve`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RECOUPMENTS_CHANGED);
    expect((await calculate()).statusCode).toBe(200);
    await portal.app.jobs.drain();
    const approved = await write(
      portal.app,
      lou,
      'POST',
      `/api/statements/${november}/approve`,
      {},
    );
    expect(approved.json().status).toBe('ready');
  });

  it('rebuilds recoupments, remittances and takes from the log equal to the live tables', async () => {
    const own = await ownLabel('Rebuilt', 'QZDM12600104');
    const advance = await own.createAdvance();
    const expense = await own.createExpense();
    await own.setTake('10');
    await own.settle(await own.statementFor('2026-09', '100'));

    const live = await dumpReadModels(portal.db);
    const accountRows = (table: string) =>
      (live[table] as { account_id: string }[]).filter(
        (row) => row.account_id === own.label.accountId,
      );
    expect(accountRows('recoupments')).toHaveLength(2);
    expect(accountRows('distributor_takes')).toHaveLength(1);
    // Ari's and Pat's to the advance, and the expense's off the top.
    expect(
      (live.recoupment_remittances as { recoupment_id: string }[]).filter((row) =>
        [advance, expense].includes(row.recoupment_id),
      ),
    ).toHaveLength(3);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});
