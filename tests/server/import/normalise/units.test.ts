import { describe, expect, it } from 'vitest';
import { parseUnits } from '../../../../server/import/normalise/units';

const point = { decimalComma: false };

describe('parseUnits', () => {
  it.each([
    ['12', 12],
    ['1,204,331', 1204331],
    ['-3', -3],
    ['(3)', -3],
    ['12.0', 12],
    ['0', 0],
    ['-0', 0],
  ])('reads %s as %d', (raw, expected) => {
    expect(parseUnits(raw, point)).toEqual({ ok: true, value: expected });
  });

  it('reads grouping dots with decimal commas', () => {
    expect(parseUnits('1.234', { decimalComma: true })).toEqual({ ok: true, value: 1234 });
    expect(parseUnits('12,00', { decimalComma: true })).toEqual({ ok: true, value: 12 });
  });

  it.each([
    ['', 'Units is missing'],
    ['1.5', 'must be a whole number'],
    ['$3', 'not a number'],
    ['99999999999999999999', 'too large'],
    ['=A1', 'looks like a formula'],
  ])('refuses %j', (raw, text) => {
    const result = parseUnits(raw, point);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(text);
  });
});
