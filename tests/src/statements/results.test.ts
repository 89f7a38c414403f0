import { describe, expect, it } from 'vitest';
import {
  payeeSplits,
  payoutBars,
  revenueByCode,
  sumDecimals,
  tableLines,
} from '../../../src/statements/results';
import type { PayeeTotal, ResultLine } from '../../../api/statements';

const payees: PayeeTotal[] = [
  {
    payeeId: 'ann',
    fullname: 'Ann',
    earned: '0.1',
    recouped: '0',
    credited: '0',
    payout: '0.1',
  },
  {
    payeeId: 'bob',
    fullname: '',
    earned: '0.2',
    recouped: '0.05',
    credited: '0',
    payout: '0.15',
  },
];

const line = (code: string, payeeId: string, amount: string, units = 1): ResultLine => ({
  code,
  productId: 'p1',
  splitSetId: 's1',
  payeeId,
  units,
  amount,
});

describe('result views', () => {
  it('sums money exactly, as strings', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['0.000000000001', '-0.000000000001'])).toBe('0');
    expect(sumDecimals(['12345678901234567.123456789012', '0.000000000001'])).toBe(
      '12345678901234567.123456789013',
    );
    expect(sumDecimals([])).toBe('0');
  });

  it('splits: each payee with its share of the earnings, largest payout first', () => {
    const splits = payeeSplits(payees);
    expect(splits.map((split) => split.payeeId)).toEqual(['bob', 'ann']);
    expect(splits[0]?.name).toBe('bob');
    expect(splits.map((split) => split.share)).toEqual(['66.6667', '33.3333']);
  });

  it('revenue: the lines summed per code, units once per code and not once per payee', () => {
    const rows = revenueByCode([
      line('B', 'ann', '0.1', 4130),
      line('A', 'ann', '1.005'),
      line('B', 'bob', '0.2', 4130),
      line('B', 'cy', '0.3', 4130),
    ]);
    expect(rows).toEqual([
      { id: 'A', code: 'A', units: 1, amount: '1.005', payees: 1 },
      { id: 'B', code: 'B', units: 4130, amount: '0.6', payees: 3 },
    ]);
  });

  it('revenue: a code cut by a threshold counts the units of each part once', () => {
    const rows = revenueByCode([
      { ...line('C', 'ann', '1', 1000), splitSetId: 'base' },
      { ...line('C', 'bob', '1', 1000), splitSetId: 'base' },
      { ...line('C', 'ann', '2', 3130), splitSetId: 'escalated' },
      { ...line('C', 'bob', '2', 3130), splitSetId: 'escalated' },
    ]);
    expect(rows).toEqual([{ id: 'C', code: 'C', units: 4130, amount: '6', payees: 2 }]);
  });

  it('table: every line with its payee name', () => {
    const rows = tableLines([line('A', 'ann', '1'), line('A', 'zed', '2')], payees);
    expect(rows.map((row) => row.payeeName)).toEqual(['Ann', 'zed']);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2);
  });

  it('chart: bars keep the exact payout beside a length for the picture', () => {
    expect(payoutBars(payees)).toEqual([
      { id: 'bob', name: 'bob', payout: '0.15', length: 0.15 },
      { id: 'ann', name: 'Ann', payout: '0.1', length: 0.1 },
    ]);
  });
});
