// The rules that hold a payment at the batch, each with its reason (never silent): a deleted
// person, a payee without a verified bank account, an account the portal's rail cannot pay in
// the currency, a business that has not certified, a payee who has not accepted the payment terms
// in force, a payee without a valid tax form, or a payee owed less than the label's payment
// minimum.
import type { HoldReason } from '../../api/payments';
import { accountKindOf } from '../../rules/bankDetails';
import { payoutMethodFor, type BankScheme, type PaymentRail } from '../../rules/paymentRails';
import { isDeletedPerson, isUncertifiedBusinessPayee } from '../queries/business';
import type { Queryable } from '../db/database';
import { taxFormStatusOf } from '../taxForms/forms';
import { acceptedCurrentTerms } from './terms';

/** Payments waiting on the batch: scheduled, or held by a rule. */
export const WAITING = `(p.state = 'NONE' or (p.state = 'HOLD' and p.hold_reason is not null))`;

const payeeKey = (accountId: string, payeeId: string, currency: string) =>
  `${accountId}:${payeeId}:${currency}`;

/**
 * The payees whose waiting payments together are below their label's payment minimum in the
 * currency (SPEC section 9: a configurable amount, 0 unless the label sets one). Read once per
 * batch, before any payment moves, so all of a payee's payments wait or go together; the next
 * batch pays once new statements have taken the sum to the minimum.
 */
export async function belowPaymentMinimum(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ account_id: string; payee_id: string; currency: string }>(
    `select s.account_id, p.payee_id, p.currency
       from payments p join statements s on s.id = p.statement_id
       join account_payment_minimums m on m.account_id = s.account_id and m.currency = p.currency
      where ${WAITING}
      group by s.account_id, p.payee_id, p.currency, m.amount
     having sum(p.amount) < m.amount`,
  );
  return new Set(rows.map((row) => payeeKey(row.account_id, row.payee_id, row.currency)));
}

/** Why a payment cannot move now, or null. Never silent: the reason is kept and shown. */
export async function holdReasonOf(
  tx: Queryable,
  payment: { account_id: string; payee_id: string; currency: string },
  belowMinimum: ReadonlySet<string>,
  rail: PaymentRail,
  now: Date,
): Promise<HoldReason | null> {
  // A deleted person's money stays in their balance, accounted for, and is never sent.
  if (await isDeletedPerson(tx, payment.payee_id)) return 'account-deleted';
  const method = await tx.query<{ scheme: BankScheme; bank_country: string; verified: boolean }>(
    `select scheme, bank_country, verified_at is not null as verified
       from payee_payment_methods where payee_id = $1`,
    [payment.payee_id],
  );
  const account = method[0];
  // Bank files pay USD to US accounts and EUR to SEPA IBANs: anything else waits, said so as soon
  // as the account is entered (before its deposits are checked: verifying it would not help).
  if (account) {
    const kind = accountKindOf(account.scheme, account.bank_country);
    if (payoutMethodFor(rail, payment.currency, kind) === null) return 'currency-not-payable';
  }
  if (!account?.verified) return 'no-verified-bank-account';
  // A business is paid once it certified its details and beneficial owners (SPEC section 5).
  if (await isUncertifiedBusinessPayee(tx, payment.payee_id)) return 'business-not-certified';
  // Paid once the payee accepted the payment terms in force (SPEC section 5); a new version waits.
  if (!(await acceptedCurrentTerms(tx, payment.payee_id))) return 'terms-not-accepted';
  // Paid once the payee signed a tax form that is valid now (a W-8 expires; issue 42).
  if ((await taxFormStatusOf(tx, payment.payee_id, now)) !== 'valid') return 'tax-form-missing';
  if (belowMinimum.has(payeeKey(payment.account_id, payment.payee_id, payment.currency))) {
    return 'below-payment-minimum';
  }
  return null;
}
