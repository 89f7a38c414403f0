import { describe, expect, it } from 'vitest';
import {
  adjustmentBody,
  adjustmentProblem,
  emptyAdjustment,
} from '../../../src/statements/adjustmentRules';

const draft = { code: 'qzdm12600001', amount: '-3.25', units: '', description: ' Returns ' };

describe('adjustments entered by hand', () => {
  it('needs a code, a non-zero exact amount and a description', () => {
    expect(adjustmentProblem(emptyAdjustment)).toBe('statements.adjustments.code-required');
    expect(adjustmentProblem({ ...draft, amount: '1,5' })).toBe(
      'statements.adjustments.amount-invalid',
    );
    expect(adjustmentProblem({ ...draft, amount: '-12345678901234567' })).toBe(
      'statements.adjustments.amount-invalid',
    );
    expect(adjustmentProblem({ ...draft, amount: '-999999999999999.999999999999' })).toBeNull();
    expect(adjustmentProblem({ ...draft, amount: '-0.00' })).toBe(
      'statements.adjustments.amount-zero',
    );
    expect(adjustmentProblem({ ...draft, units: '1.5' })).toBe(
      'statements.adjustments.units-invalid',
    );
    expect(adjustmentProblem({ ...draft, description: ' ' })).toBe(
      'statements.adjustments.description-required',
    );
    expect(adjustmentProblem(draft)).toBeNull();
  });

  it('sends the amount as typed and units only when given', () => {
    expect(adjustmentBody(draft)).toEqual({
      code: 'QZDM12600001',
      amount: '-3.25',
      description: 'Returns',
    });
    expect(adjustmentBody({ ...draft, units: '12' }).units).toBe(12);
  });
});
