import type { PeriodLength } from '../../../rules/periods';

/** One currency's figures of a closed period: exact decimal texts (see server/periods/summary.ts). */
export interface PeriodCurrencySummary {
  currency: string;
  /** Gross revenue of the period's approved statements, as their calculations read it. */
  revenue: string;
  /** What the distributors kept of it (the statements' distributor take). */
  distributorTake: string;
  /** Recoupments taken by the period's approved statements (their remittances). */
  recoupmentsTaken: string;
  /** Funds the label recorded: its bank into its funding. */
  fundsReceived: string;
  /** Payouts credited to payees' balances: funding into payee balances. */
  payouts: string;
  /** Payee balances into their reserves. */
  reservesWithheld: string;
  /** Reserves released on schedule back into payee balances. */
  reservesReleased: string;
  /**
   * Returns charged to payees' reserves before their balances (reserve → balance, as a release
   * moves, but no release). A close logged before it was counted apart has none: read as 0.
   */
  returnsChargedToReserve: string;
  /** Payments taken from payees' balances to be paid out. */
  paymentsMade: string;
  /** Partner fees and micro-deposits the label's funds paid. */
  fees: string;
  /** Any other movement into (+) or out of (−) payee balances and reserves, e.g. a return. */
  otherBalanceMovements: string;
  /** Payee balances and reserves at the start of the period, from the transfers of earlier ones. */
  broughtForward: string;
  /** Payee balances and reserves at the end of the period: brought forward and its movements. */
  carriedForward: string;
}

/** The `period-<account id>` stream: a label's accounting periods. */
export type PeriodEvent =
  /** The length of the label's next periods; see server/periods/periods.ts for when it may change. */
  | { type: 'PeriodLengthSet'; data: { length: PeriodLength } }
  /**
   * The label closed a period (`YYYY-MM` or `YYYY-Qn`): its ledger transfers are stamped with it
   * and nothing in it changes afterwards. The summary is what the close computed.
   */
  | { type: 'PeriodClosed'; data: { period: string; summary: PeriodCurrencySummary[] } };
