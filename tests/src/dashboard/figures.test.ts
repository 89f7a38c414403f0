import { describe, expect, it } from 'vitest';
import { currenciesOf, totalOf } from '../../../src/dashboard/figures';

const rows = [
  { currency: 'USD', net: '0.1' },
  { currency: 'EUR', net: '5' },
  { currency: 'USD', net: '0.2' },
  { currency: null, net: '7' },
  { currency: 'USD', net: '9007199254740993.000000000001' },
  { currency: 'USD', net: '-0.300000000001' },
];

describe('dashboard figures', () => {
  it('lists the currencies in the order they first appear, leaving out rows without one', () => {
    expect(currenciesOf(rows)).toEqual(['USD', 'EUR']);
  });

  it('sums a currency exactly, to the twelfth decimal, beyond what a float holds', () => {
    expect(totalOf(rows, 'USD', (row) => row.net)).toBe('9007199254740993');
    expect(totalOf(rows, 'EUR', (row) => row.net)).toBe('5');
    expect(totalOf(rows, 'GBP', (row) => row.net)).toBe('0');
  });

  it('refuses an amount that is not money rather than counting it as zero', () => {
    expect(() => totalOf([{ currency: 'USD', net: '1e3' }], 'USD', (row) => row.net)).toThrow(
      'not an amount: 1e3',
    );
  });
});
