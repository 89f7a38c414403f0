// Exact sums of a recoupment's decimal money texts: bigint counts, never floats.
import { formatMoney, parseStateMoney } from '../../engine/numbers';
import type { Recoupment, Remittance } from '../../api/recoupments';

const count = (text: string): bigint => parseStateMoney(text) ?? 0n;

export interface CurrencyTotal {
  currency: string;
  amount: string;
}

/** The open balance: the remaining of open recoupments, summed per currency, currencies sorted. */
export function openBalances(
  // The contract's status union reads as never in TypeScript: the list's status is plain text here.
  recoupments: readonly { status: string; currency: string; remaining: string }[],
): CurrencyTotal[] {
  const totals = new Map<string, bigint>();
  for (const recoupment of recoupments) {
    if (recoupment.status !== 'open') continue;
    totals.set(
      recoupment.currency,
      (totals.get(recoupment.currency) ?? 0n) + count(recoupment.remaining),
    );
  }
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, total]) => ({ currency, amount: formatMoney(total) }));
}

/** The share of the amount recouped, 0 to 100 with 1 decimal; 100 for an amount of zero. */
export function recoupedPercent(recoupment: Pick<Recoupment, 'amount' | 'recouped'>): number {
  const amount = count(recoupment.amount);
  if (amount <= 0n) return 100;
  const tenths = (count(recoupment.recouped) * 1000n) / amount;
  return Math.min(100, Math.max(0, Number(tenths) / 10));
}

export interface BalancePoint {
  statementId: string;
  statementTitle: string;
  period: string;
  /** What this statement repaid, all debtors and the off-the-top cut together. */
  repaid: string;
  /** The balance left after this statement. */
  remaining: string;
}

/**
 * The balance after each statement: amount less prepaid, less every remittance so far. The
 * remittances come in approval order, the order the balances chain in, one or more per statement.
 */
export function balanceOverTime(
  recoupment: Pick<Recoupment, 'amount' | 'prepaid'>,
  remittances: readonly Remittance[],
): BalancePoint[] {
  const points: { point: BalancePoint; repaid: bigint }[] = [];
  let remaining = count(recoupment.amount) - count(recoupment.prepaid);
  for (const remittance of remittances) {
    const paid = count(remittance.amount);
    remaining -= paid;
    const last = points.at(-1);
    if (last && last.point.statementId === remittance.statementId) {
      last.repaid += paid;
      last.point.repaid = formatMoney(last.repaid);
      last.point.remaining = formatMoney(remaining);
      continue;
    }
    points.push({
      repaid: paid,
      point: {
        statementId: remittance.statementId,
        statementTitle: remittance.statementTitle,
        period: remittance.period,
        repaid: formatMoney(paid),
        remaining: formatMoney(remaining),
      },
    });
  }
  return points.map(({ point }) => point);
}

/** The starting balance of the chart: amount less prepaid. */
export const startingBalance = (recoupment: Pick<Recoupment, 'amount' | 'prepaid'>): string =>
  formatMoney(count(recoupment.amount) - count(recoupment.prepaid));
