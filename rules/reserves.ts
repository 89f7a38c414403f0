// Reserves against returns (README "Reserves against returns"): a label withholds a percentage of
// what a payee earns on sales that can be returned, and releases it on a schedule. The server
// applies this at approval and the browser shows the same figures before it: both read it here.
import Decimal from 'decimal.js';
import type { FormatKind } from './records';

/** Exact to the last of 12 decimals, whatever the figures' size: nothing is rounded away. */
const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_DOWN });
const DECIMALS = 12;

/** A period of the label's statements: a month (`YYYY-MM`) or a quarter (`YYYY-Qn`). */
export type ReservePeriodLength = 'month' | 'quarter';

/** Streams are never returned: a rule covers every other format. */
export const RESERVE_FORMATS: readonly FormatKind[] = ['physical', 'download', 'video', 'other'];
export const RESERVE_RELEASE_KINDS = ['after', 'spread'] as const;
export type ReserveReleaseKind = (typeof RESERVE_RELEASE_KINDS)[number];
/** The longest schedule a rule takes: ten years of months. */
export const RESERVE_MAX_PERIODS = 120;

export interface ReserveRule {
  /** A product's rule covers the product's lines of every format but streams. */
  scope: 'product' | 'format';
  /** The product's id, or the format kind. */
  target: string;
  /** Of the payee's earnings, 0 to 100, up to 4 decimals. */
  percent: string;
  /** All released `periods` periods after the statement's, or in equal parts over the `periods` after it. */
  release: { kind: ReserveReleaseKind; periods: number };
}

export const RESERVE_TEXTS = {
  percent: 'A reserve is a percentage from 0 to 100, with up to 4 decimals.',
  periods: 'A reserve is released after 1 to 120 periods.',
  format:
    'Reserves are set for physical, download, video or other sales: streams are not returned.',
  product: 'This product is not in your catalog.',
  twice: 'Each product or format has one reserve rule.',
} as const;

/** What is wrong with a rule, in the texts the settings page shows, or null. */
export function reserveRuleProblem(rule: ReserveRule): string | null {
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(rule.percent) || new Decimal(rule.percent).gt(100)) {
    return RESERVE_TEXTS.percent;
  }
  const { periods } = rule.release;
  if (!Number.isInteger(periods) || periods < 1 || periods > RESERVE_MAX_PERIODS) {
    return RESERVE_TEXTS.periods;
  }
  if (rule.scope === 'format' && !RESERVE_FORMATS.includes(rule.target as FormatKind)) {
    return RESERVE_TEXTS.format;
  }
  return null;
}

// Periods. The label's period length is month unless it chose quarters.

/** The period of the label's length that holds `month` (`YYYY-MM`). */
export function periodOfMonth(month: string, length: ReservePeriodLength): string {
  if (length === 'month') return month;
  const [year, mm] = month.split('-');
  return `${year}-Q${Math.floor((Number(mm) - 1) / 3) + 1}`;
}

/** The period `count` periods after `period` (same length). */
export function periodsAfter(period: string, count: number): string {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (quarter) {
    const index = Number(quarter[1]) * 4 + Number(quarter[2]) - 1 + count;
    return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
  }
  const [year, mm] = period.split('-').map(Number);
  const index = (year ?? 0) * 12 + (mm ?? 1) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The first day of a period, `YYYY-MM-DD`: when a release due in it is made. */
export function periodStart(period: string): string {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (quarter) {
    return `${quarter[1]}-${String((Number(quarter[2]) - 1) * 3 + 1).padStart(2, '0')}-01`;
  }
  return `${period}-01`;
}

// Which rule covers a line, and what is withheld.

/** One product and format's part of a payee's earnings on a statement (exact decimal text). */
export interface EarningsPart {
  /** '' when the code is in no product of the catalog. */
  productId: string;
  /** The format kind; '' for a line entered by hand. */
  format: string;
  amount: string;
}

/** The rule covering a product's line of a format: the product's over the format's; streams never. */
export function reserveRuleFor(
  rules: readonly ReserveRule[],
  productId: string,
  format: string,
): ReserveRule | null {
  if (format === 'stream') return null;
  return (
    rules.find((rule) => rule.scope === 'product' && rule.target === productId && productId) ??
    rules.find((rule) => rule.scope === 'format' && rule.target === format) ??
    null
  );
}

/** One part of a withholding released in one period. */
export interface ReserveRelease {
  period: string;
  /** The period's first day, `YYYY-MM-DD`. */
  dueOn: string;
  amount: string;
}

export interface ReserveOutcome {
  /** Returns (covered lines below zero) to charge to the payee's reserve, before its cap. */
  returns: string;
  /** Charged to the reserve: the returns, as far as the reserve holds. */
  charged: string;
  /** Withheld from this statement's payout, at most the payout with the charge. */
  withheld: string;
  /** When what is withheld is released, earliest first; sums exactly to `withheld`. */
  releases: ReserveRelease[];
}

const text = (value: Decimal.Value) => new Exact(value).toFixed();
const truncated = (value: Decimal) => value.toDecimalPlaces(DECIMALS, Decimal.ROUND_DOWN);

/**
 * One payee's reserve on one statement:
 *
 * - Each product and format part covered by a rule and above zero withholds the rule's percent,
 *   truncated to 12 decimals; parts below zero are returns, charged to the reserve the payee
 *   holds (`reserve`) as far as it goes, before their balance.
 * - What is withheld never exceeds the payout with the charge (a payout at or below zero withholds
 *   nothing); a cut comes off the latest releases first.
 * - A rule releasing after N periods releases all in the Nth period after the statement's; over M
 *   periods, equal parts (truncated, the last taking the rest) in each of the M after it. Releases
 *   due in the same period are one.
 */
export function reserveOutcome({
  parts,
  rules,
  payout,
  reserve,
  period,
}: {
  parts: readonly EarningsPart[];
  rules: readonly ReserveRule[];
  /** The payee's payout on the statement. */
  payout: string;
  /** What the payee's reserve holds in the statement's currency before it. */
  reserve: string;
  /** The statement's period, of the label's length. */
  period: string;
}): ReserveOutcome {
  let returns = new Exact(0);
  const byPeriod = new Map<string, Decimal>();
  const add = (due: string, amount: Decimal) =>
    byPeriod.set(due, (byPeriod.get(due) ?? new Exact(0)).plus(amount));
  // Each rule's withholding sums its parts first, so equal parts split a rule's whole.
  const byRule = new Map<ReserveRule, Decimal>();
  for (const part of parts) {
    const amount = new Exact(part.amount);
    // A return is charged to what the reserve holds whatever the rules say now: a rule cleared
    // after its withholding leaves the reserve standing against the returns it was kept for.
    if (amount.lt(0)) {
      if (part.format !== 'stream') returns = returns.plus(amount.negated());
      continue;
    }
    const rule = reserveRuleFor(rules, part.productId, part.format);
    if (!rule) continue;
    const withheld = truncated(amount.times(rule.percent).dividedBy(100));
    byRule.set(rule, (byRule.get(rule) ?? new Exact(0)).plus(withheld));
  }
  for (const [rule, amount] of byRule) {
    if (amount.isZero()) continue;
    const { kind, periods } = rule.release;
    if (kind === 'after') {
      add(periodsAfter(period, periods), amount);
      continue;
    }
    const each = truncated(amount.dividedBy(periods));
    for (let index = 1; index <= periods; index += 1) {
      const last = index === periods;
      add(periodsAfter(period, index), last ? amount.minus(each.times(periods - 1)) : each);
    }
  }
  const held = Exact.max(new Exact(reserve), 0);
  const charged = Exact.min(returns, held);
  const cap = Exact.max(new Exact(payout).plus(charged), 0);
  let over = [...byPeriod.values()]
    .reduce((sum, value) => sum.plus(value), new Exact(0))
    .minus(cap);
  const due = [...byPeriod.keys()].sort();
  for (const key of [...due].reverse()) {
    if (!over.gt(0)) break;
    const amount = byPeriod.get(key) ?? new Exact(0);
    const cut = Exact.min(amount, over);
    byPeriod.set(key, amount.minus(cut));
    over = over.minus(cut);
  }
  const releases = due
    .map((key) => ({ period: key, dueOn: periodStart(key), amount: byPeriod.get(key) ?? 0 }))
    .filter((release) => !new Exact(release.amount).isZero())
    .map((release) => ({ ...release, amount: text(release.amount) }));
  const withheld = releases.reduce((sum, release) => sum.plus(release.amount), new Exact(0));
  return { returns: text(returns), charged: text(charged), withheld: text(withheld), releases };
}

/**
 * What a charge of `amount` takes from open releases (earliest due first): a return uses up the
 * reserve that would be released soonest.
 */
export function chargeReleases<T extends { id: string; open: string }>(
  releases: readonly T[],
  amount: string,
): { id: string; amount: string }[] {
  let left = new Exact(amount);
  const taken: { id: string; amount: string }[] = [];
  for (const release of releases) {
    if (!left.gt(0)) break;
    const take = Exact.min(new Exact(release.open), left);
    if (!take.gt(0)) continue;
    taken.push({ id: release.id, amount: text(take) });
    left = left.minus(take);
  }
  return taken;
}
