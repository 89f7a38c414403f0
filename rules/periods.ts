/**
 * A label's accounting periods: a month (`2026-03`) or a quarter (`2026-Q1`), its choice. A
 * statement belongs to the period holding its report month (`YYYY-MM`); periods close in order.
 */

export type PeriodLength = 'month' | 'quarter';

export const PERIOD_LENGTHS: readonly PeriodLength[] = ['month', 'quarter'];

/** `YYYY-MM` or `YYYY-Qn`. */
export type PeriodKey = string;

/**
 * The states of a statement whose result is approved (its payouts were credited): it counts in
 * its period's figures and its payees have statements.
 */
export const APPROVED_STATEMENT_STATES: readonly string[] = ['finalizing', 'ready', 'sent'];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;

/** The period holding a report month (`YYYY-MM`). */
export function periodOfMonth(reportMonth: string, length: PeriodLength): PeriodKey {
  const match = MONTH.exec(reportMonth);
  if (!match) throw new Error(`not a report month: ${reportMonth}`);
  if (length === 'month') return reportMonth;
  return `${match[1]}-Q${Math.ceil(Number(match[2]) / 3)}`;
}

/** Whether a text is a period key of that length. */
export function isPeriodKey(key: string, length: PeriodLength): boolean {
  return (length === 'month' ? MONTH : QUARTER).test(key);
}

/** The period's length, read from its key. */
export function lengthOfPeriod(key: PeriodKey): PeriodLength {
  if (MONTH.test(key)) return 'month';
  if (QUARTER.test(key)) return 'quarter';
  throw new Error(`not a period: ${key}`);
}

/** The report months (`YYYY-MM`) a period holds, in order. */
export function monthsOfPeriod(key: PeriodKey): string[] {
  const month = MONTH.exec(key);
  if (month) return [key];
  const quarter = QUARTER.exec(key);
  if (!quarter) throw new Error(`not a period: ${key}`);
  const first = (Number(quarter[2]) - 1) * 3 + 1;
  return [0, 1, 2].map((offset) => `${quarter[1]}-${String(first + offset).padStart(2, '0')}`);
}

/** The period `count` periods after (or before, when negative) this one. */
export function addPeriods(key: PeriodKey, count: number): PeriodKey {
  const length = lengthOfPeriod(key);
  const [first] = monthsOfPeriod(key);
  const [year, month] = first!.split('-').map(Number) as [number, number];
  const step = length === 'month' ? 1 : 3;
  const index = year * 12 + (month - 1) + count * step;
  const next = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  return periodOfMonth(next, length);
}

/** The first day of the period, `YYYY-MM-DD` (UTC). */
export function periodStart(key: PeriodKey): string {
  return `${monthsOfPeriod(key)[0]}-01`;
}

/** Period keys of one length order as text; this compares them in time. */
export function comparePeriods(a: PeriodKey, b: PeriodKey): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
