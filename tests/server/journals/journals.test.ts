// Journals for the books: a label's closed period as journal entries by kind of movement, each
// debit equal to its credit; the QuickBooks Online and Xero files and the trial balance read
// back into the same entries; their totals tie to the ledger's transfers of the period; the
// label's own account codes; replay; and who may read them.
//
// And a property, the journal of any ledger: a label's generated movements of every kind the
// portal posts (funds, payouts, negative payouts, reserves, payments, fees, micro-deposits,
// returns, retries), in several currencies and with up to 12 decimals, posted through the projections' own writer and
// closed over two or three periods. For each closed period:
//   - every entry debits what it credits;
//   - what the entries move through a category, exact, is what the ledger moved through the
//     accounts that category books (payee balances = royalties payable, reserves = reserve for
//     returns, payments on their way = payments in transit, the label's bank = cash at bank, fees
//     and micro-deposits = payment fees), and all the period's transfers are in its entries;
//   - the books, in minor units, hold the ledger rounded: what the closed periods booked of a
//     kind of movement is the ledger's total of it rounded once, never drifting;
//   - the QuickBooks file reads back into the entries that carry an amount.
import { Exact as Decimal } from '../../../server/journals/exact';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Journal } from '../../../api/journals';
import { minorUnitsOf } from '../../../rules/currencies';
import type { BookCategory } from '../../../rules/journals';
import { postTransfers } from '../../../server/events/readModels/ledgerTransfers';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { readCsv } from '../../../server/import/csv';
import { narrationOf, quickbooksCsv } from '../../../server/journals/exports';
import { buildJournal, periodEndDate } from '../../../server/journals/journal';
import {
  fundingAccount,
  labelBankAccount,
  microDepositsAccount,
  paidOutAccount,
  partnerFeesAccount,
  payeeAccount,
  payoutsAccount,
  returnedAccount,
} from '../../../server/ledger/accounts';
import { openAccount } from '../../../server/services/registration';
import { get, login, startPortal, write, type TestPortal } from '../harness';
import { ownLabel, type OwnLabel } from '../statements/labelStatements';
import { closePeriod } from '../../../server/periods/periods';

/** Account numbers the sandbox bank settles, and one it returns every transfer to (R01). */
const SETTLES = '5555556789';
const RETURNS = '5555550001';

async function rowsOf(text: string): Promise<string[][]> {
  const rows: string[][] = [];
  async function* chunks() {
    await Promise.resolve();
    yield text;
  }
  for await (const row of readCsv(chunks(), { delimiter: ',' })) rows.push(row.cells);
  return rows;
}

const sum = (values: readonly (string | null)[]) =>
  values.reduce((total, value) => total.plus(value ?? 0), new Decimal(0));

/** Every entry debits what it credits, in its currency. */
function expectBalanced(journal: Journal) {
  for (const entry of journal.entries) {
    expect(entry.lines).toHaveLength(2);
    expect(sum(entry.lines.map((line) => line.debit)).toFixed(), entry.description).toBe(
      sum(entry.lines.map((line) => line.credit)).toFixed(),
    );
  }
}

const SEED = 20261129;
const CURRENCIES = ['USD', 'EUR', 'JPY'] as const;
const PERIODS = ['2026-01', '2026-02', '2026-03'];

type Side = (label: string, payee: string, currency: string) => string;
const reserve: Side = (label, payee) => `reserve:${label}:${payee}`;
const bank: Side = (label) => labelBankAccount(label);
const funding: Side = (label) => fundingAccount(label);
const payee: Side = (label, who) => payeeAccount(label, who);
const payouts: Side = (label) => payoutsAccount(label);
const paid: Side = (label) => paidOutAccount(label);
const returned: Side = (label, who) => returnedAccount(label, who);
const fees: Side = (_label, _payee, currency) => partnerFeesAccount(currency);
const microDeposits: Side = (_label, _payee, currency) => microDepositsAccount(currency);

/**
 * Every pair of accounts the portal moves money between (server/journals/movements.ts), and the
 * kind of transfer where the pair does not tell the movement.
 */
const MOVES: [Side, Side, string?][] = [
  [bank, funding],
  [funding, payee],
  [payee, funding],
  [payee, reserve],
  [reserve, payee],
  [reserve, payee, 'reserve-return'],
  [payee, payouts],
  [payouts, paid],
  [funding, fees],
  [funding, microDeposits],
  [payouts, funding],
  [payouts, returned],
  [paid, funding],
  [paid, returned],
  [funding, payouts],
  [returned, payouts],
  [payouts, payee],
  [paid, payee],
];

/** The ledger account kinds whose balance a category books, and the side it grows on in the books. */
const TIES: { category: BookCategory; kinds: string[]; grows: 'debit' | 'credit' }[] = [
  { category: 'royaltiesPayable', kinds: ['payee'], grows: 'credit' },
  { category: 'reserveForReturns', kinds: ['reserve'], grows: 'credit' },
  { category: 'paymentsInTransit', kinds: ['payouts'], grows: 'credit' },
  { category: 'cashAtBank', kinds: ['bank'], grows: 'debit' },
  { category: 'paymentFees', kinds: ['fees', 'microdeposits'], grows: 'debit' },
];

const transfer = fc.record({
  move: fc.integer({ min: 0, max: MOVES.length - 1 }),
  payee: fc.constantFrom('p1', 'p2'),
  currency: fc.constantFrom(...CURRENCIES),
  units: fc.bigInt({ min: 1n, max: 10n ** 14n }),
  decimals: fc.constantFrom(0, 2, 4, 12),
});
const ledger = fc.array(fc.array(transfer, { minLength: 1, maxLength: 10 }), {
  minLength: 2,
  maxLength: 3,
});

describe('journals for the books', () => {
  let portal: TestPortal;
  let label: OwnLabel;
  let march: Journal;
  /** The label's owner closes a month from the periods page's call. */
  const closeMonth = async (period: string) => {
    const closed = await write(portal.app, label.owner, 'POST', `/api/periods/${period}/close`);
    expect(closed.statusCode, closed.body).toBeLessThan(300);
  };
  beforeAll(async () => {
    portal = await startPortal();
    // Paco's bank settles his payments, Aria's returns hers; Paco advanced Aria 5.00, recouped
    // at half of what she earns.
    label = await ownLabel(portal, {
      name: 'Ledger Books Records',
      isrc: 'QZJRN2600001',
      payees: {
        paco: { fullname: 'Paco Books', pct: '60', bank: SETTLES },
        aria: { fullname: 'Aria Books', pct: '40', bank: RETURNS },
      },
    });
    const advance = await write(portal.app, label.owner, 'POST', '/api/recoupments', {
      type: 'advance',
      title: 'Studio advance',
      amount: '5',
      recoupablePct: '50',
      creditorId: label.payees.paco?.id,
      debtorIds: [label.payees.aria?.id],
    });
    expect(advance.statusCode, advance.body).toBe(201);
    await label.settle('2026-03', '100.0071');
    await portal.app.runPaymentBatch();
    // The sandbox bank answers a minute later, its webhooks a second after; then the fee.
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    await portal.app.tickPartner();
    await closeMonth('2026-03');
    march = (await get(portal.app, label.owner, '/api/periods/2026-03/journal')).json();
  });
  afterAll(() => portal.close());

  it('books every kind of movement of the period once per currency, each debit equal to its credit', async () => {
    expectBalanced(march);
    expect(march.date).toBe('2026-03-31');
    const byMovement = Object.fromEntries(march.entries.map((entry) => [entry.movement, entry]));
    expect(Object.keys(byMovement).sort()).toEqual(
      [
        'advancesRecouped',
        'fundsReceived',
        'partnerFees',
        'paymentsMade',
        'paymentsPrepared',
        'paymentsReturned',
        'recoupmentsCredited',
        'royaltiesEarned',
      ].sort(),
    );
    expect(byMovement.fundsReceived).toMatchObject({
      currency: 'USD',
      description: 'Funds received from the label’s bank',
      ledgerAmount: '100.0071',
      lines: [
        { category: 'royaltyFundsHeld', code: '1010', debit: '100.01', credit: null },
        { category: 'cashAtBank', code: '1000', debit: null, credit: '100.01' },
      ],
    });
    // Aria's 40 is recouped 20 at most, 5 here: paid to Paco, her creditor, within his payout.
    expect(byMovement.advancesRecouped?.ledgerAmount).toBe('5');
    expect(byMovement.recoupmentsCredited?.ledgerAmount).toBe('5');
    expect(byMovement.partnerFees?.ledgerAmount).toBe('0.25');
    // The payouts are exact to 12 decimals; the books take them in cents.
    expect(byMovement.royaltiesEarned?.ledgerAmount).toBe('100.0071');
    expect(byMovement.royaltiesEarned?.lines[0]?.debit).toBe('100.01');
    const payments = await portal.db.query<{ state: string; amount: string }>(
      `select p.state, trim_scale(p.amount)::text as amount from payments p
         join statements s on s.id = p.statement_id where s.account_id = $1 order by p.amount desc`,
      [label.accountId],
    );
    expect(byMovement.paymentsMade?.ledgerAmount).toBe(payments[0]?.amount);
    expect(byMovement.paymentsReturned?.ledgerAmount).toBe(payments[1]?.amount);
  });

  it("ties to the ledger: the entries' exact amounts are the period's transfers, and nothing else", async () => {
    const transfers = await portal.db.query<{ currency: string; total: string; count: string }>(
      `select currency, trim_scale(sum(amount))::text as total, count(*)::text as count
         from ledger_transfers where account_id = $1 and period = '2026-03' group by currency`,
      [label.accountId],
    );
    const recoupments = march.entries.filter((entry) =>
      ['advancesRecouped', 'recoupmentsCredited'].includes(entry.movement),
    );
    const fromLedger = march.entries.filter((entry) => !recoupments.includes(entry));
    expect(transfers).toHaveLength(1);
    expect(sum(fromLedger.map((entry) => entry.ledgerAmount)).toFixed()).toBe(transfers[0]?.total);
    const [remitted] = await portal.db.query<{ total: string }>(
      `select trim_scale(sum(rr.amount))::text as total from recoupment_remittances rr
         join statements s on s.id = rr.statement_id where s.account_id = $1`,
      [label.accountId],
    );
    expect(recoupments.find((entry) => entry.movement === 'advancesRecouped')?.ledgerAmount).toBe(
      remitted?.total,
    );
  });

  it('exports QuickBooks Online and Xero files and a trial balance that read back into the same entries', async () => {
    // As the label's account codes are now (another test maps one).
    const { xeroTaxRate: taxRate } = (
      await get(portal.app, label.owner, '/api/book-settings')
    ).json();
    const march: Journal = (
      await get(portal.app, label.owner, '/api/periods/2026-03/journal')
    ).json();
    const quickbooks = await get(
      portal.app,
      label.owner,
      '/api/periods/2026-03/journal?format=quickbooks',
    );
    expect(quickbooks.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(quickbooks.headers['content-disposition']).toBe(
      'attachment; filename="quickbooks-journal-2026-03.csv"',
    );
    const [qboHeader, ...qboRows] = await rowsOf(quickbooks.body);
    expect(qboHeader).toEqual([
      'Journal No',
      'Journal Date',
      'Account',
      'Debits',
      'Credits',
      'Description',
      'Name',
      'Currency Code',
      'Memo',
    ]);
    expect(qboRows).toEqual(
      march.entries.flatMap((entry) =>
        entry.lines.map((line) => [
          entry.number,
          '03/31/2026',
          line.name,
          line.debit ?? '',
          line.credit ?? '',
          entry.description,
          '',
          'USD',
          narrationOf(march, entry),
        ]),
      ),
    );

    const xero = await get(
      portal.app,
      label.owner,
      '/api/periods/2026-03/journal?format=xero&currency=USD',
    );
    const [xeroHeader, ...xeroRows] = await rowsOf(xero.body);
    expect(xeroHeader?.slice(0, 6)).toEqual([
      '*Narration',
      '*Date',
      'Description',
      '*AccountCode',
      '*TaxRate',
      '*Amount',
    ]);
    // Xero groups a journal's lines by narration and date: each group sums to zero.
    const journals = new Map<string, string[][]>();
    for (const row of xeroRows)
      journals.set(`${row[0]}|${row[1]}`, [...(journals.get(`${row[0]}|${row[1]}`) ?? []), row]);
    expect(journals.size).toBe(march.entries.length);
    for (const entry of march.entries) {
      const rows = journals.get(`${narrationOf(march, entry)}|31/03/2026`) ?? [];
      expect(rows.map((row) => [row[3], row[4], row[5]])).toEqual(
        entry.lines.map((line) => [
          line.code,
          taxRate,
          line.debit ?? new Decimal(line.credit ?? 0).negated().toFixed(),
        ]),
      );
      expect(sum(rows.map((row) => row[5] ?? null)).isZero()).toBe(true);
    }

    const balance = await get(
      portal.app,
      label.owner,
      '/api/periods/2026-03/journal?format=trial-balance',
    );
    const [balanceHeader, ...balanceRows] = await rowsOf(balance.body);
    expect(balanceHeader).toEqual(['Currency', 'Account Code', 'Account Name', 'Debit', 'Credit']);
    const total = balanceRows.at(-1);
    const accounts = balanceRows.slice(0, -1);
    expect(total?.slice(0, 3)).toEqual(['USD', '', 'Total']);
    expect(total?.[3]).toBe(total?.[4]);
    expect(sum(accounts.map((row) => row[3] || null)).toFixed(2)).toBe(total?.[3]);
    // Each account's net is what the entries moved through its code.
    for (const row of accounts) {
      const lines = march.entries
        .flatMap((entry) => entry.lines)
        .filter((line) => line.code === row[1]);
      const net = sum(lines.map((line) => line.debit)).minus(sum(lines.map((line) => line.credit)));
      expect(row[3] ? row[3] : `-${row[4]}`, row[2]).toBe(net.toFixed(2));
    }
  });

  it("carries the rounding over: the books' total of two periods is the ledger's, rounded once", async () => {
    await label.settle('2026-04', '0.0033');
    await closeMonth('2026-04');
    const april: Journal = (
      await get(portal.app, label.owner, '/api/periods/2026-04/journal')
    ).json();
    expectBalanced(april);
    const earned = (journal: Journal) =>
      journal.entries.find((entry) => entry.movement === 'royaltiesEarned');
    // 100.0071 booked 100.01; 100.0104 in all books 100.01: April books nothing.
    expect(earned(april)?.ledgerAmount).toBe('0.0033');
    expect(earned(april)?.lines[0]?.debit).toBe('0.00');
    const quickbooks = await get(
      portal.app,
      label.owner,
      '/api/periods/2026-04/journal?format=quickbooks',
    );
    expect(
      (await rowsOf(quickbooks.body)).some((row) => row[5] === earned(april)?.description),
    ).toBe(false);
  });

  it('refuses a period that is not closed, and the label maps its own account codes', async () => {
    const open = await get(portal.app, label.owner, '/api/periods/2026-05/journal');
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(
      'This period is not closed yet: its journal is ready once the period is closed.',
    );
    const settings = (await get(portal.app, label.owner, '/api/book-settings')).json();
    const refused = await write(portal.app, label.owner, 'PUT', '/api/book-settings', {
      version: settings.version,
      accounts: [{ category: 'royaltyExpense', code: '50 00', name: 'Royalties' }],
      xeroTaxRate: 'No VAT',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'An account code is 1 to 20 letters, digits, dots or dashes, without spaces.',
    );
    const saved = await write(portal.app, label.owner, 'PUT', '/api/book-settings', {
      version: settings.version,
      accounts: [{ category: 'royaltyExpense', code: '6100', name: 'Artist royalties' }],
      xeroTaxRate: 'No VAT',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().accounts).toContainEqual({
      category: 'royaltyExpense',
      code: '6100',
      name: 'Artist royalties',
      isDefault: false,
    });
    const stale = await write(portal.app, label.owner, 'PUT', '/api/book-settings', {
      version: settings.version,
      accounts: [],
      xeroTaxRate: 'No VAT',
    });
    expect(stale.statusCode).toBe(409);
    const xero = await get(portal.app, label.owner, '/api/periods/2026-03/journal?format=xero');
    const rows = await rowsOf(xero.body);
    expect(rows).toContainEqual(expect.arrayContaining(['6100', 'No VAT', '100.01']));
    const quickbooks = await get(
      portal.app,
      label.owner,
      '/api/periods/2026-03/journal?format=quickbooks',
    );
    expect(await rowsOf(quickbooks.body)).toContainEqual(
      expect.arrayContaining(['Artist royalties', '100.01']),
    );
  });

  it('replays into the same books settings and the same journal', async () => {
    const journal = (await get(portal.app, label.owner, '/api/periods/2026-03/journal')).json();
    const before = await dumpReadModels(portal.db);
    const closed = await portal.db.query<{ period: string; closed_at: Date }>(
      'select period, closed_at from account_periods where account_id = $1 order by closed_at, period',
      [label.accountId],
    );
    await replayAll(portal.db);
    expect(
      await portal.db.query(
        'select period, closed_at from account_periods where account_id = $1 order by closed_at, period',
        [label.accountId],
      ),
    ).toEqual(closed);
    const after = await dumpReadModels(portal.db);
    expect(after.account_book_accounts).toEqual(before.account_book_accounts);
    expect(after.account_book_settings).toEqual(before.account_book_settings);
    expect((await get(portal.app, label.owner, '/api/periods/2026-03/journal')).json()).toEqual(
      journal,
    );
  });

  it("lets a label's statement readers read its journals, never a payee or another label", async () => {
    const paco = await login(portal.app, label.payees.paco?.username ?? '');
    const asPayee = await get(portal.app, paco, '/api/periods/2026-03/journal?format=quickbooks');
    expect(asPayee.statusCode).toBe(403);
    expect((await get(portal.app, paco, '/api/book-settings')).statusCode).toBe(403);
    // The demo label has closed no period: its owner reads its own books, not this label's.
    const lena = await login(portal.app, 'label@demo.label');
    const other = await get(portal.app, lena, '/api/periods/2026-03/journal');
    expect(other.statusCode).toBe(409);
    expect(other.body).not.toContain('100.01');
    const lenaSettings = (await get(portal.app, lena, '/api/book-settings')).json();
    expect(lenaSettings.accounts).toContainEqual({
      category: 'royaltyExpense',
      code: '5000',
      name: 'Royalty expense',
      isDefault: true,
    });
  });

  it('balances any generated ledger, ties it to the ledger by category, and books its rounding once', async () => {
    let runs = 0;
    let entries = 0;
    await fc.assert(
      fc.asyncProperty(ledger, async (periods) => {
        runs += 1;
        const opened = new Date(Date.UTC(2026, 0, 1));
        const label = await portal.db.transaction((tx) =>
          openAccount(tx, `Generated ${runs}`, 'label', {
            actor: null,
            emulatingActor: null,
            at: opened,
          }),
        );
        const booked = new Map<string, Decimal>();
        const exact = new Map<string, Decimal>();
        for (const [index, moves] of periods.entries()) {
          const period = PERIODS[index] ?? '';
          await postTransfers(
            portal.db,
            moves.map((move, n) => {
              const [from, to, kind] = MOVES[move.move] ?? MOVES[0]!;
              return {
                transferId: `${kind === undefined ? '' : `${kind}:`}${label}:${period}:${n}`,
                from: from(label, move.payee, move.currency),
                to: to(label, move.payee, move.currency),
                amount: new Decimal(move.units.toString()).dividedBy(10 ** move.decimals).toFixed(),
                currency: move.currency,
              };
            }),
            // Moves without a statement belong to the period they happened in.
            { statementId: null, at: new Date(Date.UTC(2026, index, 15)).toISOString() },
          );
          await closePeriod(portal.db, label, period, {
            actor: null,
            emulatingActor: null,
            at: new Date(Date.UTC(2026, 3, 1, 0, index + 1)),
          });
          const journal: Journal = await buildJournal(portal.db, label, period, 'en');
          entries += journal.entries.length;

          for (const entry of journal.entries) {
            const [debit, credit] = entry.lines;
            expect(debit?.debit).toBe(credit?.credit);
            expect(debit?.credit).toBeNull();
            expect(credit?.debit).toBeNull();
            expect(entry.movement).not.toBe('unclassified');
            const id = `${entry.currency}|${entry.movement}`;
            exact.set(id, (exact.get(id) ?? new Decimal(0)).plus(entry.ledgerAmount));
            booked.set(id, (booked.get(id) ?? new Decimal(0)).plus(debit?.debit ?? 0));
          }

          const ledgerTotal = await portal.db.query<{ total: string }>(
            `select coalesce(sum(amount), 0)::text as total from ledger_transfers
              where account_id = $1 and period = $2`,
            [label, period],
          );
          const entryTotal = journal.entries.reduce(
            (total, entry) => total.plus(entry.ledgerAmount),
            new Decimal(0),
          );
          expect(entryTotal.toFixed()).toBe(new Decimal(ledgerTotal[0]?.total ?? 0).toFixed());

          // What each kind of ledger account held more (or less) at the end of the period.
          const held = await portal.db.query<{ currency: string; kind: string; net: string }>(
            `select currency, kind, sum(amount)::text as net from (
               select currency, split_part(credit_account, ':', 1) as kind, amount
                 from ledger_transfers where account_id = $1 and period = $2
               union all
               select currency, split_part(debit_account, ':', 1), -amount
                 from ledger_transfers where account_id = $1 and period = $2) moves
              group by currency, kind`,
            [label, period],
          );
          for (const tie of TIES) {
            for (const currency of CURRENCIES) {
              const balance = held
                .filter((row) => row.currency === currency && tie.kinds.includes(row.kind))
                .reduce((total, row) => total.plus(row.net), new Decimal(0));
              // What an account holds grows with the ledger's credits; in the books that is a debit
              // of an asset or an expense (bank, fees) and a credit of a liability (what is owed).
              const ledgerNet = balance;
              const bookNet = journal.entries
                .filter((entry) => entry.currency === currency)
                .reduce((net, entry) => {
                  const sign = (side: 'debit' | 'credit') =>
                    entry.lines.some(
                      (line) => line.category === tie.category && line[side] !== null,
                    )
                      ? 1
                      : 0;
                  const grows = sign(tie.grows) - sign(tie.grows === 'debit' ? 'credit' : 'debit');
                  return net.plus(new Decimal(entry.ledgerAmount).times(grows));
                }, new Decimal(0));
              expect(bookNet.toFixed(), `${tie.category} ${currency} ${period}`).toBe(
                ledgerNet.toFixed(),
              );
            }
          }

          const [header, ...rows] = await rowsOf(quickbooksCsv(journal));
          expect(header?.[0]).toBe('Journal No');
          const withAmount = journal.entries.filter(
            (entry) => !new Decimal(entry.lines[0]?.debit ?? 0).isZero(),
          );
          expect(rows.map((row) => [row[0], row[2], row[3], row[4], row[7]])).toEqual(
            withAmount.flatMap((entry) =>
              entry.lines.map((line) => [
                entry.number,
                line.name,
                line.debit ?? '',
                line.credit ?? '',
                entry.currency,
              ]),
            ),
          );
        }
        for (const [id, total] of exact) {
          const currency = id.split('|')[0] ?? '';
          const rounded = total.toDecimalPlaces(minorUnitsOf(currency), Decimal.ROUND_HALF_UP);
          expect(booked.get(id)?.toFixed(), id).toBe(rounded.toFixed());
        }
      }),
      { seed: SEED, numRuns: 25 },
    );
    expect(runs).toBe(25);
    expect(entries).toBeGreaterThan(120);
  });

  it("dates a period's entries on its last day, a month's or a quarter's", () => {
    expect(periodEndDate('2026-03')).toBe('2026-03-31');
    expect(periodEndDate('2024-02')).toBe('2024-02-29');
    expect(periodEndDate('2026-Q2')).toBe('2026-06-30');
    expect(periodEndDate('2026-Q4')).toBe('2026-12-31');
  });
});
