import BaseDecimal from 'decimal.js';
import type { PayeeTotal, ResultLine } from '../../api/statements';

/** Enough significant digits for 18 integer and 12 decimal digits summed many times over. */
const Decimal = BaseDecimal.clone({ precision: 80 });

/** Exact sum of decimal strings, written without exponent or trailing zeros. */
export function sumDecimals(values: readonly string[]): string {
  const total = values.reduce((sum, value) => sum.plus(new Decimal(value)), new Decimal(0));
  return total.isZero() ? '0' : total.toFixed();
}

export interface PayeeSplit {
  id: string;
  payeeId: string;
  name: string;
  earned: string;
  recouped: string;
  credited: string;
  payout: string;
  /** The payee's share of everything earned, in percent with 4 decimals (exact). */
  share: string;
}

/** Splits view: each payee's totals and share of what was earned, largest payout first. */
export function payeeSplits(payees: readonly PayeeTotal[]): PayeeSplit[] {
  const earnedTotal = new Decimal(sumDecimals(payees.map((payee) => payee.earned)));
  return payees
    .map((payee) => ({
      id: payee.payeeId,
      payeeId: payee.payeeId,
      name: payee.fullname || payee.payeeId,
      earned: payee.earned,
      recouped: payee.recouped,
      credited: payee.credited,
      payout: payee.payout,
      share: earnedTotal.isZero()
        ? '0'
        : new Decimal(payee.earned).times(100).dividedBy(earnedTotal).toDecimalPlaces(4).toFixed(),
    }))
    .sort(
      (a, b) => new Decimal(b.payout).comparedTo(new Decimal(a.payout)) || a.id.localeCompare(b.id),
    );
}

export interface CodeRevenue {
  id: string;
  code: string;
  units: number;
  amount: string;
  payees: number;
}

/**
 * Revenue view: the lines summed per code, in code order. Every payee's line of a split set
 * carries the units of the whole part that set allocated, so a code's units are counted once
 * per set, never once per payee.
 */
export function revenueByCode(lines: readonly ResultLine[]): CodeRevenue[] {
  const byCode = new Map<
    string,
    { unitsBySet: Map<string, number>; amounts: string[]; payees: Set<string> }
  >();
  for (const line of lines) {
    const entry = byCode.get(line.code) ?? {
      unitsBySet: new Map<string, number>(),
      amounts: [],
      payees: new Set<string>(),
    };
    const setUnits = entry.unitsBySet.get(line.splitSetId) ?? 0;
    entry.unitsBySet.set(line.splitSetId, Math.max(setUnits, line.units));
    entry.amounts.push(line.amount);
    entry.payees.add(line.payeeId);
    byCode.set(line.code, entry);
  }
  return [...byCode.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, entry]) => ({
      id: code,
      code,
      units: [...entry.unitsBySet.values()].reduce((sum, units) => sum + units, 0),
      amount: sumDecimals(entry.amounts),
      payees: entry.payees.size,
    }));
}

export interface TableLine extends ResultLine {
  id: string;
  payeeName: string;
}

/** Table view: every line with its payee's name. */
export function tableLines(
  lines: readonly ResultLine[],
  payees: readonly PayeeTotal[],
): TableLine[] {
  const names = new Map(payees.map((payee) => [payee.payeeId, payee.fullname]));
  return lines.map((line, index) => ({
    ...line,
    id: `${index}`,
    payeeName: names.get(line.payeeId) || line.payeeId,
  }));
}

export interface ChartBar {
  id: string;
  name: string;
  /** The exact amount, shown as text. */
  payout: string;
  /** Only the bar's length: a picture, never arithmetic on money. */
  length: number;
}

/** Chart view: one bar per payee, from the exact payouts. */
export function payoutBars(payees: readonly PayeeTotal[]): ChartBar[] {
  return payeeSplits(payees).map((payee) => ({
    id: payee.payeeId,
    name: payee.name,
    payout: payee.payout,
    length: Math.max(0, Number(payee.payout)),
  }));
}
