// The year-end files equal the payments completed in the year (issue 42): over generated payments
// across years, payees, currencies and states, the 1099-MISC file lists exactly the US payees
// whose USD payments completed in the calendar year sum to $10 or more, with that sum; the
// 1042-S file every payee abroad with what they were paid in each currency and 0 withheld.
// Failed (returned) and unfinished payments count in no year.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { CsvParser, type CsvRow } from '../../../server/import/csv';
import { registerUser } from '../../../server/services/registration';
import { signTaxForm } from '../../../server/taxForms/forms';
import { form1042Csv, form1099Csv } from '../../../server/taxForms/yearEnd';
import { TEST_START, testDataKey } from '../databaseTemplates';
import { freshDatabase } from '../harness';
import { w8benFor } from '../fixtures/taxForms';

const SEED = 20_261_129;
const RUNS = 25;
const YEARS = [2025, 2026, 2027] as const;

function parse(text: string): string[][] {
  const parser = new CsvParser(',');
  const rows: CsvRow[] = [];
  parser.push(text, rows);
  parser.end(rows);
  return rows.map((row) => row.cells);
}

interface Generated {
  payee: number;
  currency: 'USD' | 'EUR';
  state: 'COMPLETED' | 'FAILED' | 'TRANSFER' | 'NONE';
  cents: number;
  completedAt: number;
}

describe('year-end figures', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let accountId: string;
  let statementId: string;
  /** The demo's three US payees (each signed a W-9), one payee abroad, one who signed nothing. */
  const payees: { id: string; name: string; us: boolean }[] = [];
  const metadata = { actor: null, emulatingActor: null, at: TEST_START };

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase({ demo: true }));
    const [label] = await db.query<{ id: string }>(
      "select id from accounts where name = 'Demo Records'",
    );
    accountId = label!.id;
    for (const row of await db.query<{ id: string; fullname: string }>(
      `select id, fullname from users where username in
         ('label@demo.label', 'artist@demo.label', 'payee@demo.label') order by username`,
    ))
      payees.push({ id: row.id, name: row.fullname, us: true });
    const register = (username: string, fullname: string) =>
      db.transaction((tx) =>
        registerUser(
          tx,
          { accountId, username, fullname, roles: ['payee'], passwordHash: 'x' },
          metadata,
        ),
      );
    const abroad = await register('fleur@abroad.example', 'Fleur Abroad');
    await db.transaction((tx) =>
      signTaxForm(tx, testDataKey, abroad, w8benFor('Fleur Abroad'), metadata),
    );
    payees.push({ id: abroad, name: 'Fleur Abroad', us: false });
    // No form and no country on file: reported as a US payee, the TIN left empty.
    payees.push({
      id: await register('nolan@none.example', 'Nolan None'),
      name: 'Nolan None',
      us: true,
    });
    const [distributor] = await db.query<{ id: string }>('select id from distributors limit 1');
    statementId = 'year-end-statement';
    await db.query(
      `insert into statements (id, account_id, distributor_id, period, title, received_at,
                               parse_status, version, state)
       values ($1, $2, $3, '2026-01', 'Year end', $4, 'parsed', 1, 'approved')`,
      [statementId, accountId, distributor!.id, TEST_START],
    );
  });
  afterAll(() => drop());

  const boundary = fc.constantFrom(
    ...YEARS.flatMap((year) => [Date.UTC(year, 0, 1), Date.UTC(year, 0, 1) - 1]),
  );
  const payment = fc.record({
    payee: fc.integer({ min: 0, max: 4 }),
    currency: fc.constantFrom('USD' as const, 'USD' as const, 'EUR' as const),
    state: fc.constantFrom(
      'COMPLETED' as const,
      'COMPLETED' as const,
      'FAILED' as const,
      'TRANSFER' as const,
      'NONE' as const,
    ),
    cents: fc.integer({ min: 1, max: 900 }),
    completedAt: fc.oneof(
      boundary,
      fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) - 1 }),
    ),
  });

  it('lists in the 1099-MISC file exactly the US payees paid $10 or more in the year, and the others in the 1042-S file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(payment, { maxLength: 25 }), async (generated: Generated[]) => {
        await db.query("delete from payments where id like 'year-end-%'");
        for (const [index, item] of generated.entries()) {
          // A payment the bank returned has FAILED with its completion cleared; one still
          // carrying a time counts no more.
          await db.query(
            `insert into payments (id, statement_id, payee_id, amount, currency, state, origin,
                                   created_at, completed_at)
             values ($1, $2, $3, $4, $5, $6, 'proceeds', $7, $8)`,
            [
              `year-end-${index}`,
              statementId,
              payees[item.payee]!.id,
              new Decimal(item.cents).div(100).toFixed(2),
              item.currency,
              item.state,
              new Date(Date.UTC(2025, 0, 1)),
              item.state === 'NONE' ? null : new Date(item.completedAt),
            ],
          );
        }
        for (const year of YEARS) {
          const paid = new Map<string, Decimal>();
          for (const item of generated) {
            if (item.state !== 'COMPLETED') continue;
            if (new Date(item.completedAt).getUTCFullYear() !== year) continue;
            const key = `${item.payee}:${item.currency}`;
            paid.set(key, (paid.get(key) ?? new Decimal(0)).plus(new Decimal(item.cents).div(100)));
          }
          const expected1099 = payees
            .flatMap((payee, index) => {
              const usd = paid.get(`${index}:USD`);
              return payee.us && usd && usd.gte(10) ? [[payee.name, usd.toFixed(2)]] : [];
            })
            .sort();
          const [header, ...rows] = parse(await form1099Csv(db, testDataKey(), accountId, year));
          const name = header!.indexOf('Recipient name');
          const box2 = header!.indexOf('Box 2 royalties');
          expect(rows.map((row) => [row[name], row[box2]]).sort(), `${year}`).toEqual(expected1099);
          for (const row of rows) expect(row[0]).toBe(String(year));

          const expected1042 = payees
            .flatMap((payee, index) =>
              payee.us
                ? []
                : (['EUR', 'USD'] as const).flatMap((currency) => {
                    const gross = paid.get(`${index}:${currency}`);
                    return gross ? [[payee.name, currency, gross.toFixed(2), '12', '0.00']] : [];
                  }),
            )
            .sort();
          const [head, ...lines] = parse(await form1042Csv(db, accountId, year));
          const columns = [
            'Recipient name',
            'Currency',
            'Gross income paid',
            'Income code',
            'Tax withheld',
          ].map((column) => head!.indexOf(column));
          expect(lines.map((line) => columns.map((at) => line[at])).sort(), `${year}`).toEqual(
            expected1042,
          );
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
