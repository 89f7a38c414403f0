import type { BookCategory } from '../../rules/journals';

/**
 * Every kind of movement the ledger makes for a label, by the kinds of its two ledger accounts
 * (the part of an account's name before the first colon: `payee:<label>:<payee>` is `payee`), and
 * the journal entry it is in the label's books. The ledger's "from" account gives the money and
 * its "to" account takes it; the books see it from the label's side. This table is the one place
 * the mapping is written: a kind of movement not listed here is posted to Suspense, so the
 * journals still balance and the accountant sees it.
 */
export interface Movement {
  /** The movement's name: the entry's description (`journals.movement.<key in kebab case>`). */
  key: MovementKey;
  from: string;
  to: string;
  /** The kind of transfer (its id's part before the first colon) when the accounts do not tell. */
  transfer?: string;
  debit: BookCategory;
  credit: BookCategory;
}

export type MovementKey =
  | 'fundsReceived'
  | 'royaltiesEarned'
  | 'royaltiesOwedBack'
  | 'advancesRecouped'
  | 'recoupmentsCredited'
  | 'reserveWithheld'
  | 'reserveReleased'
  | 'returnsChargedToReserve'
  | 'paymentsPrepared'
  | 'paymentsMade'
  | 'partnerFees'
  | 'microDeposits'
  | 'paymentsReturned'
  | 'paymentsReturnedAfterSettlement'
  | 'paymentsRetried'
  | 'returnedToBalance'
  | 'returnedToBalanceAfterSettlement'
  | 'unclassified';

export const MOVEMENTS: readonly Movement[] = [
  // The label moves money from its own bank into the funds the portal pays from (FundsReceived).
  {
    key: 'fundsReceived',
    from: 'bank',
    to: 'funding',
    debit: 'royaltyFundsHeld',
    credit: 'cashAtBank',
  },
  // An approved statement's payout credited to a payee's balance: the royalty is earned and owed.
  {
    key: 'royaltiesEarned',
    from: 'funding',
    to: 'payee',
    debit: 'royaltyExpense',
    credit: 'royaltiesPayable',
  },
  // A negative payout (returns exceeding earnings): the payee owes it back, the expense shrinks.
  {
    key: 'royaltiesOwedBack',
    from: 'payee',
    to: 'funding',
    debit: 'royaltiesPayable',
    credit: 'royaltyExpense',
  },
  // Part of a payee's balance withheld against returns: still owed, but not payable yet.
  {
    key: 'reserveWithheld',
    from: 'payee',
    to: 'reserve',
    debit: 'royaltiesPayable',
    credit: 'reserveForReturns',
  },
  // A reserve released on schedule becomes payable again.
  {
    key: 'reserveReleased',
    from: 'reserve',
    to: 'payee',
    debit: 'reserveForReturns',
    credit: 'royaltiesPayable',
  },
  // A return charged to the payee's reserve before their balance (ReturnsChargedToReserve): the
  // reserve covers what the statement's negative payout took from the balance, so reserve → balance
  // as a release moves, told apart by its transfer (`reserve-return:…`, server/reserves/service.ts).
  // With the negative payout (royalties owed back) the reserve bears the return, not the expense.
  {
    key: 'returnsChargedToReserve',
    from: 'reserve',
    to: 'payee',
    transfer: 'reserve-return',
    debit: 'reserveForReturns',
    credit: 'royaltiesPayable',
  },
  // A payment taken from the payee's balance for the payment partner: owed, now on its way.
  {
    key: 'paymentsPrepared',
    from: 'payee',
    to: 'payouts',
    debit: 'royaltiesPayable',
    credit: 'paymentsInTransit',
  },
  // The partner settled the payment: the money left the funds held for the payee's bank.
  {
    key: 'paymentsMade',
    from: 'payouts',
    to: 'paid',
    debit: 'paymentsInTransit',
    credit: 'royaltyFundsHeld',
  },
  // The payment partner's fee for moving payments, paid from the funds held.
  {
    key: 'partnerFees',
    from: 'funding',
    to: 'fees',
    debit: 'paymentFees',
    credit: 'royaltyFundsHeld',
  },
  // The micro-deposits that prove payees' bank accounts, paid from the funds held.
  {
    key: 'microDeposits',
    from: 'funding',
    to: 'microdeposits',
    debit: 'paymentFees',
    credit: 'royaltyFundsHeld',
  },
  // The bank returned a payment before it settled (passback on: to the label's funds; off: kept
  // for its retry): the payee is still owed it, as a returned payment waiting for its retry.
  {
    key: 'paymentsReturned',
    from: 'payouts',
    to: 'funding',
    debit: 'paymentsInTransit',
    credit: 'returnedPayments',
  },
  {
    key: 'paymentsReturned',
    from: 'payouts',
    to: 'returned',
    debit: 'paymentsInTransit',
    credit: 'returnedPayments',
  },
  // Returned after it settled: the money came back into the funds held, still owed to the payee.
  {
    key: 'paymentsReturnedAfterSettlement',
    from: 'paid',
    to: 'funding',
    debit: 'royaltyFundsHeld',
    credit: 'returnedPayments',
  },
  {
    key: 'paymentsReturnedAfterSettlement',
    from: 'paid',
    to: 'returned',
    debit: 'royaltyFundsHeld',
    credit: 'returnedPayments',
  },
  // An admin retried a returned payment: it is on its way again.
  {
    key: 'paymentsRetried',
    from: 'funding',
    to: 'payouts',
    debit: 'returnedPayments',
    credit: 'paymentsInTransit',
  },
  {
    key: 'paymentsRetried',
    from: 'returned',
    to: 'payouts',
    debit: 'returnedPayments',
    credit: 'paymentsInTransit',
  },
  // Returns recorded before returned money was kept apart put it back in the payee's balance.
  {
    key: 'returnedToBalance',
    from: 'payouts',
    to: 'payee',
    debit: 'paymentsInTransit',
    credit: 'royaltiesPayable',
  },
  {
    key: 'returnedToBalanceAfterSettlement',
    from: 'paid',
    to: 'payee',
    debit: 'royaltyFundsHeld',
    credit: 'royaltiesPayable',
  },
];

/**
 * Advances recouped are no ledger transfer: the engine's payouts are already net of what it
 * recouped from a debtor, so the royalty the debtor earned is their payout plus the recoupment.
 * Each recoupment remittance of the period's statements (recoupment_remittances) is that part of
 * the expense, taken against the advance: Dr Royalty expense, Cr Advances recoupable.
 */
export const ADVANCES_RECOUPED: Omit<Movement, 'from' | 'to'> = {
  key: 'advancesRecouped',
  debit: 'royaltyExpense',
  credit: 'advancesRecoupable',
};

/**
 * A recoupment's creditor is one of the label's people, credited with what was recouped (at once,
 * or when a deferred recoupment closes): the engine adds it to their payout, which the ledger
 * moves as a royalty earned. That credit repays the advance rather than paying a royalty, so the
 * period's credits (statement_payees.credited) move back from the expense to the advance. With
 * immediate reimbursement the two entries cancel; a deferred one leaves the advance credited by
 * what the creditor is still owed.
 */
export const RECOUPMENTS_CREDITED: Omit<Movement, 'from' | 'to'> = {
  key: 'recoupmentsCredited',
  debit: 'advancesRecoupable',
  credit: 'royaltyExpense',
};

/** A kind of movement this table does not know: both sides in Suspense, named for the accountant. */
export const UNCLASSIFIED: Omit<Movement, 'from' | 'to'> = {
  key: 'unclassified',
  debit: 'suspense',
  credit: 'suspense',
};

/** Kinds of transfer that are their own movement between accounts another movement also moves. */
export const TRANSFER_KINDS: readonly string[] = MOVEMENTS.flatMap((movement) =>
  movement.transfer === undefined ? [] : [movement.transfer],
);

/**
 * The movement a transfer between two ledger account kinds is; `transfer` is its kind when it is
 * one of TRANSFER_KINDS, else ''.
 */
export function movementOf(from: string, to: string, transfer = ''): Movement {
  return (
    MOVEMENTS.find(
      (movement) =>
        movement.from === from && movement.to === to && (movement.transfer ?? '') === transfer,
    ) ?? {
      ...UNCLASSIFIED,
      from,
      to,
    }
  );
}

/** The order entries come in: the table's, recoupments after earnings, unclassified last. */
export const MOVEMENT_ORDER: readonly MovementKey[] = [
  ...new Set<MovementKey>([
    'fundsReceived',
    'royaltiesEarned',
    'royaltiesOwedBack',
    'advancesRecouped',
    'recoupmentsCredited',
    ...MOVEMENTS.map((movement) => movement.key),
    'unclassified',
  ]),
];
