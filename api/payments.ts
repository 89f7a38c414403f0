// Payments, transactions and the wallet (SPEC sections 3 "Payment, transaction and transfer",
// 4 "Payment internal state" and "Transaction status", 6 "Wallet balance").
// Money is exact decimal text; a payment moves whole minor units of its currency.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf, ListQuery } from './common';

// Typed as the union of the values: a union built from a mapped array infers as never.
const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

/** The internal state of a payment, shown to admins only (SPEC section 4). */
export const paymentStates = [
  'NONE',
  'TRANSFER',
  'HOLD',
  'REMUNERATE',
  'COMPLETED',
  'FAILED',
] as const;
export type PaymentState = (typeof paymentStates)[number];

/** What everybody reads of a payment's state. */
export const paymentStatuses = ['scheduled', 'held', 'processing', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Why a payment waits instead of moving; always shown, never silent. */
export const holdReasons = [
  'no-verified-bank-account',
  'below-payment-minimum',
  'business-not-certified',
  'account-deleted',
  /** Bank files: the label's details its bank needs for the file are missing or not valid. */
  'bank-file-details-missing',
  /** The portal's rail cannot pay this currency to the payee's bank account. */
  'currency-not-payable',
  'terms-not-accepted',
  /** The payee has no valid tax form (W-9 or W-8): none signed, or a W-8 expired. */
  'tax-form-missing',
] as const;
export type HoldReason = (typeof holdReasons)[number];

/** The transaction status of SPEC section 4, and FAILED when the bank returned it. */
export const transactionStatuses = ['PREPARE', 'ACTIVE', 'PENDING', 'PROCESSED', 'FAILED'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** Where the paid money comes from (SPEC: origin, recoupment or proceeds). */
export const paymentOrigins = ['proceeds', 'recoupment'] as const;

const Decimal = Type.String({ maxLength: 40, description: 'Exact decimal amount' });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableEpoch = Type.Union([EpochSeconds, Type.Null()]);
const Id = Type.String({ minLength: 1, maxLength: 100 });

/** A bank's answer when it returns a transfer (an ACH return code such as R01). */
export const PaymentFailure = Type.Object({
  code: Type.String({ description: 'The bank return code, e.g. R01' }),
  message: Type.String({ description: 'What the bank said, in English as it sends it' }),
});
export type PaymentFailure = Static<typeof PaymentFailure>;

/** The failure code of a transfer cancelled before it reached the bank (not a bank's code). */
export const CANCELLED = 'CANCELLED';

export const Payment = Type.Object({
  id: Id,
  statementId: Id,
  statementTitle: Type.String(),
  accountId: Id,
  accountName: Type.String(),
  payeeId: Id,
  payeeName: Type.String(),
  origin: literals(paymentOrigins),
  /** What the payee receives: whole minor units. */
  amount: Decimal,
  /** What the payment partner charges for it, paid by the label: the label's and staff's only. */
  fee: Type.Optional(Decimal),
  /** amount + fee: what leaves the label's funds; the label's and staff's only. */
  total: Type.Optional(Decimal),
  currency: Type.String(),
  status: literals(paymentStatuses),
  holdReason: Type.Union([literals(holdReasons), Type.Null()]),
  failure: Type.Union([PaymentFailure, Type.Null()]),
  /** How many times an admin cleared a failure and tried again. */
  retries: Type.Integer({ minimum: 0 }),
  createdAt: EpochSeconds,
  completedAt: NullableEpoch,
  /**
   * What recoupments deducted from the payee's share on the statement before it was paid, exact;
   * null for payments prepared before it was kept.
   */
  deduction: Type.Union([Decimal, Type.Null()]),
  /** The role the payee is paid in (payee, collaborator, artist, warranter); null before kept. */
  role: Type.Union([Type.String(), Type.Null()]),
  /** How many of the statement's lines (product and code) contributed; null before kept. */
  contributingCount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** The payee's balance in the currency once this payment was taken from it; null before kept. */
  walletBalance: Type.Union([Decimal, Type.Null()]),
  /** Admins only: the internal state of SPEC section 4. */
  internalState: Type.Optional(literals(paymentStates)),
  /** Admins only: what the payment must still move, as exact decimal text (0 once completed). */
  delta: Type.Optional(Decimal),
});
export type Payment = Static<typeof Payment>;

export const Transaction = Type.Object({
  id: Id,
  paymentId: Id,
  statementId: Id,
  accountId: Id,
  accountName: Type.String(),
  payeeId: Id,
  payeeName: Type.String(),
  amount: Decimal,
  /** The payment partner's fee, paid by the label: the label's and staff's only. */
  fee: Type.Optional(Decimal),
  /** amount + fee: the label's and staff's only. */
  total: Type.Optional(Decimal),
  currency: Type.String(),
  status: literals(transactionStatuses),
  /** On: the funds go back to the payment source; off: they go to the payee (SPEC section 4). */
  passback: Type.Boolean(),
  /** The bank's trace number once the transfer is with the bank. */
  traceId: NullableString,
  bankTransferId: NullableString,
  transferredAt: NullableEpoch,
  createdAt: EpochSeconds,
});
export type Transaction = Static<typeof Transaction>;

/** One step of a payment's or a transaction's life, as the event log keeps it. */
export const PaymentHistoryEntry = Type.Object({
  sequence: Type.Integer(),
  at: EpochSeconds,
  status: Type.String({
    description: 'The user-facing status (payments) or status (transactions)',
  }),
  /** Admins only. */
  internalState: Type.Optional(Type.String()),
  actor: NullableString,
  emulatingActor: NullableString,
  failure: Type.Union([PaymentFailure, Type.Null()]),
  holdReason: Type.Union([literals(holdReasons), Type.Null()]),
  /**
   * A return after the bank had settled the transfer: the fee the label paid for it, which stays
   * paid.
   */
  feeKept: Type.Optional(Decimal),
});
export type PaymentHistoryEntry = Static<typeof PaymentHistoryEntry>;

/** A movement between two ledger accounts, named for the reader. */
export const LedgerMove = Type.Object({
  id: Id,
  kind: literals(['payout', 'payment', 'fee', 'return', 'settlement', 'reserve'] as const),
  from: Type.String(),
  to: Type.String(),
  amount: Decimal,
  currency: Type.String(),
  at: EpochSeconds,
  statementId: Type.Union([Id, Type.Null()]),
});
export type LedgerMove = Static<typeof LedgerMove>;

export const PaymentDetail = Type.Intersect([
  Payment,
  Type.Object({
    transactions: Type.Array(Transaction),
    transfers: Type.Array(LedgerMove),
    history: Type.Array(PaymentHistoryEntry),
    /**
     * Admins only: whether a retry can run now (a failed payment whose returned money is still
     * there, whole).
     */
    retryable: Type.Optional(Type.Boolean()),
    /**
     * Admins and the label's owner only: whether a cancel can run now (the transfer is with the
     * partner, not yet with the bank).
     */
    cancellable: Type.Optional(Type.Boolean()),
    /**
     * The label's and admins' (bank-file rail): the bank files the payment went out in, oldest
     * first (a payment returned and tried again goes out in a new file); absent when none.
     */
    bankFiles: Type.Optional(
      Type.Array(
        Type.Object({
          id: Type.String(),
          fileName: Type.String(),
          format: literals(['nacha', 'sepa'] as const),
          createdAt: EpochSeconds,
          submittedAt: Type.Union([EpochSeconds, Type.Null()]),
        }),
      ),
    ),
  }),
]);
export type PaymentDetail = Static<typeof PaymentDetail>;

export const TransactionDetail = Type.Intersect([
  Transaction,
  Type.Object({ history: Type.Array(PaymentHistoryEntry) }),
]);
export type TransactionDetail = Static<typeof TransactionDetail>;

export const PaymentListQuery = Type.Object(
  {
    ...ListQuery.properties,
    status: Type.Optional(literals(paymentStatuses)),
    statement: Type.Optional(Id),
    payee: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type PaymentListQuery = Static<typeof PaymentListQuery>;

export const TransactionListQuery = Type.Object(
  {
    ...ListQuery.properties,
    status: Type.Optional(literals(transactionStatuses)),
    payment: Type.Optional(Id),
    /** csv answers a file (SPEC section 7) with every matching row, not one page. */
    format: Type.Optional(literals(['json', 'csv'] as const)),
  },
  { additionalProperties: false },
);
export type TransactionListQuery = Static<typeof TransactionListQuery>;

export const PaymentList = ListOf(Payment);
export type PaymentList = Static<typeof PaymentList>;
export const TransactionList = ListOf(Transaction);
export type TransactionList = Static<typeof TransactionList>;

/** A balance in one currency: exact, what the next payment can move, and the rest kept. */
export const WalletCurrencyBalance = Type.Object({
  currency: Type.String(),
  exact: Decimal,
  payable: Decimal,
  remainder: Decimal,
});
export type WalletCurrencyBalance = Static<typeof WalletCurrencyBalance>;

/**
 * The label's own money in one currency, each figure exact and read from the ledger: received -
 * paidOut - fees - held - returnedKept = left, to the last decimal.
 */
export const LabelFunds = Type.Object({
  currency: Type.String(),
  /** Funds the label recorded for its statements. */
  received: Decimal,
  /** What reached the payees' banks (less what banks returned after settling). */
  paidOut: Decimal,
  /** The payment partner's fees the label paid. */
  fees: Decimal,
  /** Owed to payees and not paid yet: payments waiting, held or on their way, and balances. */
  held: Decimal,
  /** Returned by banks and kept for the failed payments (passback off) until they are retried. */
  returnedKept: Decimal,
  /** Returned by banks into the label's funds (passback on) and not retried: part of `left`. */
  returnedToFunds: Decimal,
  /** The label's funding balance: what it has left. */
  left: Decimal,
});
export type LabelFunds = Static<typeof LabelFunds>;

/** /wallet: the signed-in (or emulated) person's money. */
export const Wallet = Type.Object({
  balances: Type.Array(WalletCurrencyBalance),
  incoming: Type.Array(LedgerMove),
  active: Type.Array(Transaction),
  prepared: Type.Array(Transaction),
  /** The label's side, for those who hold its payments (payment:rw): its own money by currency. */
  funds: Type.Optional(Type.Array(LabelFunds)),
  /**
   * Reserves against returns held back from the person's payouts, per currency (README), with
   * the days they come back into the balance; absent when none is held.
   */
  reserves: Type.Optional(
    Type.Array(
      Type.Object({
        currency: Type.String(),
        held: Decimal,
        releases: Type.Array(
          Type.Object({ period: Type.String(), dueOn: Type.String(), amount: Decimal }),
        ),
      }),
    ),
  ),
});
export type Wallet = Static<typeof Wallet>;

/** What a run of the payment batch did. */
export const BatchRun = Type.Object({
  started: Type.Integer({ description: 'Payments handed to the payment partner' }),
  held: Type.Integer({ description: 'Payments kept waiting, each with its reason' }),
  settled: Type.Integer({ description: 'Transfers the partner reported settled' }),
  failed: Type.Integer({ description: 'Transfers the bank returned' }),
});
export type BatchRun = Static<typeof BatchRun>;
