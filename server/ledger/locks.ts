import type { Queryable } from '../db/database';

/** The advisory lock space of ledger accounts (two-key locks, apart from the job queue's). */
const LEDGER_LOCKS = 72_400_002;

/**
 * Locks ledger accounts until the transaction ends, in one order so two movers never wait on each
 * other: whoever reads a balance to move money out of it holds its lock, so two movers never both
 * take the same money.
 */
export async function lockLedgerAccounts(tx: Queryable, accounts: readonly string[]) {
  for (const account of [...new Set(accounts)].sort()) {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [LEDGER_LOCKS, account]);
  }
}
