// Where the money of a payment comes from (SPEC section 3: origin, recoupment or proceeds), read
// from the payee's figures of the statement that prepared it.
import Decimal from 'decimal.js';
import type { PayeeRole, Role } from './permissions';
import { payeeRoles } from './permissions';

export type PaymentOrigin = 'proceeds' | 'recoupment';

/** A payee's figures on one statement, exact decimal text (earned − recouped + credited = payout). */
export interface PayeeFigures {
  /** What their shares of the statement's lines earned. */
  earned: string;
  /** What recoupments took from what they earned. */
  recouped: string;
  /** What recoupments paid back to them, as the creditor of an advance or an expense. */
  credited: string;
}

/**
 * Recoupment when more of what the statement credited the payee came from recoupments paying them
 * back (an advance's payee repaid by its debtors) than from their own proceeds left after
 * recoupment; proceeds otherwise. One payment has one origin: a payee credited both is shown the
 * larger part.
 */
export function paymentOriginOf(figures: PayeeFigures): PaymentOrigin {
  const ownProceeds = new Decimal(figures.earned).minus(figures.recouped);
  return new Decimal(figures.credited).greaterThan(Decimal.max(ownProceeds, 0))
    ? 'recoupment'
    : 'proceeds';
}

/** The role a payee is paid in: the first of the payee roles they hold, payee when none. */
export function payeeRoleOf(roles: readonly Role[]): PayeeRole {
  return payeeRoles.find((role) => roles.includes(role)) ?? 'payee';
}
