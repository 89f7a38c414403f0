import Decimal from 'decimal.js';
import type { LabelFunds, Transaction, Wallet, WalletCurrencyBalance } from '../../api/payments';
import type { WalletBalances } from '../../api/wallet';
import { minorUnitsOf } from '../../rules/currencies';
import type { Queryable } from '../db/database';
import {
  fundingAccount,
  labelBankAccount,
  paidOutAccount,
  payoutsAccount,
} from '../ledger/accounts';
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

/**
 * The label's own money per currency, from the ledger (ledger/accounts.ts): what came in from its
 * bank, what reached the payees' banks, the partner's fees, what is owed to payees and not paid
 * yet (its payments on their way and its payees' balances), what banks returned and is kept for
 * failed payments, and its funding balance. Each account's balance is read from every transfer
 * that touches it: the payees' balances and returned money only ever move to or from the label's
 * funding, payments or paid-out accounts, so the transfers touching those four hold all of them.
 */
export async function labelFunds(db: Queryable, accountId: string): Promise<LabelFunds[]> {
  const bank = labelBankAccount(accountId);
  const funding = fundingAccount(accountId);
  const payouts = payoutsAccount(accountId);
  const paid = paidOutAccount(accountId);
  const rows = await db.query<Omit<LabelFunds, 'currency'> & { currency: string }>(
    `with moves as (
       select debit_account, credit_account, amount, currency from ledger_transfers
        where debit_account = any($1::text[]) or credit_account = any($1::text[])),
     sides as (
       select currency, credit_account as account, amount from moves
       union all
       select currency, debit_account, -amount from moves),
     figures as (
       select currency,
              coalesce(-sum(amount) filter (where account = $2), 0) as received,
              coalesce(sum(amount) filter (where account = $5), 0) as paid_out,
              coalesce(sum(amount) filter (where split_part(account, ':', 1) = 'fees'), 0) as fees,
              coalesce(sum(amount) filter (where account = $4
                                              or split_part(account, ':', 1) = 'payee'), 0) as held,
              coalesce(sum(amount) filter (where split_part(account, ':', 1) = 'returned'), 0)
                as returned_kept,
              coalesce(sum(amount) filter (where account = $3), 0) as left_over
         from sides group by currency),
     passback as (
       select currency,
              coalesce(sum(amount) filter (where credit_account = $3
                                             and debit_account in ($4, $5)), 0)
            - coalesce(sum(amount) filter (where debit_account = $3 and credit_account = $4), 0)
                as returned_to_funds
         from moves group by currency)
     select f.currency, trim_scale(f.received)::text as received,
            trim_scale(f.paid_out)::text as "paidOut", trim_scale(f.fees)::text as fees,
            trim_scale(f.held)::text as held, trim_scale(f.returned_kept)::text as "returnedKept",
            trim_scale(p.returned_to_funds)::text as "returnedToFunds",
            trim_scale(f.left_over)::text as "left"
       from figures f join passback p using (currency)`,
    [[bank, funding, payouts, paid], bank, funding, payouts, paid],
  );
  const byCurrency = new Map(rows.map((row) => [row.currency, row]));
  const none = { received: '0', paidOut: '0', fees: '0', held: '0', returnedKept: '0' };
  return currenciesOf(new Map(rows.map((row) => [row.currency, row.left]))).map((currency) => {
    const row = byCurrency.get(currency);
    return row ? { ...row, currency } : { currency, ...none, returnedToFunds: '0', left: '0' };
  });
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
    // The label's side of the wallet: never shown to a payee.
    ...(scope.account !== null ? { funds: await labelFunds(db, scope.account) } : {}),
    ...(await ownReserves(db, personId)),
  };
}

/** What reserves against returns hold of the person's payouts, and when each part comes back. */
async function ownReserves(db: Queryable, personId: string): Promise<Pick<Wallet, 'reserves'>> {
  const rows = await db.query<{ currency: string; period: string; due_on: string; amount: string }>(
    `select currency, due_period as period, to_char(due_on, 'YYYY-MM-DD') as due_on,
            trim_scale(sum(amount - charged - released))::text as amount
       from reserve_releases
      where payee_id = $1 and amount - charged - released > 0
      group by currency, due_period, due_on order by currency, due_on`,
    [personId],
  );
  if (rows.length === 0) return {};
  const currencies = [...new Set(rows.map((row) => row.currency))];
  return {
    reserves: currencies.map((currency) => {
      const own = rows.filter((row) => row.currency === currency);
      return {
        currency,
        held: own.reduce((sum, row) => sum.plus(row.amount), new Decimal(0)).toFixed(),
        releases: own.map((row) => ({ period: row.period, dueOn: row.due_on, amount: row.amount })),
      };
    }),
  };
}
