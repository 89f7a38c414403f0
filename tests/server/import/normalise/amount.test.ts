import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  fromScaled,
  multiplyAmount,
  parseAmount,
  toScaled,
} from '../../../../server/import/normalise/amount';

const point = { decimalComma: false };
const comma = { decimalComma: true };

function value(raw: string, format = point): string {
  const result = parseAmount(raw, format);
  if (!result.ok) throw new Error(result.message);
  return result.value.value;
}

function message(raw: string, format = point): string {
  const result = parseAmount(raw, format);
  if (result.ok) throw new Error(`expected an error for ${raw}, got ${result.value.value}`);
  return result.message;
}

describe('parseAmount', () => {
  it.each([
    ['1,234.56', '1234.56'],
    ['1234.56', '1234.56'],
    ['-12.34', '-12.34'],
    ['(12.34)', '-12.34'],
    ['12.34-', '-12.34'],
    ['−12.34', '-12.34'],
    ['+7', '7'],
    ['$1,234.50', '1234.5'],
    ['-$12.34', '-12.34'],
    ['$-12.34', '-12.34'],
    ['US$ 3.00', '3'],
    ['€0.99', '0.99'],
    ['12.34 €', '12.34'],
    ['EUR 12.34', '12.34'],
    ['0.000123456789', '0.000123456789'],
    ['.5', '0.5'],
    ['007.10', '7.1'],
    ['-0.00', '0'],
    ['1 234 567.8', '1234567.8'],
    ["1'234.5", '1234.5'],
    ['4.1E-05', '0.000041'],
    ['1.5e3', '1500'],
    ['  42  ', '42'],
  ])('reads %s as %s', (raw, expected) => {
    expect(value(raw)).toBe(expected);
  });

  it.each([
    ['1.234,56', '1234.56'],
    ['(4,89)', '-4.89'],
    ['0,000123456789', '0.000123456789'],
    ['1.234.567,5', '1234567.5'],
    ['12,34 €', '12.34'],
    ['5', '5'],
  ])('reads %s with decimal commas as %s', (raw, expected) => {
    expect(value(raw, comma)).toBe(expected);
  });

  it('rounds past 12 places half to even and says so', () => {
    expect(parseAmount('0.0000000000005', point)).toEqual({
      ok: true,
      value: { value: '0', rounded: true },
    });
    expect(value('0.0000000000015')).toBe('0.000000000002');
    expect(value('0.0000000000025')).toBe('0.000000000002');
    expect(value('0.00000000000250001')).toBe('0.000000000003');
    expect(value('-1.9999999999995')).toBe('-2');
    expect(value('0.123456789012499')).toBe('0.123456789012');
    expect(parseAmount('1.1234567890120000', point)).toEqual({
      ok: true,
      value: { value: '1.123456789012', rounded: false },
    });
  });

  it('reads the largest amount the calculation takes', () => {
    expect(value('999,999,999,999,999.999999999999')).toBe('999999999999999.999999999999');
    expect(value('-999999999999999')).toBe('-999999999999999');
  });

  it('refuses what it cannot read exactly', () => {
    expect(message('')).toBe('Amount is missing');
    expect(message('   ')).toBe('Amount is missing');
    expect(message('12,34')).toMatch(/decimal comma/);
    expect(message('0.5', comma)).toMatch(/decimal point/);
    expect(message('1.2.3')).toMatch(/more than one decimal point/);
    expect(message('12,3456.00')).toMatch(/not a number/);
    expect(message('abc')).toMatch(/not a number/);
    expect(message('--5')).toMatch(/two minus signs/);
    expect(message('(5-)')).toMatch(/two minus signs/);
    expect(message('1e999')).toMatch(/out of range/);
    expect(message('123456789012345678901')).toMatch(/too large/);
    // Past the portal's limit on amounts (rules/money.ts): the calculation could not take it.
    expect(message('1234567890123456')).toMatch(/too large/);
    expect(message('-1,234,567,890,123,456.5')).toMatch(/too large/);
    expect(message('#N/A')).toMatch(/not a number/);
  });

  it('never evaluates a formula', () => {
    expect(message('=HYPERLINK("http://x","y")')).toMatch(/looks like a formula/);
    expect(message('=1+1')).toMatch(/looks like a formula/);
    expect(message('@SUM(A1:A2)')).toMatch(/looks like a formula/);
  });

  it('round-trips every 12-place decimal exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), (scaled) => {
        const text = fromScaled(scaled);
        expect(value(text)).toBe(text);
        expect(toScaled(text)).toBe(scaled);
      }),
    );
  });

  it('multiplies a per-unit amount exactly', () => {
    expect(multiplyAmount('0.69', 3)).toBe('2.07');
    expect(multiplyAmount('6.930000000001', -1)).toBe('-6.930000000001');
    expect(multiplyAmount('0.000000000001', 1_000_000)).toBe('0.000001');
  });
});
