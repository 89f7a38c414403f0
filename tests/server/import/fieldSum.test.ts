// Units and revenue read from several columns added and subtracted, and a row's sign taken from
// a column: exact decimal sums, blank and unreadable cells, and the template's validation texts.
import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumAmounts, type SumTerm } from '../../../server/import/normalise/sum';
import { templateProblems, type DistributorTemplate } from '../../../server/import/templates';
import { fixture, parseFile } from './helpers';

/** Enough digits for any amount the portal takes, so the expectation is never rounded. */
const Decimal = DecimalJs.clone({ precision: 60 });

const HEADERS = [
  'ISRC',
  'Type',
  'Downloads',
  'Streams',
  'Label Share (Downloads)',
  'Label Share (Streams)',
  'Distribution Fee',
  'Currency',
];

/** A label's share split by use over two columns, less the distributor's fee; refunds by type. */
const SPLIT_SHARE: DistributorTemplate = {
  name: 'Split share',
  versions: [
    {
      name: 'Split share 2026',
      headers: HEADERS,
      fields: {
        codes: [{ column: 'ISRC', kind: 'isrc' }],
        units: { add: ['Downloads', 'Streams'] },
        revenue: {
          add: ['Label Share (Downloads)', 'Label Share (Streams)'],
          subtract: ['Distribution Fee'],
        },
        sign: { columns: ['Type'], negativeWhen: ['Refund', 'Void'] },
        currency: { columns: ['Currency'] },
      },
    },
  ],
};

describe('units and revenue summed from several columns', () => {
  it('reads every row exactly, refunds and voids negative whatever sign they are written with', async () => {
    const { records, rowErrors, summary } = await parseFile(
      'split-share-refunds.csv',
      fixture('split-share-refunds.csv'),
      SPLIT_SHARE,
    );
    expect(records.map((r) => [r.row, r.code, r.units, r.revenue, r.currency])).toEqual([
      // 0.1 + 0.2 − 0.03: 0.27, never 0.27000000000000002.
      [2, 'QZDM12600001', 12, '0.27', 'USD'],
      // A blank download count and share count as 0 beside the streams; a blank fee deducts nothing.
      [3, 'QZDM12600001', 5, '0.000000000007', 'USD'],
      [4, 'QZDM12600002', -1, '-0.8415', 'USD'],
      [5, 'QZDM12600002', -1, '-0.8415', 'USD'],
      // A fee above the share is written as it is: the row costs the label.
      [6, 'QZDM12600003', 1, '-0.1', 'USD'],
      // 'REFUND ' is a refund: case and spaces ignored.
      [9, 'QZDM12600004', -3, '-0.6', 'EUR'],
    ]);
    expect(rowErrors).toEqual([
      {
        row: 7,
        field: 'revenue',
        message: expect.stringMatching(/^Column 'Label Share \(Downloads\)': Amount '12\.5x'/),
      },
      {
        row: 8,
        field: 'units',
        message: "Units is missing: columns 'Downloads', 'Streams' are empty",
      },
      {
        row: 8,
        field: 'revenue',
        message:
          "Amount is missing: columns 'Label Share (Downloads)', 'Label Share (Streams)' are empty",
      },
    ]);
    expect(summary.revenueTotals).toEqual([
      { currency: 'USD', revenue: '-1.512999999993', records: 5 },
      { currency: 'EUR', revenue: '-0.6', records: 1 },
    ]);
  });

  it('decides the decimal separator from every summed column', async () => {
    // '1.234' alone could be either; the fee's '0,25' can only be a decimal comma.
    const text = [HEADERS.join(';'), 'QZDM12600001;Sale;1;;1.234;;0,25;EUR', ''].join('\n');
    const { records, rowErrors } = await parseFile('comma.csv', Buffer.from(text), SPLIT_SHARE);
    expect(rowErrors).toEqual([]);
    expect(records.map((r) => r.revenue)).toEqual(['1233.75']);
  });

  it('adds and subtracts any amounts exactly, as decimal arithmetic does', () => {
    // Up to 10^14 with 12 decimals: three of them stay within the portal's 15 digits.
    const amount = fc
      .bigInt({ min: -(10n ** 26n), max: 10n ** 26n })
      .map((scaled) => new Decimal(scaled.toString()).div(new Decimal(10).pow(12)).toFixed());
    const terms: SumTerm[] = [
      { column: 'A', index: 0, subtract: false },
      { column: 'B', index: 1, subtract: false },
      { column: 'C', index: 2, subtract: true },
    ];
    fc.assert(
      fc.property(amount, amount, amount, (a, b, c) => {
        const sum = sumAmounts([a, b, c], terms, { decimalComma: false });
        expect(sum).toEqual({
          ok: true,
          value: { value: new Decimal(a).plus(b).minus(c).toFixed(), rounded: false },
        });
      }),
      { seed: 20261128, numRuns: 300 },
    );
  });

  it('refuses a sum past the portal’s 15 digits, naming its columns', () => {
    const terms: SumTerm[] = [
      { column: 'Share A', index: 0, subtract: false },
      { column: 'Share B', index: 1, subtract: false },
    ];
    expect(sumAmounts(['999999999999999.5', '0.5'], terms, { decimalComma: false })).toEqual({
      ok: false,
      message: "Amount '1000000000000000', the sum of 'Share A', 'Share B', is too large",
    });
    expect(sumAmounts(['999999999999999.5', '-0.5'], terms, { decimalComma: false })).toEqual({
      ok: true,
      value: { value: '999999999999999', rounded: false },
    });
  });
});

describe('a template that sums columns or reads a sign', () => {
  const withFields = (fields: Record<string, unknown>) => ({
    name: 'T',
    versions: [
      {
        name: 'v',
        headers: HEADERS,
        fields: {
          codes: [{ column: 'ISRC', kind: 'isrc' }],
          units: { columns: ['Streams'] },
          revenue: { columns: ['Label Share (Streams)'] },
          ...fields,
        },
      },
    ],
  });

  it('is valid as the split share layout', () => {
    expect(templateProblems(SPLIT_SHARE)).toEqual([]);
  });

  it('says what is wrong with a sum or a sign', () => {
    expect(
      templateProblems(
        withFields({
          title: { add: ['Type'] },
          units: { add: [], subtract: ['Streams'] },
          revenue: {
            add: ['Label Share (Streams)', 'Net Revenue'],
            subtract: ['label share (streams)'],
          },
          sign: { columns: ['Sale or Void'], negativeWhen: ['Void'] },
        }),
      ),
    ).toEqual([
      'Version 1: fields.title cannot add or subtract columns: only units and revenue can',
      'Version 1: fields.units must be { add: [...], subtract: [...] } with at least one column to add',
      "Version 1: fields.revenue reads column 'Net Revenue', which must be among the identifying headers",
      "Version 1: fields.revenue lists column 'label share (streams)' twice",
      'Version 1: fields.sign must read a column among the identifying headers',
    ]);
    expect(templateProblems(withFields({ sign: { columns: ['Type'] } }))).toEqual([
      'Version 1: fields.sign must be { columns: [...], negativeWhen: [...] }',
    ]);
  });
});
