import type { Queryable } from '../../db/database';

/**
 * The kinds of ledger account that belong to one label, its id second in the name (server/ledger/
 * accounts.ts names them).
 */
const LABEL_ACCOUNT_KINDS = ['bank', 'funding', 'payee', 'payouts', 'paid', 'returned', 'reserve'];

/**
 * The label a transfer belongs to, in SQL over a transfer's `debit` and `credit` account names:
 * every transfer has a label's account on one side (the partner's fees and the micro-deposits'
 * cost are accounts of all labels, per currency).
 */
const transferLabelSql = (debit: string, credit: string) =>
  `case when split_part(${debit}, ':', 1) in (${LABEL_ACCOUNT_KINDS.map((kind) => `'${kind}'`).join(', ')})
        then split_part(${debit}, ':', 2) else split_part(${credit}, ':', 2) end`;

/** One movement of money between two ledger accounts, as the log keeps it. */
export interface LedgerTransfer {
  /** Stable, so the same transfer is never posted twice. */
  transferId: string;
  from: string;
  to: string;
  /** Exact decimal string, above zero. */
  amount: string;
  currency: string;
}

/** Posts transfers into the ledger table (projections call this; commands append events). */
export async function postTransfers(
  tx: Queryable,
  transfers: readonly LedgerTransfer[],
  context: { statementId: string | null; at: string },
): Promise<void> {
  if (transfers.length === 0) return;
  await tx.query(
    `insert into ledger_transfers (id, debit_account, credit_account, amount, currency, statement_id,
                                   created_at, account_id)
     select t.id, t.debit, t.credit, t.amount, t.currency, $6, $7,
            ${transferLabelSql('t.debit', 't.credit')}
       from unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::text[])
         as t(id, debit, credit, amount, currency)`,
    [
      transfers.map((transfer) => transfer.transferId),
      transfers.map((transfer) => transfer.from),
      transfers.map((transfer) => transfer.to),
      transfers.map((transfer) => transfer.amount),
      transfers.map((transfer) => transfer.currency),
      context.statementId,
      context.at,
    ],
  );
}

/** The exact balance of each ledger account named, in one currency: credits less debits. */
export async function balancesOf(
  tx: Queryable,
  accounts: readonly string[],
  currency: string,
): Promise<Map<string, string>> {
  const rows = await tx.query<{ account: string; balance: string }>(
    `select account, trim_scale(sum(amount))::text as balance from (
       select credit_account as account, amount from ledger_transfers
        where currency = $2 and credit_account = any($1::text[])
       union all
       select debit_account, -amount from ledger_transfers
        where currency = $2 and debit_account = any($1::text[])) moves
      group by account`,
    [accounts, currency],
  );
  return new Map(rows.map((row) => [row.account, row.balance]));
}
