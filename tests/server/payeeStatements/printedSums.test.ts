// A payee statement PDF adds up on paper: the lines printed sum to the printed Earned, the
// recoupments to Recouped, and the totals to the payout and the carried balance, each with a
// Rounding line where rounding to the cent opened a gap, never one larger than the rounding.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PayeeStatement } from '../../../api/payeeStatements';
import { minorUnitsOf } from '../../../rules/currencies';
import { payeeStatementPdf } from '../../../server/payeeStatements/pdf';
import { pdfText, readPrinted, sumsThatFail } from './printedPdf';

/** An amount with up to 12 decimals, as the engine writes payouts: mostly fractions of a cent. */
const amount = (maxUnits: bigint, minUnits = 0n) =>
  fc
    .bigInt({ min: minUnits, max: maxUnits })
    .map((units) => new Decimal(units.toString()).dividedBy('1e12').toFixed());

const PRODUCTS = [
  'Glass Harbor',
  'Midnight Signals',
  'Paper Lanterns',
  // Long enough to wrap in its column: its amount stays on the row's last line.
  'A Very Long Title That Wraps Across Two Lines Of The Product Column',
];

const statements: fc.Arbitrary<PayeeStatement> = fc
  .record({
    currency: fc.constantFrom('USD', 'EUR', 'JPY'),
    lines: fc.array(
      fc.record({
        product: fc.constantFrom(...PRODUCTS),
        units: fc.nat({ max: 100_000 }),
        // A correction line may take money away.
        amount: amount(50n * 10n ** 12n, -2n * 10n ** 12n),
      }),
      { maxLength: 9 },
    ),
    recoupments: fc.array(
      fc.record({
        title: fc.constantFrom('Tour advance', 'Studio costs', 'Video shoot'),
        amount: amount(20n * 10n ** 12n, 1n),
      }),
      { maxLength: 4 },
    ),
    credited: fc.oneof(fc.constant('0'), amount(5n * 10n ** 12n)),
    broughtForward: fc.oneof(fc.constant('0'), amount(10n ** 12n, -(10n ** 12n))),
  })
  .map(({ currency, lines, recoupments, credited, broughtForward }) => {
    const sum = (amounts: string[]) =>
      amounts.reduce((total, value) => total.plus(value), new Decimal(0));
    const earned = sum(lines.map((line) => line.amount));
    const recouped = sum(recoupments.map((recoupment) => recoupment.amount));
    const payout = earned.minus(recouped).plus(credited);
    // The payment moves whole minor units of the balance; the rest is carried.
    const balance = payout.plus(broughtForward);
    const minor = minorUnitsOf(currency);
    const paid = balance.isPositive()
      ? balance.toDecimalPlaces(minor, Decimal.ROUND_DOWN)
      : new Decimal(0);
    return {
      statementId: 'st-1',
      period: '2026-09',
      distributor: 'DistroKid',
      account: 'Demo Records',
      currency,
      approvedAt: Date.UTC(2026, 9, 2) / 1000,
      earned: earned.toFixed(),
      recouped: recouped.toFixed(),
      credited,
      payout: payout.toFixed(),
      payee: { id: 'p-1', fullname: 'Paco Payee' },
      lines: lines.map((line, index) => ({
        productId: `pr-${index}`,
        product: line.product,
        code: `QZDM1260000${index}`,
        units: line.units,
        amount: line.amount,
        revenue: null,
        revenueView: null,
      })),
      recoupments: recoupments.map((recoupment, index) => ({
        recoupmentId: `r-${index}`,
        title: recoupment.title,
        amount: recoupment.amount,
      })),
      broughtForward,
      paid: paid.toFixed(),
      carried: balance.minus(paid).toFixed(),
    };
  });

describe('the payee statement PDF on paper', () => {
  it('prints figures that sum to its printed totals, to the last printed decimal', async () => {
    let rounded = 0;
    await fc.assert(
      fc.asyncProperty(statements, async (statement) => {
        const printed = readPrinted(await pdfText(await payeeStatementPdf(statement, 'en')));
        expect(sumsThatFail(printed)).toEqual([]);
        expect(printed.lines).toHaveLength(statement.lines.length);
        // Each line and total is its exact figure rounded; a Rounding line only closes the gap
        // rounding opened: at most half a minor unit for each figure it stands for.
        const half = new Decimal(10).pow(-minorUnitsOf(statement.currency)).dividedBy(2);
        statement.lines.forEach((line, index) =>
          expect(printed.lines[index]!.minus(line.amount).abs().lte(half)).toBe(true),
        );
        expect(
          printed.linesRounding.abs().lte(half.times(statement.lines.length + 1)),
          'lines rounding',
        ).toBe(true);
        expect(printed.payoutRounding.abs().lte(half.times(4))).toBe(true);
        expect(printed.balanceRounding.abs().lte(half)).toBe(true);
        // The balances are the ledger's own figures, every decimal.
        expect(printed.totals.get('Balance carried forward')?.toFixed()).toBe(
          new Decimal(statement.carried).toFixed(),
        );
        if (!printed.linesRounding.isZero() || !printed.payoutRounding.isZero()) rounded += 1;
      }),
      { numRuns: 40, seed: 20261128 },
    );
    // The generated statements do round: the property is not met by statements in whole cents.
    expect(rounded).toBeGreaterThan(15);
  }, 120_000);

  it('shows the issue’s example as an accountant reads it: $2.28 + $1.52 − $0.01 = $3.79', async () => {
    const text = await pdfText(
      await payeeStatementPdf(
        {
          statementId: 'st-1',
          period: '2026-09',
          distributor: 'DistroKid',
          account: 'Demo Records',
          currency: 'USD',
          approvedAt: Date.UTC(2026, 9, 2) / 1000,
          earned: '3.79',
          recouped: '0',
          credited: '0',
          payout: '3.79',
          payee: { id: 'p-1', fullname: 'Paco Payee' },
          lines: [
            {
              productId: 'a',
              product: 'Glass Harbor',
              code: 'QZ1',
              units: 10,
              amount: '2.275',
              revenue: null,
              revenueView: null,
            },
            {
              productId: 'b',
              product: 'Midnight',
              code: 'QZ2',
              units: 5,
              amount: '1.515',
              revenue: null,
              revenueView: null,
            },
          ],
          recoupments: [],
          broughtForward: '0',
          paid: '3.79',
          carried: '0',
        },
        'en',
      ),
    );
    const rows = text.split('\n').map((row) => row.trim());
    const lines = rows.slice(rows.indexOf('Product Code Units Amount') + 1);
    expect(lines.slice(0, 4)).toEqual([
      'Glass Harbor QZ1 10 $2.28',
      'Midnight QZ2 5 $1.52',
      'Rounding ($0.01)',
      'Earned $3.79',
    ]);
    expect(text).toContain('The CSV download gives every amount exactly.');
  });
});
