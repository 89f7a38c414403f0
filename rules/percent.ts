// ENGINE.md's percentage: decimal text from 0 to 100 with at most 4 decimals, as a split's share,
// a recoupment's percentages and a distributor's take are typed, read by the engine, the server
// and the forms alike. Counted as integers of 10^-4 percent, so no float ever adds two of them.

/** 100% as a count of 10^-4 percent. */
export const WHOLE_PERCENT = 1_000_000n;

const PERCENT_TEXT = /^([0-9]+)(?:\.([0-9]{1,4}))?$/;

/** Percent text (0 to 100, at most 4 decimals) as a count of 10^-4 percent; null otherwise. */
export function percentCount(text: unknown): bigint | null {
  if (typeof text !== 'string') return null;
  const match = PERCENT_TEXT.exec(text);
  if (match === null) return null;
  const [, whole = '', fraction = ''] = match;
  const count = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0'));
  return count > WHOLE_PERCENT ? null : count;
}

export const isPercentText = (text: string): boolean => percentCount(text) !== null;

/** A count of 10^-4 percent as decimal text without trailing zeros: `99.5`, `100`, `-0.25`. */
export function formatPercentCount(count: bigint): string {
  const sign = count < 0n ? '-' : '';
  const digits = (count < 0n ? -count : count).toString().padStart(5, '0');
  const fraction = digits.slice(-4).replace(/0+$/, '');
  return `${sign}${digits.slice(0, -4)}${fraction ? `.${fraction}` : ''}`;
}
