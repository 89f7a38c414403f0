// The accountant's close over three months, end to end through the API (issue 42, "Proof"): a
// label whose two US payees signed W-9s and whose payee in France signed a W-8BEN; a reserve of
// 20% on physical sales released two periods on; October's physical and streaming sales approved
// and paid, and October closed; November's return of a record charged to the reserve first, and
// a correction of October's closed statement landing in November, linked both ways; the reserve
// released by the payment batch once due and not before; November closed; December's streams
// approved and paid in January 2027 and December closed. Then, to the last decimal: each closed
// period's summary ties to the ledger and brings forward what the one before carried; each
// journal balances, its three files read back into its entries and tie to the period's ledger
// movements; the 2026 1099-MISC and 1042-S figures are the payments completed in 2026; and replay
// rebuilds every summary, journal and read-model table as they were.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Journal } from '../../../api/journals';
import type { PeriodCurrencySummary } from '../../../api/periods';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { readCsv } from '../../../server/import/csv';
import { narrationOf } from '../../../server/journals/exports';
import { reserveAccount, payeeAccount } from '../../../server/ledger/accounts';
import { appendToStream, streamVersion } from '../../../server/events/store';
import { closedSummary } from '../../../server/periods/periods';
import { periodSummary } from '../../../server/periods/summary';
import { openAccount } from '../../../server/services/registration';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { distroKidHeader } from '../import/helpers';
import { uploadStatement } from '../multipart';
import { ownLabel, signedTaxForm, TEST_W9, type OwnLabel } from '../statements/labelStatements';
import { w8benFor } from '../fixtures/taxForms';

const ISRC = 'QZTPC2600001';
const TITLE = 'Three Periods Single';
const PERIODS = ['2026-10', '2026-11', '2026-12'] as const;

const W8BEN = w8benFor('Françoise Étrangère');

/** Bandcamp's sales report (UTF-16LE): a package is a record sent by post, a physical sale. */
const bandcamp = (month: string, rows: [itemType: string, net: string][]) =>
  Buffer.from(
    '\ufeffdate,item type,item name,artist,catalog number,isrc,quantity,net amount,currency\n' +
      rows
        .map(
          ([itemType, net]) =>
            `${month.slice(5)}/15/${month.slice(2, 4)} 3:45pm,${itemType},${TITLE},Aria Vale,TPC-1,${ISRC},1,${net},USD\n`,
        )
        .join(''),
    'utf16le',
  );

/** DistroKid's export: one Spotify stream row of the single in `month`. */
const spotify = (month: string, earnings: string) =>
  distroKidHeader() +
  `${month}-05\t${month}\tSpotify\tAria Vale\t${TITLE}\t${ISRC}\t\t1\t100\tSong\tUS\t0\t${earnings}\n`;

async function rowsOf(text: string): Promise<string[][]> {
  const rows: string[][] = [];
  async function* chunks() {
    await Promise.resolve();
    yield text;
  }
  for await (const row of readCsv(chunks(), { delimiter: ',' })) rows.push(row.cells);
  return rows;
}

const total = (values: readonly (string | null | undefined)[]) =>
  values.reduce<Decimal>((sum, value) => sum.plus(value || 0), new Decimal(0));

type Summary = PeriodCurrencySummary;

describe('three periods closed, end to end', () => {
  let portal: TestPortal;
  let label: OwnLabel;
  let owner: LoggedIn;
  let payee: { paco: string; aria: string; fran: string };
  const summaries = new Map<string, Summary[]>();
  const journals = new Map<string, Journal>();
  /** What the payees' reserves held at each step of the story. */
  const held: Record<string, Record<string, string>> = {};
  let october = '';
  let november = '';
  let wallet: unknown;
  let correction = '';

  const distributor = async (name: string) =>
    (await get(portal.app, owner, `/api/distributors?q=${name}`)).json().items[0].id as string;

  /** A statement funded, calculated and approved; its id. */
  const approved = async (id: string, funds: string) => {
    const act = (action: string, body: object = {}) =>
      write(portal.app, owner, 'POST', `/api/statements/${id}/${action}`, body);
    const funded = await act('funds', { amount: funds });
    expect(funded.statusCode, funded.body).toBe(200);
    const calculated = await act('calculate');
    expect(calculated.statusCode, calculated.body).toBe(200);
    await portal.app.jobs.drain();
    const done = await act('approve');
    expect(done.json().status, done.body).toBe('ready');
    return id;
  };

  /** A statement of `month` uploaded, funded, calculated and approved; its id. */
  const settle = async (name: string, month: string, content: Buffer | string, funds: string) => {
    const uploaded = await uploadStatement(
      portal.app,
      owner,
      { distributor: await distributor(name), report_month: month, expected: null },
      [{ filename: `${name}-${month}.${name === 'Bandcamp' ? 'csv' : 'tsv'}`, content }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    return approved(uploaded.json()[0].id as string, funds);
  };

  /** The payment batch runs; the sandbox bank settles its transfers a minute later. */
  const paymentBatch = async () => {
    await portal.app.runPaymentBatch();
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    await portal.app.tickPartner();
  };

  /** The clock moved on to `iso`; the label's owner signs in again. */
  const moveTo = async (iso: string) => {
    portal.clock.advance(Date.parse(iso) - portal.clock.now().getTime());
    owner = await login(portal.app, 'owner@three-periods-records.example');
  };

  const close = async (period: string) => {
    const closed = await write(portal.app, owner, 'POST', `/api/periods/${period}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    summaries.set(period, closed.json().summary);
    const journal = await get(portal.app, owner, `/api/periods/${period}/journal`);
    expect(journal.statusCode, journal.body).toBe(200);
    journals.set(period, journal.json());
  };

  /** An account's exact balance: what the ledger credited it less what it debited. */
  const balance = async (account: string) => {
    const [row] = await portal.db.query<{ balance: string }>(
      `select coalesce(trim_scale(sum(amount)), 0)::text as balance from (
         select amount from ledger_transfers where credit_account = $1
         union all
         select -amount from ledger_transfers where debit_account = $1) moves`,
      [account],
    );
    return row!.balance;
  };
  const reserves = async () => ({
    paco: await balance(reserveAccount(label.accountId, payee.paco)),
    aria: await balance(reserveAccount(label.accountId, payee.aria)),
    fran: await balance(reserveAccount(label.accountId, payee.fran)),
  });

  /** The exact sum of the label's transfers of `period` that match `where`. */
  const moved = async (period: string, where = 'true') =>
    (
      await portal.db.query<{ total: string }>(
        `select trim_scale(coalesce(sum(amount), 0))::text as total from ledger_transfers
          where account_id = $1 and period = $2 and ${where}`,
        [label.accountId, period],
      )
    )[0]!.total;

  beforeAll(async () => {
    portal = await startPortal();
    const settles = '5555556789';
    label = await ownLabel(portal, {
      name: 'Three Periods Records',
      isrc: ISRC,
      payees: {
        paco: { fullname: 'Paco Payee', pct: '50', bank: settles },
        aria: { fullname: 'Aria Artist', pct: '30', bank: settles },
        fran: { fullname: 'Françoise Étrangère', pct: '20', bank: settles },
      },
    });
    owner = label.owner;
    payee = {
      paco: label.payees.paco!.id,
      aria: label.payees.aria!.id,
      fran: label.payees.fran!.id,
    };
    // Tax forms: two W-9s, and a W-8BEN from Françoise, who lives in Paris.
    const paco = await login(portal.app, label.payees.paco!.username);
    await signedTaxForm(portal, paco, { ...TEST_W9, name: 'Paco Payee', tin: '401-22-1111' });
    const aria = await login(portal.app, label.payees.aria!.username);
    await signedTaxForm(portal, aria, { ...TEST_W9, name: 'Aria Artist', tin: '401-22-2222' });
    const fran = await login(portal.app, label.payees.fran!.username);
    const abroad = await write(portal.app, fran, 'PATCH', '/api/settings/person', {
      phone: '',
      birthdate: '',
      address: W8BEN.address,
    });
    expect(abroad.statusCode, abroad.body).toBe(200);
    await signedTaxForm(portal, fran, W8BEN);
    // 20% of physical sales held back, all of it released two periods on.
    const { version } = (await get(portal.app, owner, '/api/reserve-rules')).json();
    const rules = await write(portal.app, owner, 'PUT', '/api/reserve-rules', {
      version,
      rules: [
        {
          scope: 'format',
          target: 'physical',
          percent: '20',
          release: { kind: 'after', periods: 2 },
        },
      ],
    });
    expect(rules.statusCode, rules.body).toBe(200);

    // October, on 1 November: 100.00 of records, 50.00 of streams; paid, and October closed.
    october = await settle(
      'Bandcamp',
      '2026-10',
      bandcamp('2026-10', [['package', '100.00']]),
      '100.00',
    );
    await settle('DistroKid', '2026-10', spotify('2026-10', '50.00'), '50.00');
    held.october = await reserves();
    await paymentBatch();
    await close('2026-10');

    // November: a record returned (−10.00) and 45.00 of downloads, on 20 November.
    await moveTo('2026-11-20T12:00:00Z');
    november = await settle(
      'Bandcamp',
      '2026-11',
      bandcamp('2026-11', [
        ['package', '-10.00'],
        ['track', '45.00'],
      ]),
      '35.00',
    );
    held.returned = await reserves();
    const pacoWallet = await login(portal.app, label.payees.paco!.username);
    wallet = (await get(portal.app, pacoWallet, '/api/wallet')).json().reserves;
    // October's statement missed 5.00: its correction, opened after the close, lands in November.
    const opened = await write(
      portal.app,
      owner,
      'POST',
      `/api/statements/${october}/correction`,
      {},
    );
    expect(opened.statusCode, opened.body).toBe(200);
    correction = opened.json().id as string;
    await portal.app.jobs.drain();
    const added = await write(
      portal.app,
      owner,
      'POST',
      `/api/statements/${correction}/adjustments`,
      { code: ISRC, amount: '5.00', units: 1, description: 'Missed October line' },
    );
    expect(added.statusCode, added.body).toBe(201);
    await approved(correction, '5.00');
    // The release is due on 1 December: the batch of 20 November leaves it where it is.
    await paymentBatch();
    held.beforeDue = await reserves();
    await moveTo('2026-12-01T06:00:00Z');
    await paymentBatch();
    held.afterDue = await reserves();
    // Released into Paco's balance, paid with the next statement's payment.
    held.pacoBalance = { afterDue: await balance(payeeAccount(label.accountId, payee.paco)) };
    await close('2026-11');

    // December's streams, approved and paid in January 2027, and December closed.
    await moveTo('2027-01-04T12:00:00Z');
    await settle('DistroKid', '2026-12', spotify('2026-12', '30.00'), '30.00');
    await paymentBatch();
    await close('2026-12');
  });
  afterAll(() => portal.close());

  it('withholds 20% of record sales, charges the return to the reserve first and releases the rest when due, not before', () => {
    expect(held).toEqual({
      october: { paco: '10', aria: '6', fran: '4' },
      // The returned record (−10.00) was 5, 3 and 2 of theirs: taken from their reserves.
      returned: { paco: '5', aria: '3', fran: '2' },
      beforeDue: { paco: '5', aria: '3', fran: '2' },
      afterDue: { paco: '0', aria: '0', fran: '0' },
      pacoBalance: { afterDue: '5' },
    });
    // Paco's wallet, after the return: what is still held, and the day it comes back.
    expect(wallet).toEqual([
      {
        currency: 'USD',
        held: '5',
        releases: [{ period: '2026-12', dueOn: '2026-12-01', amount: '5' }],
      },
    ]);
  });

  it("shows it on Paco's statements: what October held back and when it comes back, what November's return took from it", async () => {
    const statement = async (id: string) =>
      (
        await get(portal.app, owner, `/api/statements/${id}/payee-statement?payee=${payee.paco}`)
      ).json();
    expect(await statement(october)).toMatchObject({
      payout: '50',
      paid: '40',
      reserve: {
        withheld: '10',
        charged: '0',
        releases: [{ period: '2026-12', dueOn: '2026-12-01', amount: '10' }],
      },
    });
    // 45.00 of downloads less the 10.00 record returned: 17.5 his, and 5 of the return from his reserve.
    expect(await statement(november)).toMatchObject({
      payout: '17.5',
      paid: '22.5',
      reserve: { withheld: '0', charged: '5', releases: [] },
    });
  });

  it('closes each period with a summary that ties to the ledger and brings forward what the one before carried', async () => {
    const figures = (period: string) => {
      const list = summaries.get(period) ?? [];
      expect(list.map((row) => row.currency)).toEqual(['USD']);
      return list[0]!;
    };
    const common = { currency: 'USD', distributorTake: '0', recoupmentsTaken: '0' };
    expect(figures('2026-10')).toEqual({
      ...common,
      revenue: '150',
      fundsReceived: '150',
      payouts: '150',
      reservesWithheld: '20',
      reservesReleased: '0',
      returnsChargedToReserve: '0',
      paymentsMade: '130',
      fees: '0.75',
      otherBalanceMovements: '0',
      broughtForward: '0',
      carriedForward: '20',
    });
    // November: the return and the correction; the return taken from the reserves is no release.
    expect(figures('2026-11')).toEqual({
      ...common,
      revenue: '40',
      fundsReceived: '40',
      payouts: '40',
      reservesWithheld: '0',
      reservesReleased: '0',
      returnsChargedToReserve: '10',
      paymentsMade: '50',
      fees: '0.75',
      otherBalanceMovements: '0',
      broughtForward: '20',
      carriedForward: '10',
    });
    // December: the release of 1 December, paid with December's streams in January.
    expect(figures('2026-12')).toEqual({
      ...common,
      revenue: '30',
      fundsReceived: '30',
      payouts: '30',
      reservesWithheld: '0',
      reservesReleased: '10',
      returnsChargedToReserve: '0',
      paymentsMade: '40',
      fees: '0.75',
      otherBalanceMovements: '0',
      broughtForward: '10',
      carriedForward: '0',
    });
    // The period's CSV holds the return charged to the reserves in its own column.
    const csv = await get(portal.app, owner, '/api/periods/2026-11/summary.csv');
    const [header, row] = await rowsOf(csv.body);
    const november = Object.fromEntries(header!.map((name, index) => [name, row![index]]));
    expect(november).toMatchObject({
      reserves_released: '0',
      returns_charged_to_reserve: '10',
      carried_forward: '10',
    });
    let carried = '0';
    for (const period of PERIODS) {
      const usd = figures(period);
      expect(usd.broughtForward, period).toBe(carried);
      const movements = new Decimal(usd.payouts)
        .minus(usd.paymentsMade)
        .plus(usd.otherBalanceMovements);
      expect(new Decimal(usd.broughtForward).plus(movements).toFixed(), period).toBe(
        usd.carriedForward,
      );
      // Carried forward is the payees' balances and reserves in the ledger at the period's end.
      const [ledger] = await portal.db.query<{ total: string }>(
        `select trim_scale(coalesce(sum(case when split_part(credit_account, ':', 1) in ('payee', 'reserve') then amount else 0 end
                                      - case when split_part(debit_account, ':', 1) in ('payee', 'reserve') then amount else 0 end), 0))::text as total
           from ledger_transfers where account_id = $1 and period <= $2`,
        [label.accountId, period],
      );
      expect(usd.carriedForward, period).toBe(ledger!.total);
      // Each figure is the ledger's transfers of its kind in the period.
      expect(usd.payouts).toBe(
        await moved(period, `debit_account like 'funding:%' and credit_account like 'payee:%'`),
      );
      expect(usd.paymentsMade).toBe(
        await moved(period, `debit_account like 'payee:%' and credit_account like 'payouts:%'`),
      );
      expect(usd.reservesWithheld).toBe(await moved(period, `id like 'reserve-withheld:%'`));
      expect(usd.reservesReleased).toBe(await moved(period, `id like 'reserve-release:%'`));
      expect(usd.returnsChargedToReserve).toBe(await moved(period, `id like 'reserve-return:%'`));
      carried = usd.carriedForward;
    }
  });

  it('opens the correction of closed October in November, linked both ways', async () => {
    const corrections = async (id: string) =>
      (await get(portal.app, owner, `/api/statements/${id}/corrections`)).json();
    expect(await corrections(correction)).toMatchObject({
      corrects: { id: october, period: '2026-10' },
      correctedBy: [],
    });
    expect(await corrections(october)).toMatchObject({
      corrects: null,
      correctedBy: [{ id: correction, period: '2026-11' }],
      closed: true,
    });
    // Its payout credited November: its transfers carry November's period.
    const periods = await portal.db.query<{ period: string }>(
      `select distinct period from ledger_transfers where statement_id = $1`,
      [correction],
    );
    expect(periods).toEqual([{ period: '2026-11' }]);
  });

  it('books the return taken from the reserves as such in November, and the release in December', () => {
    const entry = (period: string, movement: string) =>
      journals.get(period)!.entries.find((item) => item.movement === movement);
    expect(entry('2026-11', 'returnsChargedToReserve')).toMatchObject({
      description: 'Returns charged to reserves',
      ledgerAmount: '10',
      lines: [
        { category: 'reserveForReturns', debit: '10.00', credit: null },
        { category: 'royaltiesPayable', debit: null, credit: '10.00' },
      ],
    });
    expect(entry('2026-11', 'reserveReleased')).toBeUndefined();
    expect(entry('2026-12', 'reserveReleased')).toMatchObject({
      ledgerAmount: '10',
      lines: [
        { category: 'reserveForReturns', debit: '10.00', credit: null },
        { category: 'royaltiesPayable', debit: null, credit: '10.00' },
      ],
    });
  });

  it("balances each period's journal, ties it to the ledger and reads its three files back into its entries", async () => {
    const { xeroTaxRate } = (await get(portal.app, owner, '/api/book-settings')).json();
    for (const period of PERIODS) {
      const journal = journals.get(period)!;
      const usd = summaries.get(period)![0]!;
      for (const entry of journal.entries) {
        expect(entry.lines).toHaveLength(2);
        expect(total(entry.lines.map((line) => line.debit)).toFixed(), entry.description).toBe(
          total(entry.lines.map((line) => line.credit)).toFixed(),
        );
      }
      // Every transfer of the period is in an entry (no recoupments here): the sums are the ledger's.
      expect(total(journal.entries.map((entry) => entry.ledgerAmount)).toFixed(), period).toBe(
        await moved(period),
      );
      const byMovement = Object.fromEntries(
        journal.entries.map((entry) => [entry.movement, entry.ledgerAmount]),
      );
      const expected: Record<string, string> = {
        fundsReceived: usd.fundsReceived,
        royaltiesEarned: usd.payouts,
        reserveWithheld: usd.reservesWithheld,
        reserveReleased: usd.reservesReleased,
        returnsChargedToReserve: usd.returnsChargedToReserve,
        paymentsPrepared: usd.paymentsMade,
        paymentsMade: usd.paymentsMade,
        partnerFees: usd.fees,
      };
      expect(byMovement, period).toEqual(
        Object.fromEntries(Object.entries(expected).filter(([, amount]) => amount !== '0')),
      );

      const file = async (format: string) => {
        const answer = await get(
          portal.app,
          owner,
          `/api/periods/${period}/journal?format=${format}`,
        );
        expect(answer.statusCode, answer.body).toBe(200);
        return rowsOf(answer.body);
      };
      const [, ...quickbooks] = await file('quickbooks');
      const [month, day] = [journal.date.slice(5, 7), journal.date.slice(8)];
      expect(quickbooks, period).toEqual(
        journal.entries.flatMap((entry) =>
          entry.lines.map((line) => [
            entry.number,
            `${month}/${day}/2026`,
            line.name,
            line.debit ?? '',
            line.credit ?? '',
            entry.description,
            '',
            'USD',
            narrationOf(journal, entry),
          ]),
        ),
      );
      expect(total(quickbooks.map((row) => row[3])).toFixed(2)).toBe(
        total(quickbooks.map((row) => row[4])).toFixed(2),
      );
      const [, ...xero] = await file('xero&currency=USD');
      expect(
        xero.map((row) => [row[0], row[1], row[3], row[4], row[5]]),
        period,
      ).toEqual(
        journal.entries.flatMap((entry) =>
          entry.lines.map((line) => [
            narrationOf(journal, entry),
            `${day}/${month}/2026`,
            line.code,
            xeroTaxRate,
            line.debit ?? new Decimal(line.credit ?? 0).negated().toFixed(),
          ]),
        ),
      );
      expect(total(xero.map((row) => row[5])).isZero()).toBe(true);
      const [, ...trial] = await file('trial-balance');
      const sums = trial.at(-1)!;
      expect(sums.slice(0, 3)).toEqual(['USD', '', 'Total']);
      expect(sums[3]).toBe(sums[4]);
      for (const row of trial.slice(0, -1)) {
        const lines = journal.entries
          .flatMap((entry) => entry.lines)
          .filter((line) => line.code === row[1]);
        const net = total(lines.map((line) => line.debit)).minus(
          total(lines.map((line) => line.credit)),
        );
        expect(row[3] ? row[3] : `-${row[4]}`, `${period} ${row[2]}`).toBe(net.toFixed(2));
      }
    }
  });

  it('gives the 2026 1099-MISC figures as the payments completed in 2026, and the payee abroad in the 1042-S', async () => {
    const completed = async (year: number) =>
      Object.fromEntries(
        (
          await portal.db.query<{ payee_id: string; total: string }>(
            `select p.payee_id, trim_scale(sum(p.amount))::text as total from payments p
               join statements s on s.id = p.statement_id
              where s.account_id = $1 and p.state = 'COMPLETED'
                and extract(year from p.completed_at at time zone 'UTC') = $2
              group by p.payee_id`,
            [label.accountId, year],
          )
        ).map((row) => [row.payee_id, row.total]),
      );
    // Paid in 2026: October's payouts less the reserve, November's and the correction's.
    expect(await completed(2026)).toEqual({
      [payee.paco]: '90',
      [payee.aria]: '54',
      [payee.fran]: '36',
    });
    const form1099 = async (year: number) => {
      const answer = await get(portal.app, owner, `/api/tax-forms/1099-misc.csv?year=${year}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const [header, ...rows] = await rowsOf(answer.body);
      const at = (name: string) => header!.indexOf(name);
      return rows
        .map((row) => [
          row[at('Recipient name')],
          row[at('Recipient TIN')],
          row[at('Box 2 royalties')],
        ])
        .sort();
    };
    expect(await form1099(2026)).toEqual([
      ['Aria Artist', '401222222', '54.00'],
      ['Paco Payee', '401221111', '90.00'],
    ]);
    // Cash basis: December's statement, paid in January, is 2027's with the reserve released.
    expect(await form1099(2027)).toEqual([
      ['Aria Artist', '401222222', '12.00'],
      ['Paco Payee', '401221111', '20.00'],
    ]);
    // Paco's own copies, one a year, as the accountant's figures.
    const paco = await login(portal.app, label.payees.paco!.username);
    expect((await get(portal.app, paco, '/api/tax-form')).json().documents).toEqual([
      expect.objectContaining({ year: 2027, form: '1099-MISC', amount: '20.00' }),
      expect.objectContaining({ year: 2026, form: '1099-MISC', amount: '90.00' }),
    ]);
    const form1042 = await get(portal.app, owner, '/api/tax-forms/1042-s.csv?year=2026');
    const [header, ...rows] = await rowsOf(form1042.body);
    expect(rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])))).toEqual(
      [
        expect.objectContaining({
          'Recipient name': 'Françoise Étrangère',
          'Recipient country': 'FR',
          'Form on file': 'W-8BEN',
          Currency: 'USD',
          'Gross income paid': '36.00',
          'Treaty rate claimed': '0',
          'Tax withheld': '0.00',
        }),
      ],
    );
  });

  it('reads a close logged before returns charged to reserves were counted apart as none charged', async () => {
    const at = portal.clock.now();
    const accountId = await portal.db.transaction((tx) =>
      openAccount(tx, 'Early Close Records', 'label', { actor: null, emulatingActor: null, at }),
    );
    const { returnsChargedToReserve: _counted, ...before } = summaries.get('2026-10')![0]!;
    await portal.db.transaction(async (tx) =>
      appendToStream(
        tx,
        `period-${accountId}`,
        await streamVersion(tx, `period-${accountId}`),
        // The summary as a close wrote it then: no figure of returns charged.
        [{ type: 'PeriodClosed', data: { period: '2026-10', summary: [before as Summary] } }],
        { actor: null, emulatingActor: null, at },
      ),
    );
    expect((await closedSummary(portal.db, accountId, '2026-10'))?.summary).toEqual([
      { ...before, returnsChargedToReserve: '0' },
    ]);
  });

  it('replays into the same summaries, journals, files and read-model tables', async () => {
    const read = async () => {
      const answers: Record<string, string> = {};
      for (const period of PERIODS) {
        for (const path of [
          '',
          '/summary.csv',
          '/journal',
          '/journal?format=quickbooks',
          '/journal?format=xero&currency=USD',
          '/journal?format=trial-balance',
        ]) {
          const answer = await get(portal.app, owner, `/api/periods/${period}${path}`);
          expect(answer.statusCode, answer.body).toBe(200);
          answers[`${period}${path}`] = answer.body;
        }
      }
      return answers;
    };
    const before = await read();
    const tables = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(tables);
    expect(await read()).toEqual(before);
    // The summaries recomputed from the replayed ledger are the ones the closes kept.
    for (const period of PERIODS) {
      expect(await periodSummary(portal.db, label.accountId, period)).toEqual(
        summaries.get(period),
      );
    }
  });
});
