// SPEC section 5's split rules, checked as the user types. Totals are exact sums of the typed
// strings (rules/splitTotals.ts, as the engine and the server add them), never floats:
// 33.3333 + 33.3333 + 33.3334 is exactly 100.
import { isMoneyText } from '../../rules/money';
import { formatPercentCount, isPercentText } from '../../rules/percent';
import { isEmail as isEmailText } from '../../rules/profile';
import { shareListTotals } from '../../rules/splitTotals';
import Decimal from 'decimal.js';
import type { PayeeShareDraft, SetDraft, ShareDraft, TriggerDraft } from './splitDraft';

const MONEY = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A problem to show: an i18n key with its values, and the share (or member) it belongs to. */
export interface SplitProblem {
  key: string;
  values?: Record<string, string>;
  /** The share or member draft's key; null for the set as a whole. */
  shareKey: string | null;
}

/** A share list's totals: what the percentages add up to and what a balance share takes. */
export interface ShareTotals {
  /** The exact sum of the typed percentages, as a decimal string (`99.5`). */
  total: string;
  /** What the balance share takes (100 minus the others), or null without one. */
  balance: string | null;
  complete: boolean;
}

export interface SetCheck {
  totals: ShareTotals;
  /** Totals of each group's members, by the group draft's key. */
  groups: Record<string, ShareTotals>;
  problems: SplitProblem[];
}

export const isPercent = (value: string): boolean => isPercentText(value.trim());

/** SPEC section 5's e-mail check (rules/profile.ts), on the address as typed around spaces. */
export const isEmail = (value: string): boolean => isEmailText(value.trim());

/**
 * ENGINE.md: shares total exactly 100%, or, with one balance share, at most 100% and the balance
 * takes the rest; a text that is not a percentage counts as zero (it has its own problem).
 */
export function shareTotals(shares: readonly { pct: string; balance?: boolean }[]): ShareTotals {
  const totals = shareListTotals(
    shares.map((share) => (share.balance ? { balance: true } : { pct: share.pct.trim() })),
  );
  return {
    total: formatPercentCount(totals.others),
    balance: totals.balance === null ? null : formatPercentCount(totals.balance),
    complete: totals.complete,
  };
}

function triggerProblems(trigger: TriggerDraft): SplitProblem[] {
  const problem = (key: string): SplitProblem[] => [{ key, shareKey: null }];
  const threshold = trigger.threshold.trim();
  const preCounted = trigger.preCounted.trim() || '0';
  switch (trigger.type) {
    case 'income':
      if (!MONEY.test(threshold) || new Decimal(threshold).lte(0)) {
        return problem('catalog.triggers.threshold-positive');
      }
      if (!MONEY.test(preCounted)) return problem('catalog.triggers.not-negative');
      // The engine takes no larger amount (rules/money.ts).
      return isMoneyText(threshold) && isMoneyText(preCounted)
        ? []
        : problem('catalog.triggers.not-an-amount');
    case 'units':
    case 'plays':
      if (!INTEGER.test(threshold) || Number(threshold) <= 0) {
        return problem('catalog.triggers.threshold-positive');
      }
      return INTEGER.test(preCounted) ? [] : problem('catalog.triggers.not-negative');
    case 'date':
      return DATE.test(trigger.date) ? [] : problem('catalog.triggers.date-required');
    case 'manual':
      return [];
    case 'recoupment':
      return trigger.recoupmentId.trim() ? [] : problem('catalog.triggers.recoupment-required');
  }
}

function payeeProblems(share: PayeeShareDraft, seen: Set<string>): SplitProblem[] {
  const problems: SplitProblem[] = [];
  const at = (key: string) => problems.push({ key, shareKey: share.key });
  if (!share.balance && !isPercent(share.pct)) at('catalog.splits.invalid-percent');
  if (!share.payeeId && !share.email) at('catalog.splits.unattributed');
  else if (!share.payeeId && !isEmail(share.email ?? '')) at('catalog.splits.invalid-email');
  const who = share.payeeId ?? share.email?.trim().toLowerCase();
  if (who) {
    if (seen.has(who)) at('catalog.splits.duplicate-user');
    seen.add(who);
  }
  return problems;
}

function listProblems(
  shares: readonly { key: string; pct: string; balance?: boolean }[],
  totals: ShareTotals,
  ownerKey: string | null,
): SplitProblem[] {
  const problems: SplitProblem[] = [];
  if (shares.filter((share) => share.balance).length > 1) {
    problems.push({ key: 'catalog.splits.one-balance', shareKey: ownerKey });
  }
  if (!totals.complete) {
    problems.push({
      key: 'catalog.splits.total',
      values: { amount: totals.total },
      shareKey: ownerKey,
    });
  }
  return problems;
}

/** Every problem of one split set, with its totals. */
export function checkSet(set: SetDraft): SetCheck {
  const seen = new Set<string>();
  const problems: SplitProblem[] = [];
  const groups: Record<string, ShareTotals> = {};
  for (const share of set.shares) {
    if (share.kind === 'payee') {
      problems.push(...payeeProblems(share, seen));
      continue;
    }
    if (!isPercent(share.pct)) {
      problems.push({ key: 'catalog.splits.invalid-percent', shareKey: share.key });
    }
    const memberTotals = shareTotals(share.members);
    groups[share.key] = memberTotals;
    for (const member of share.members) problems.push(...payeeProblems(member, seen));
    problems.push(...listProblems(share.members, memberTotals, share.key));
  }
  const totals = shareTotals(set.shares.map(asTotalLine));
  problems.push(...listProblems(set.shares.map(asTotalLine), totals, null));
  if (set.startDate && !DATE.test(set.startDate)) {
    problems.push({ key: 'catalog.splits.invalid-date', shareKey: null });
  }
  if (!INTEGER.test(set.priority.trim()) || Number(set.priority) > 1000) {
    problems.push({ key: 'catalog.splits.invalid-priority', shareKey: null });
  }
  if (set.kind === 'conditional') problems.push(...triggerProblems(set.trigger));
  return { totals, groups, problems };
}

const asTotalLine = (share: ShareDraft) => ({
  key: share.key,
  pct: share.pct,
  balance: share.kind === 'payee' && share.balance,
});

export interface SplitsCheck {
  bySet: Record<string, SetCheck>;
  valid: boolean;
  /** More than one set has problems: SPEC section 5's 'Check split totals on all tabs'. */
  checkAllTabs: boolean;
}

export function checkSets(sets: readonly SetDraft[]): SplitsCheck {
  const bySet = Object.fromEntries(sets.map((set) => [set.key, checkSet(set)]));
  const failing = Object.values(bySet).filter((check) => check.problems.length > 0).length;
  return { bySet, valid: failing === 0, checkAllTabs: failing > 1 };
}
