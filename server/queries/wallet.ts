import type { Transaction, Wallet, WalletCurrencyBalance } from '../../api/payments';
import type { WalletBalances } from '../../api/wallet';
import { minorUnitsOf } from '../../rules/currencies';
import type { Queryable } from '../db/database';
import {
  LEDGER_MOVE_COLUMNS,
  listTransactions,
  toLedgerMove,
  type LedgerMoveRow,
  type PaymentScope,
} from './payments';

/** The default currency until accounts choose their own (SPEC section 9: USD). */
const DEFAULT_CURRENCY = 'USD';

/**
 * A person's ledger accounts are their balance with each label that pays them
 * (`payee:<account>:<person>`, see ledger/accounts.ts): `$1` is the person.
 */
const OWN_ACCOUNT = (column: string) =>
  `(split_part(${column}, ':', 1) = 'payee' and split_part(${column}, ':', 3) = $1)`;

/** The exact balance of a person in each currency they hold: credits less debits, never rounded. */
async function exactBalances(db: Queryable, personId: string): Promise<Map<string, string>> {
  const rows = await db.query<{ currency: string; amount: string }>(
    `select currency, trim_scale(sum(amount))::text as amount from (
       select currency, amount from ledger_transfers where ${OWN_ACCOUNT('credit_account')}
       union all
       select currency, -amount from ledger_transfers where ${OWN_ACCOUNT('debit_account')}) moves
      group by currency`,
    [personId],
  );
  return new Map(rows.map((row) => [row.currency, row.amount]));
}

/** The default currency first even when empty, then the others in order. */
function currenciesOf(balances: Map<string, string>): string[] {
  return [
    DEFAULT_CURRENCY,
    ...[...balances.keys()].filter((currency) => currency !== DEFAULT_CURRENCY).sort(),
  ];
}

/** SPEC section 7's payment-method/balance: the person's exact balance in each currency. */
export async function walletBalances(db: Queryable, personId: string): Promise<WalletBalances> {
  const balances = await exactBalances(db, personId);
  return currenciesOf(balances).map((currency) => ({
    total: { amount: balances.get(currency) ?? '0', currency },
  }));
}

/**
 * What the next payment can move (whole minor units of the currency) and what stays in the
 * balance; payable + remainder is the exact balance, to the last decimal.
 */
async function splitBalances(
  db: Queryable,
  balances: Map<string, string>,
): Promise<WalletCurrencyBalance[]> {
  const currencies = currenciesOf(balances);
  const rows = await db.query<{ currency: string; payable: string; remainder: string }>(
    `select b.currency,
            trim_scale(greatest(trunc(b.exact, b.minor), 0))::text as payable,
            trim_scale(b.exact - greatest(trunc(b.exact, b.minor), 0))::text as remainder
       from unnest($1::text[], $2::numeric[], $3::int[]) as b(currency, exact, minor)`,
    [
      currencies,
      currencies.map((currency) => balances.get(currency) ?? '0'),
      currencies.map(minorUnitsOf),
    ],
  );
  const byCurrency = new Map(rows.map((row) => [row.currency, row]));
  return currencies.map((currency) => ({
    currency,
    exact: balances.get(currency) ?? '0',
    payable: byCurrency.get(currency)?.payable ?? '0',
    remainder: byCurrency.get(currency)?.remainder ?? '0',
  }));
}

/** /wallet: the balance, the payouts that came in, and the transactions on their way. */
export async function readWallet(
  db: Queryable,
  personId: string,
  scope: PaymentScope,
): Promise<Wallet> {
  const incoming = await db.query<LedgerMoveRow>(
    `select ${LEDGER_MOVE_COLUMNS} from ledger_transfers where ${OWN_ACCOUNT('credit_account')}
      order by created_at desc, id limit 100`,
    [personId],
  );
  const own = { ...scope, account: null, payee: personId };
  const inStatus = async (statuses: Transaction['status'][]) =>
    (
      await Promise.all(
        statuses.map((status) => listTransactions(db, own, { status, limit: 100, offset: 0 })),
      )
    ).flatMap((list) => list.items);
  return {
    balances: await splitBalances(db, await exactBalances(db, personId)),
    incoming: incoming.map(toLedgerMove),
    active: await inStatus(['ACTIVE', 'PENDING']),
    prepared: await inStatus(['PREPARE']),
  };
}
