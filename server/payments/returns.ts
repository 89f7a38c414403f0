// Where the bank's return of a failed payment put its money, and whether a retry can take it
// back: returned money stays with its failed payment until it is retried, and a retry never moves
// more than what the return put back still holds.
import Decimal from 'decimal.js';
import type { Queryable } from '../db/database';
import { balancesOf } from '../events/readModels/ledgerTransfers';
import { fundingAccount } from '../ledger/accounts';
import { lockLedgerAccounts } from '../ledger/locks';

export interface ReturnedMoney {
  /** The ledger account the return credited: the label's funds, or the payee's returned money. */
  account: string;
  /** Whether that account still holds the payment's whole amount for its retry. */
  covered: boolean;
}

export interface FailedPayment {
  id: string;
  account_id: string;
  amount: string;
  currency: string;
  partner_transfer_id: string | null;
}

/** The ledger transfer that put the failed payment's money back (payments.ts names it). */
export const returnTransferId = (paymentId: string, partnerTransferId: string) =>
  `payment:${paymentId}:returned:${partnerTransferId}`;

/**
 * The return of the payment's last transfer, or null when nothing was put back. With passback on
 * the money went back to the label's funds, the payment source, which the retry pays from again.
 * Otherwise it went to an account only this payee's failed payments draw on; a return from before
 * that rule put it in the payee's balance, where a later payment may have taken it since. With
 * `lock`, the account is locked before its balance is read, for a mover that takes from it.
 */
export async function returnedMoneyOf(
  tx: Queryable,
  payment: FailedPayment,
  { lock }: { lock: boolean },
): Promise<ReturnedMoney | null> {
  if (!payment.partner_transfer_id) return null;
  const rows = await tx.query<{ credit_account: string }>(
    'select credit_account from ledger_transfers where id = $1',
    [returnTransferId(payment.id, payment.partner_transfer_id)],
  );
  const account = rows[0]?.credit_account;
  if (!account) return null;
  if (account === fundingAccount(payment.account_id)) return { account, covered: true };
  if (lock) await lockLedgerAccounts(tx, [account]);
  const held = (await balancesOf(tx, [account], payment.currency)).get(account) ?? '0';
  return { account, covered: new Decimal(held).gte(payment.amount) };
}
