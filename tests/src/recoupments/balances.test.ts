import { describe, expect, it } from 'vitest';
import {
  balanceOverTime,
  openBalances,
  recoupedPercent,
  startingBalance,
} from '../../../src/recoupments/balances';
import type { Remittance } from '../../../api/recoupments';

const remittance = (statementId: string, amount: string, debtor: string | null): Remittance => ({
  statementId,
  statementTitle: `Statement ${statementId}`,
  period: `2026-0${statementId}`,
  debtor: debtor === null ? null : { id: debtor, fullname: debtor },
  amount,
  at: 1_700_000_000,
});

describe('openBalances', () => {
  it('sums the remaining of open recoupments per currency, exactly, currencies sorted', () => {
    expect(
      openBalances([
        { status: 'open', currency: 'USD', remaining: '0.1' },
        { status: 'open', currency: 'USD', remaining: '0.2' },
        { status: 'open', currency: 'EUR', remaining: '10.005' },
        { status: 'closed', currency: 'USD', remaining: '99' },
        { status: 'deleted', currency: 'GBP', remaining: '5' },
      ]),
    ).toEqual([
      { currency: 'EUR', amount: '10.005' },
      { currency: 'USD', amount: '0.3' },
    ]);
  });

  it('is empty when nothing is open', () => {
    expect(openBalances([{ status: 'closed', currency: 'USD', remaining: '0' }])).toEqual([]);
  });
});

describe('recoupedPercent', () => {
  it('is the recouped share of the amount with one decimal, capped at 100', () => {
    expect(recoupedPercent({ amount: '500', recouped: '125' })).toBe(25);
    expect(recoupedPercent({ amount: '3', recouped: '1' })).toBe(33.3);
    expect(recoupedPercent({ amount: '10', recouped: '12' })).toBe(100);
  });

  it('counts an amount of zero as fully recouped', () => {
    expect(recoupedPercent({ amount: '0', recouped: '0' })).toBe(100);
  });
});

describe('balanceOverTime', () => {
  it('starts at the amount less prepaid', () => {
    expect(startingBalance({ amount: '500', prepaid: '50.5' })).toBe('449.5');
  });

  it('gives the balance after each statement, its debtors and the off-the-top cut together', () => {
    const points = balanceOverTime({ amount: '500', prepaid: '100' }, [
      remittance('1', '40', 'Ana'),
      remittance('1', '10.25', null),
      remittance('2', '0.75', 'Ana'),
      remittance('3', '349', 'Ben'),
    ]);
    expect(
      points.map(({ statementId, repaid, remaining }) => [statementId, repaid, remaining]),
    ).toEqual([
      ['1', '50.25', '349.75'],
      ['2', '0.75', '349'],
      ['3', '349', '0'],
    ]);
    expect(points[0]).toMatchObject({ statementTitle: 'Statement 1', period: '2026-01' });
  });

  it('has no points without remittances', () => {
    expect(balanceOverTime({ amount: '500', prepaid: '0' }, [])).toEqual([]);
  });
});
