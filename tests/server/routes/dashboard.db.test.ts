// The home dashboard: a label's figures equal its statements' totals to the cent, a payee reads
// only their own, the emulated person's dashboard is shown while emulating, and the global
// filters narrow every figure.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../api/dashboard';
import type { ArtistList } from '../../../api/artists';
import type { ProductList } from '../../../api/products';
import type { StatementList } from '../../../api/statements';
import { get, login, write, type LoggedIn, type TestPortal } from '../harness';
import { labelStatements } from '../statements/labelStatements';
import { openSecondLabel, type AccountFixture } from '../tenancy';

const sum = (values: string[]) =>
  values.reduce((total, value) => total.plus(value), new Decimal(0));

describe('GET /api/dashboard', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let paco: LoggedIn;
  let people: Record<string, string>;
  let second: AccountFixture;
  /** Each settled statement's payouts by payee name. */
  const payouts: Record<string, Record<string, string>> = {};
  let advance: string;

  const dashboard = async (who: LoggedIn, query = '') => {
    const answer = await get(portal.app, who, `/api/dashboard${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Dashboard>();
  };

  beforeAll(async () => {
    const label = await labelStatements('QZDM12600001', { cashless: true });
    ({ portal, lena, people } = label);
    second = await openSecondLabel(portal);
    // Paco repays an advance of 30 from his share of Midnight Signals.
    const product = await portal.db.query<{ id: string }>(
      "select id from products where title = 'Midnight Signals'",
    );
    const created = await write(portal.app, lena, 'POST', '/api/recoupments', {
      title: 'Tour advance',
      type: 'advance',
      amount: '30',
      creditorId: people['label@demo.label'],
      debtorIds: [people['payee@demo.label']],
      recoupablePct: '50',
      scope: 'products',
      productIds: [product[0]?.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    advance = created.json<{ id: string }>().id;
    payouts['2026-06'] = await label.settle('2026-06', '100.37');
    payouts['2026-09'] = await label.settle('2026-09', '41.13');
    paco = await login(portal.app, 'payee@demo.label');
  });
  afterAll(() => portal.close());

  it("shows the label each period's revenue and payouts equal to its statements, to the cent", async () => {
    const statements = (await get(portal.app, lena, '/api/statements')).json<StatementList>();
    const board = await dashboard(lena);
    expect(board.person.fullname).toBe('Lena Label');
    expect(board.personal).toBeNull();
    const label = board.label!;
    expect(label.months.map((month) => month.month)).toEqual(['2026-06', '2026-09']);
    for (const month of label.months) {
      const statement = statements.items.find((item) => item.period === month.month)!;
      expect(month.revenue).toBe(statement.revenue);
      expect(month.currency).toBe('USD');
      expect(new Decimal(month.payouts).toFixed()).toBe(
        sum(Object.values(payouts[month.month] ?? {})).toFixed(),
      );
    }
    expect(label.statementCount).toBe(2);
    expect(label.topProducts).toEqual([
      { id: expect.any(String), name: 'Midnight Signals', currency: 'USD', revenue: '141.5' },
    ]);
    expect(label.topArtists.map((artist) => [artist.name, artist.revenue])).toEqual([
      ['Aria Vale', '141.5'],
    ]);
  });

  it('narrows the label figures to a month, a timeframe and an artist', async () => {
    const june = (await dashboard(lena, '?month=2026-06')).label!;
    expect(june.months.map((month) => [month.month, month.revenue])).toEqual([
      ['2026-06', '100.37'],
    ]);
    // The clock reads November 2026: the last 3 months are September to November.
    const recent = (await dashboard(lena, '?months=3')).label!;
    expect(recent.months.map((month) => month.month)).toEqual(['2026-09']);
    const nightShift = await portal.db.query<{ id: string }>(
      "select id from artists where name = 'The Night Shift'",
    );
    const other = (await dashboard(lena, `?artist=${nightShift[0]?.id}`)).label!;
    expect(other.months.every((month) => month.revenue === '0' && month.payouts === '0')).toBe(
      true,
    );
    expect(other.topProducts).toEqual([]);
  });

  it("shows in each month what the artist's products earned the payees in that month's statement", async () => {
    const aria = await portal.db.query<{ id: string }>(
      "select id from artists where name = 'Aria Vale'",
    );
    const board = (await dashboard(lena, `?artist=${aria[0]?.id}`)).label!;
    const statements = (await get(portal.app, lena, '/api/statements')).json<StatementList>();
    // Every song of these statements is Aria Vale's: what they earned the payees, before recoupment.
    const earned: Record<string, string> = {};
    for (const statement of statements.items) {
      const payees = (await get(portal.app, lena, `/api/statements/${statement.id}/payees`)).json<{
        items: { earned: string }[];
      }>();
      earned[statement.period] = sum(payees.items.map((payee) => payee.earned)).toFixed();
    }
    expect(
      board.months.map((month) => [month.month, new Decimal(month.payouts).toFixed()]),
    ).toEqual([
      ['2026-06', earned['2026-06']],
      ['2026-09', earned['2026-09']],
    ]);
  });

  it("gives a payee their own earnings, statements, share and recoupment, never the label's", async () => {
    const board = await dashboard(paco);
    expect(board.label).toBeNull();
    expect(board.person.fullname).toBe('Paco Payee');
    const own = board.personal!;
    expect(own.months.map((month) => [month.month, month.payout])).toEqual([
      ['2026-06', payouts['2026-06']?.['Paco Payee']],
      ['2026-09', payouts['2026-09']?.['Paco Payee']],
    ]);
    expect(own.statements.map((statement) => statement.payout)).toEqual([
      payouts['2026-09']?.['Paco Payee'],
      payouts['2026-06']?.['Paco Payee'],
    ]);
    // Paco's part of the band's half: 40% of 50%.
    const midnight = own.products.find((product) => product.title === 'Midnight Signals');
    expect(midnight).toMatchObject({ share: '20', currency: 'USD', artist: 'Aria Vale' });
    expect(midnight?.earned).toBe(sum(own.months.map((month) => month.earned)).toFixed());
    // Products he has a share of that earned nothing yet are listed too, with their share.
    expect(own.products.find((product) => product.title === 'Night Shift Live')).toMatchObject({
      share: '30',
      earned: '0',
    });
    const [recoupment] = own.recoupments;
    expect(recoupment).toMatchObject({ id: advance, title: 'Tour advance', currency: 'USD' });
    expect(new Decimal(recoupment!.recouped).plus(recoupment!.remaining).toFixed()).toBe('30');
    expect(recoupment!.pace).not.toBeNull();
    expect(recoupment!.statementsLeft).toBe(
      new Decimal(recoupment!.remaining).div(recoupment!.pace!).ceil().toNumber(),
    );
    // The label's gross never reaches a payee's answer.
    const body = JSON.stringify(board);
    expect(body).not.toContain('141.5');
    expect(body).not.toContain('100.37');
  });

  it('refuses a payee who asks for another person, and a label asking for another account’s', async () => {
    const asked = await get(
      portal.app,
      paco,
      `/api/dashboard?payee=${people['artist@demo.label']}`,
    );
    expect(asked.statusCode).toBe(403);
    const otherPayee = Object.values(second.users)[1];
    const crossing = await get(portal.app, lena, `/api/dashboard?payee=${otherPayee}`);
    expect(crossing.statusCode).toBe(404);
    for (const secret of second.secrets) expect(crossing.body).not.toContain(secret);
  });

  it("shows the label the payee its User filter chose, with that payee's own figures", async () => {
    const board = await dashboard(lena, `?payee=${people['payee@demo.label']}`);
    expect(board.label).toBeNull();
    expect(board.person.fullname).toBe('Paco Payee');
    expect(board.personal).toEqual((await dashboard(paco)).personal);
  });

  it("shows the emulated person's dashboard while emulating", async () => {
    const ada = await login(portal.app, 'admin@demo.label');
    const staff = await dashboard(ada);
    // Staff see every label: the second label's June statement (7.5), not approved, is in June
    // apart from the approved revenue, which is the one analytics counts.
    expect(staff.label?.months.map((month) => [month.month, month.revenue, month.pending])).toEqual(
      [
        ['2026-06', '100.37', '7.5'],
        ['2026-09', '41.13', '0'],
      ],
    );
    const started = await write(portal.app, ada, 'POST', '/api/session/emulate', {
      username: 'payee@demo.label',
    });
    expect(started.statusCode).toBe(200);
    const emulated = await dashboard(ada);
    expect(emulated.person.fullname).toBe('Paco Payee');
    expect(emulated.label).toBeNull();
    expect(emulated.personal).toEqual((await dashboard(paco)).personal);
  });

  it("gives the products list each product's revenue over the timeframe, a payee only their own", async () => {
    const revenueOf = async (who: LoggedIn, query: string) => {
      const answer = await get(portal.app, who, `/api/products?limit=100${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const items = answer.json<ProductList>().items;
      return items.find((item) => item.title === 'Midnight Signals')?.revenue;
    };
    expect(await revenueOf(lena, '&month=2026-06')).toEqual([
      { currency: 'USD', amount: '100.37' },
    ]);
    expect(await revenueOf(lena, '&months=3')).toEqual([{ currency: 'USD', amount: '41.13' }]);
    expect(await revenueOf(lena, '')).toEqual([{ currency: 'USD', amount: '141.5' }]);
    expect(await revenueOf(lena, '&month=2025-01')).toEqual([]);
    const own = (await dashboard(paco, '?month=2026-06')).personal!.months[0]!.earned;
    expect(await revenueOf(paco, '&month=2026-06')).toEqual([{ currency: 'USD', amount: own }]);
  });

  it("gives the artists list each artist's revenue over the timeframe", async () => {
    const answer = await get(portal.app, lena, '/api/artists?month=2026-09');
    expect(answer.statusCode, answer.body).toBe(200);
    const items = answer.json<ArtistList>().items;
    expect(items.find((item) => item.name === 'Aria Vale')?.revenue).toEqual([
      { currency: 'USD', amount: '41.13' },
    ]);
    expect(items.find((item) => item.name === 'The Night Shift')?.revenue).toEqual([]);
  });

  it('tells a label with no statement yet that it has none', async () => {
    const owner = await login(portal.app, 'owner@zephyr.example', 'Second-label-2026!');
    const board = (await dashboard(owner)).label!;
    expect(board.statementCount).toBe(1);
    expect(board.months.map((month) => month.payouts)).toEqual(['0']);
    expect(JSON.stringify(board)).not.toContain('Midnight Signals');
  });
});
