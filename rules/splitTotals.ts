// ENGINE.md's total rule for a share list, one function for the engine and the split editor: each
// adds percentages with its own exact arithmetic and asks this rule what the sum means.

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
