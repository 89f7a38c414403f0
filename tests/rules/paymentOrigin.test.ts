import { describe, expect, it } from 'vitest';
import { payeeRoleOf, paymentOriginOf } from '../../rules/paymentOrigin';

describe('where a payment’s money comes from', () => {
  it('is proceeds when the payee earned it, recoupment when an advance’s payback paid most of it', () => {
    expect(paymentOriginOf({ earned: '9.00639', recouped: '3', credited: '0' })).toBe('proceeds');
    expect(paymentOriginOf({ earned: '1.00071', recouped: '0', credited: '3' })).toBe('recoupment');
    // Earned all recouped, and paid back by another's advance: all of it is a recoupment's.
    expect(paymentOriginOf({ earned: '2', recouped: '2', credited: '0.01' })).toBe('recoupment');
    // Half and half is the payee's own proceeds.
    expect(paymentOriginOf({ earned: '3', recouped: '1', credited: '2' })).toBe('proceeds');
  });

  it('names the role a payee is paid in, payee when they hold none of the payee roles', () => {
    expect(payeeRoleOf(['artist'])).toBe('artist');
    expect(payeeRoleOf(['owner', 'collaborator'])).toBe('collaborator');
    expect(payeeRoleOf(['owner'])).toBe('payee');
  });
});
