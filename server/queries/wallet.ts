import type { WalletBalances } from '../../api/wallet';
import type { Queryable } from '../db/database';

/** The account's default currency until accounts choose their own (SPEC section 9: USD). */
const DEFAULT_CURRENCY = 'USD';

/** The account's balance in each currency it holds, the default currency first even when empty. */
export async function walletBalances(db: Queryable, accountId: string): Promise<WalletBalances> {
  const rows = await db.query<{ currency: string; amount: string }>(
    `select currency, trim_scale(sum(amount))::text as amount from wallet_entries
      where account_id = $1 group by currency`,
    [accountId],
  );
  const byCurrency = new Map(rows.map((row) => [row.currency, row.amount]));
  const currencies = [
    DEFAULT_CURRENCY,
    ...[...byCurrency.keys()].filter((c) => c !== DEFAULT_CURRENCY).sort(),
  ];
  return currencies.map((currency) => ({
    total: { amount: byCurrency.get(currency) ?? '0', currency },
  }));
}
