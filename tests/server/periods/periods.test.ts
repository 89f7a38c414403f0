// A label closes its periods (issue 42, "Closed periods"): once every statement of the period is
// approved or cancelled, in order; the close stamps the period's ledger transfers, keeps a summary
// per currency that ties to the ledger, forbids every change to what it closed, and replays alike.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MONTH_IN_CLOSED_PERIOD,
  STATEMENT_IN_CLOSED_PERIOD,
} from '../../../server/events/closedPeriods';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import {
  EARLIER_PERIOD_OPEN,
  LENGTH_LOCKED,
  NOTHING_TO_CLOSE,
  PERIOD_CLOSED_ALREADY,
  PERIOD_NOT_OVER,
  PERIOD_NOT_READY,
} from '../../../server/periods/periods';
import { periodSummary } from '../../../server/periods/summary';
import { CORRECT_OPEN_STATEMENT } from '../../../server/periods/corrections';
import { distroKidHeader, distroKidLine } from '../import/helpers';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { ownLabel, type OwnLabel } from '../statements/labelStatements';

type Summary = Record<
  | 'currency'
  | 'revenue'
  | 'fundsReceived'
  | 'payouts'
  | 'paymentsMade'
  | 'otherBalanceMovements'
  | 'broughtForward'
  | 'carriedForward',
  string
>;

describe('closed periods', () => {
  let portal: TestPortal;
  let ada: LoggedIn;
  let labels = 0;
  beforeAll(async () => {
    portal = await startPortal();
    ada = await login(portal.app, 'admin@demo.label');
  });
  afterAll(() => portal.close());

  /** A label of the test's own whose single (its own code) pays Paco 70% and Aria 30%. */
  const label = async (name: string, banks = false): Promise<OwnLabel & { isrc: string }> => {
    labels += 1;
    const isrc = `QZPER26${String(labels).padStart(5, '0')}`;
    const own = await ownLabel(portal, {
      name,
      isrc,
      payees: {
        paco: { fullname: 'Paco Payee', pct: '70', bank: banks ? '1234567890' : null },
        aria: { fullname: 'Aria Artist', pct: '30', bank: banks ? '5555550002' : null },
      },
    });
    return { ...own, isrc };
  };

  /** A statement of `month` uploaded and read, left there: neither approved nor cancelled. */
  const uploaded = async (own: OwnLabel & { isrc: string }, month: string, earnings: string) => {
    const distroKid = (await get(portal.app, own.owner, '/api/distributors?q=DistroKid')).json()
      .items[0].id as string;
    const line = distroKidLine({ earnings, isrc: own.isrc }).replace(
      '2026-10-05\t2026-09',
      `${month}-05\t${month}`,
    );
    const answer = await uploadStatement(
      portal.app,
      own.owner,
      { distributor: distroKid, report_month: month, expected: null, cashless: false },
      [{ filename: `${month}-${earnings}.tsv`, content: distroKidHeader() + line }],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    return answer.json()[0].id as string;
  };

  const close = (who: LoggedIn, period: string) =>
    write(portal.app, who, 'POST', `/api/periods/${period}/close`, {});

  const statementOf = async (accountId: string, month: string) =>
    (
      await portal.db.query<{ id: string }>(
        `select id from statements where account_id = $1 and period = $2 order by received_at`,
        [accountId, month],
      )
    ).map((row) => row.id);

  /** Everything a close keeps: the period's statements, their results, payments, remittances and transfers. */
  const periodRows = async (accountId: string, months: string[], period: string) => {
    const ids = (
      await portal.db.query<{ id: string }>(
        'select id from statements where account_id = $1 and period = any($2::text[])',
        [accountId, months],
      )
    ).map((row) => row.id);
    const rows = async (sql: string, params: unknown[]) =>
      JSON.stringify(await portal.db.query(sql, params));
    return {
      statements: await rows('select * from statements where id = any($1) order by id', [ids]),
      calculations: await rows(
        'select * from calculations where statement_id = any($1) order by id',
        [ids],
      ),
      payments: await rows(
        'select id, statement_id, payee_id, amount, currency, origin from payments where statement_id = any($1) order by id',
        [ids],
      ),
      adjustments: await rows(
        'select * from statement_adjustments where statement_id = any($1) order by id',
        [ids],
      ),
      files: await rows('select * from statement_files where statement_id = any($1) order by id', [
        ids,
      ]),
      remittances: await rows(
        'select * from recoupment_remittances where statement_id = any($1) order by id',
        [ids],
      ),
      transfers: await rows(
        'select * from ledger_transfers where account_id = $1 and period = $2 order by id',
        [accountId, period],
      ),
    };
  };

  it('closes a period once each of its statements is approved or cancelled, and periods close in order', async () => {
    const own = await label('Quiet Hours Records');
    await own.settle('2026-03', '10.00');
    const waiting = await uploaded(own, '2026-03', '4.00');
    await own.settle('2026-04', '6.00');

    const listedAnswer = await get(portal.app, own.owner, '/api/periods');
    expect(listedAnswer.statusCode, listedAnswer.body).toBe(200);
    const listed = listedAnswer.json();
    expect(
      listed.periods.map((p: { period: string; status: string }) => [p.period, p.status]),
    ).toEqual([
      ['2026-04', 'ready'],
      ['2026-03', 'open'],
    ]);
    expect(listed.periods[1].blocking.map((s: { id: string }) => s.id)).toEqual([waiting]);

    const notReady = await close(own.owner, '2026-03');
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(PERIOD_NOT_READY);
    const outOfOrder = await close(own.owner, '2026-04');
    expect(outOfOrder.statusCode).toBe(409);
    expect(outOfOrder.json().message).toBe(EARLIER_PERIOD_OPEN);
    const notOver = await close(own.owner, '2026-11');
    expect(notOver.json().message).toBe(PERIOD_NOT_OVER);
    const empty = await close(own.owner, '2026-01');
    expect(empty.json().message).toBe(NOTHING_TO_CLOSE);

    const cancelled = await write(
      portal.app,
      own.owner,
      'POST',
      `/api/statements/${waiting}/cancel`,
      {},
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const closed = await close(own.owner, '2026-03');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().summary).toEqual([
      expect.objectContaining({
        currency: 'USD',
        revenue: '10',
        fundsReceived: '10',
        payouts: '10',
      }),
    ]);
    expect((await close(own.owner, '2026-03')).json().message).toBe(PERIOD_CLOSED_ALREADY);

    // March's transfers carry its period; April's wait for April's close.
    const stamped = await portal.db.query<{ period: string | null; month: string }>(
      `select t.period, s.period as month from ledger_transfers t join statements s on s.id = t.statement_id
        where t.account_id = $1 group by 1, 2 order by 2`,
      [own.accountId],
    );
    expect(stamped).toEqual([
      { period: '2026-03', month: '2026-03' },
      { period: null, month: '2026-04' },
    ]);
    expect((await close(own.owner, '2026-04')).statusCode).toBe(200);
    const after = (await get(portal.app, own.owner, '/api/periods')).json();
    expect(after.periods.map((p: { status: string }) => p.status)).toEqual(['closed', 'closed']);
    // March counts its cancelled statement too.
    expect(after.periods.map((p: { statements: number }) => p.statements)).toEqual([1, 2]);
  });

  it('refuses every change to a closed period’s statements and leaves its rows byte for byte', async () => {
    const own = await label('Still Water Records');
    await own.settle('2026-01', '12.34');
    const [statement] = await statementOf(own.accountId, '2026-01');
    expect((await close(own.owner, '2026-01')).statusCode).toBe(200);
    const before = await periodRows(own.accountId, ['2026-01'], '2026-01');
    const url = (path: string) => `/api/statements/${statement}/${path}`;
    const attempts: [LoggedIn, 'POST' | 'PUT', string, unknown][] = [
      [ada, 'POST', url('move'), { date: '2026-02-01' }],
      [ada, 'POST', url('recalculate'), {}],
      [ada, 'POST', url('reset'), {}],
      [own.owner, 'POST', url('cancel'), {}],
      [own.owner, 'POST', url('approve'), {}],
      [own.owner, 'POST', url('funds'), { amount: '1.00' }],
      [own.owner, 'POST', url('expedite'), {}],
      [ada, 'POST', url('force'), {}],
      [own.owner, 'POST', url('take'), { takePct: '10' }],
      [own.owner, 'POST', url('adjustments'), { code: own.isrc, amount: '1.00', description: 'x' }],
    ];
    // A generated order of the commands, several times over: none goes through.
    const order = fc.sample(
      fc.array(fc.integer({ min: 0, max: attempts.length - 1 }), { minLength: 12, maxLength: 12 }),
      { numRuns: 1, seed: 20260429 },
    )[0]!;
    for (const index of [...attempts.keys(), ...order]) {
      const [who, method, path, body] = attempts[index]!;
      const answer = await write(portal.app, who, method, path, body);
      expect(answer.statusCode, `${path} ${answer.body}`).toBeGreaterThanOrEqual(400);
    }
    // The one an admin could do to an approved statement is refused for the close.
    const moved = await write(portal.app, ada, 'POST', url('move'), { date: '2026-02-01' });
    expect(moved.json().message).toBe(STATEMENT_IN_CLOSED_PERIOD);
    // A new statement cannot land in a closed month.
    const distroKid = (await get(portal.app, own.owner, '/api/distributors?q=DistroKid')).json()
      .items[0].id as string;
    const late = await uploadStatement(
      portal.app,
      own.owner,
      { distributor: distroKid, report_month: '2026-01', expected: null, cashless: false },
      [
        {
          filename: 'late.tsv',
          content: distroKidHeader() + distroKidLine({ earnings: '1.00', isrc: own.isrc }),
        },
      ],
    );
    expect(late.json().message, late.body).toBe(MONTH_IN_CLOSED_PERIOD);
    // A product's codes changing re-reads waiting statements only: the closed one stays.
    expect(await periodRows(own.accountId, ['2026-01'], '2026-01')).toEqual(before);
  });

  it('keeps the period length until a closed period ends a quarter', async () => {
    const own = await label('Long Night Records');
    const setLength = async (length: string) => {
      const current = (await get(portal.app, own.owner, '/api/periods')).json();
      return write(portal.app, own.owner, 'PUT', '/api/periods/length', {
        length,
        version: current.version,
      });
    };
    expect((await setLength('quarter')).json().length).toBe('quarter');
    expect((await setLength('month')).json().length).toBe('month');
    await own.settle('2026-02', '3.00');
    expect((await close(own.owner, '2026-02')).statusCode).toBe(200);
    const locked = await setLength('quarter');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(LENGTH_LOCKED);
    await own.settle('2026-03', '4.00');
    expect((await close(own.owner, '2026-03')).statusCode).toBe(200);
    const quarter = await setLength('quarter');
    expect(quarter.statusCode, quarter.body).toBe(200);
    expect(quarter.json().lengthChangeable).toBe(true);
    await own.settle('2026-05', '5.00');
    const periods = (await get(portal.app, own.owner, '/api/periods')).json().periods;
    expect(periods.map((p: { period: string }) => p.period)).toEqual([
      '2026-Q2',
      '2026-03',
      '2026-02',
    ]);
    expect((await close(own.owner, '2026-Q2')).statusCode).toBe(200);
  });

  it('sums each period to the ledger: brought forward and its movements make what it carries forward', async () => {
    const own = await label('Tidal Records', true);
    // Generated earnings for three months, fixed seed: a statement or two each.
    const months = ['2026-05', '2026-06', '2026-07'];
    const earnings = fc.sample(
      fc.array(
        fc
          .integer({ min: 101, max: 99_999 })
          .map((cents) => new Decimal(cents).div(100).toFixed(2)),
        { minLength: 1, maxLength: 2 },
      ),
      { numRuns: months.length, seed: 42 },
    );
    const summaries: Summary[] = [];
    for (const [index, month] of months.entries()) {
      for (const amount of earnings[index]!) await own.settle(month, amount);
      const closed = await close(own.owner, month);
      expect(closed.statusCode, closed.body).toBe(200);
      const [usd] = closed.json().summary as Summary[];
      summaries.push(usd!);
      const revenue = earnings[index]!.reduce((sum, amount) => sum.plus(amount), new Decimal(0));
      expect(usd!.revenue).toBe(revenue.toFixed());
    }
    const sum = async (where: string, period: string) =>
      (
        await portal.db.query<{ total: string }>(
          `select trim_scale(coalesce(sum(amount), 0))::text as total from ledger_transfers
            where account_id = $1 and period = $2 and ${where}`,
          [own.accountId, period],
        )
      )[0]!.total;
    const balances = async (through: string) =>
      (
        await portal.db.query<{ total: string }>(
          `select trim_scale(coalesce(sum(case when split_part(credit_account, ':', 1) in ('payee', 'reserve') then amount else 0 end
                                        - case when split_part(debit_account, ':', 1) in ('payee', 'reserve') then amount else 0 end), 0))::text as total
             from ledger_transfers where account_id = $1 and period <= $2`,
          [own.accountId, through],
        )
      )[0]!.total;
    for (const [index, month] of months.entries()) {
      const usd = summaries[index]!;
      const moved = new Decimal(usd.broughtForward)
        .plus(usd.payouts)
        .minus(usd.paymentsMade)
        .plus(usd.otherBalanceMovements);
      expect(moved.toFixed()).toBe(usd.carriedForward);
      expect(usd.carriedForward).toBe(await balances(month));
      if (index > 0) expect(usd.broughtForward).toBe(summaries[index - 1]!.carriedForward);
      expect(usd.payouts).toBe(
        await sum(`credit_account like 'payee:%' and debit_account like 'funding:%'`, month),
      );
      expect(usd.paymentsMade).toBe(
        await sum(`debit_account like 'payee:%' and credit_account like 'payouts:%'`, month),
      );
      expect(usd.fundsReceived).toBe(await sum(`debit_account like 'bank:%'`, month));
      expect(usd.payouts).toBe(usd.revenue);
      expect(new Decimal(usd.paymentsMade).greaterThan(0)).toBe(true);
    }

    // Replay rebuilds every table alike, and the summaries recomputed from its ledger are the kept ones.
    const before = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(before);
    for (const [index, month] of months.entries()) {
      expect(await periodSummary(portal.db, own.accountId, month)).toEqual([summaries[index]]);
    }
    // The CSV of a period holds the same figures.
    const csv = await get(portal.app, own.owner, `/api/periods/${months[0]}/summary.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, row] = csv.body.trim().split('\r\n');
    expect(header!.split(',')[0]).toBe('period');
    expect(row!.split(',').slice(0, 3)).toEqual([months[0], 'USD', summaries[0]!.broughtForward]);
  });

  it('corrects a closed statement with a correction statement in the next open period, linked both ways', async () => {
    const own = await label('Late Bloom Records');
    const payouts = await own.settle('2026-03', '10.00');
    expect(payouts).toEqual({ 'Paco Payee': '7', 'Aria Artist': '3' });
    const march = (await statementOf(own.accountId, '2026-03'))[0]!;
    const notYet = await write(
      portal.app,
      own.owner,
      'POST',
      `/api/statements/${march}/correction`,
      {},
    );
    expect(notYet.json().message).toBe(CORRECT_OPEN_STATEMENT);
    expect((await close(own.owner, '2026-03')).statusCode).toBe(200);
    const before = await periodRows(own.accountId, ['2026-03'], '2026-03');

    // The missed line: 2.00 more of the single, added to the correction statement.
    const opened = await write(
      portal.app,
      own.owner,
      'POST',
      `/api/statements/${march}/correction`,
      {},
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const correction = opened.json().id as string;
    await portal.app.jobs.drain();
    const added = await write(
      portal.app,
      own.owner,
      'POST',
      `/api/statements/${correction}/adjustments`,
      {
        code: own.isrc,
        amount: '2.00',
        units: 1,
        description: 'Missed March line',
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    const funded = await write(
      portal.app,
      own.owner,
      'POST',
      `/api/statements/${correction}/funds`,
      {
        amount: '2.00',
      },
    );
    expect(funded.statusCode, funded.body).toBe(200);
    const calculated = await write(
      portal.app,
      own.owner,
      'POST',
      `/api/statements/${correction}/calculate`,
      {},
    );
    expect(calculated.statusCode, calculated.body).toBe(200);
    await portal.app.jobs.drain();
    const approved = await write(
      portal.app,
      own.owner,
      'POST',
      `/api/statements/${correction}/approve`,
      {},
    );
    expect(approved.json().status, approved.body).toBe('ready');

    const read = async (id: string) =>
      (await get(portal.app, own.owner, `/api/statements/${id}/corrections`)).json();
    const statement = (await get(portal.app, own.owner, `/api/statements/${correction}`)).json();
    expect(statement.period).toBe('2026-04');
    expect(await read(correction)).toEqual({
      corrects: { id: march, title: expect.any(String), period: '2026-03' },
      correctedBy: [],
      closed: false,
    });
    expect(await read(march)).toEqual({
      corrects: null,
      correctedBy: [{ id: correction, title: statement.title, period: '2026-04' }],
      closed: true,
    });
    // March is as it was; April carries the correction's payouts.
    expect(await periodRows(own.accountId, ['2026-03'], '2026-03')).toEqual(before);
    expect((await close(own.owner, '2026-04')).json().summary).toEqual([
      expect.objectContaining({ currency: 'USD', revenue: '2', fundsReceived: '2', payouts: '2' }),
    ]);
  });

  it('shows a label only its own periods, and lets only those who change statements close them', async () => {
    const mine = await label('Harbor Lights Records');
    const theirs = await label('Far Shore Records');
    await mine.settle('2026-02', '2.00');
    expect((await close(mine.owner, '2026-02')).statusCode).toBe(200);
    expect((await get(portal.app, theirs.owner, '/api/periods')).json().periods).toEqual([]);
    expect((await get(portal.app, theirs.owner, '/api/periods/2026-02')).statusCode).toBe(404);
    expect((await get(portal.app, mine.owner, '/api/periods/2026-02')).statusCode).toBe(200);
    const paco = await login(portal.app, mine.payees.paco!.username);
    expect((await get(portal.app, paco, '/api/periods')).statusCode).toBe(403);
    expect((await get(portal.app, paco, '/api/periods/2026-02/summary.csv')).statusCode).toBe(403);
    expect((await close(paco, '2026-03')).statusCode).toBe(403);
  });
});
