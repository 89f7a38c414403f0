// ENGINE.md's rule for a share list, one home for the engine's reading of a split set, the server
// that saves it and the split editor that checks it as the user types.
import { percentCount, WHOLE_PERCENT } from './percent';

/** How the shares other than the balance share compare with 100%: below, equal or above. */
export type TotalAgainstHundred = -1 | 0 | 1;

/**
 * A share list is complete when its shares total exactly 100%, or, with one balance share, at
 * most 100% (the balance share takes the rest). Two balance shares never are.
 */
export function sharesComplete(others: TotalAgainstHundred, balanceShares: number): boolean {
  if (balanceShares > 1) return false;
  return balanceShares === 1 ? others <= 0 : others === 0;
}

/** A share as every side holds it: a percentage, or the balance share. */
export interface ShareLine {
  pct?: string;
  balance?: boolean;
}

export interface ShareListTotals {
  /** The shares other than the balance share, in 10^-4 percent; a text not a percentage adds 0. */
  others: bigint;
  balanceShares: number;
  complete: boolean;
  /** What the balance share takes, when there is one and the others leave room for it. */
  balance: bigint | null;
}

export function shareListTotals(shares: readonly ShareLine[]): ShareListTotals {
  let others = 0n;
  let balanceShares = 0;
  for (const share of shares) {
    if (share.balance) balanceShares += 1;
    else others += percentCount(share.pct) ?? 0n;
  }
  const against = others < WHOLE_PERCENT ? -1 : others > WHOLE_PERCENT ? 1 : 0;
  return {
    others,
    balanceShares,
    complete: sharesComplete(against, balanceShares),
    balance: balanceShares === 1 && others <= WHOLE_PERCENT ? WHOLE_PERCENT - others : null,
  };
}

/** Whether a share list is valid: every percentage one, and complete. */
export function isShareListValid(shares: readonly ShareLine[]): boolean {
  return (
    shares.every((share) => share.balance || percentCount(share.pct) !== null) &&
    shareListTotals(shares).complete
  );
}

/** A share of a set: a share line, or a group whose members are a share list of their own. */
export interface SetShare extends ShareLine {
  members?: readonly ShareLine[];
}

/** Whether a split set's shares are valid: its list and each group's members. */
export function isSplitValid(shares: readonly SetShare[]): boolean {
  return (
    isShareListValid(shares) &&
    shares.every((share) => share.members === undefined || isShareListValid(share.members))
  );
}
