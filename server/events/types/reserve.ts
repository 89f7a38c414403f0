import type { ReserveReleaseKind } from '../../../rules/reserves';
import type { LedgerTransfer } from '../readModels/ledgerTransfers';

/** The `reserverules-<account id>` stream: what a label withholds against returns. */
export type ReserveRulesEvent =
  /** A product's or a format's rule, new or changed. */
  | {
      type: 'ReserveRuleSet';
      data: {
        scope: 'product' | 'format';
        target: string;
        percent: string;
        release: { kind: ReserveReleaseKind; periods: number };
      };
    }
  /** The product or format is no longer withheld against; what was withheld keeps its schedule. */
  | { type: 'ReserveRuleCleared'; data: { scope: 'product' | 'format'; target: string } };

/** The `reserves-<account id>` stream: reserves released when due. */
export type ReservesEvent = {
  /**
   * Releases due by then, each `amount` of a release moved from the payee's reserve back to their
   * balance (`transfers`, one per payee and currency).
   */
  type: 'ReservesReleased';
  data: { releases: { releaseId: string; amount: string }[]; transfers: LedgerTransfer[] };
};

/** One release of a withholding, as the statement's approval schedules it. */
export interface ScheduledRelease {
  releaseId: string;
  payeeId: string;
  currency: string;
  /** The statement's period, and the period the release is due in with its first day. */
  period: string;
  duePeriod: string;
  dueOn: string;
  amount: string;
}
