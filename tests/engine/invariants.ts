// ENGINE.md's invariants over one output, with money summed as exact integer counts.
import { expect } from 'vitest';
import { parseMoney } from '../../engine/numbers';
import type { EngineOutput } from '../../engine/types';

/** Any number of integer digits: state values have up to 26, and a payee's sums of them more. */
export function count(text: string): bigint {
  const value = parseMoney(text, Number.POSITIVE_INFINITY);
  if (value === null) throw new Error(`not money: ${text}`);
  return value;
}

const total = (texts: readonly string[]) => texts.reduce((sum, text) => sum + count(text), 0n);

const normalised = /^(0|-?(?!0\d)\d+(\.\d*[1-9])?)$/;

export function expectInvariants(output: EngineOutput): void {
  const { totals } = output;
  expect(count(totals.gross)).toBe(count(totals.take) + count(totals.net));
  expect(count(totals.net)).toBe(
    count(totals.offTheTop) + count(totals.allocated) + count(totals.unallocated),
  );
  expect(total(output.payees.map((payee) => payee.earned))).toBe(count(totals.allocated));
  const deferredChange = output.recoupments.reduce(
    (sum, item) =>
      sum + count(item.deferred) - count(output.state.recoupments[item.id]?.deferred ?? '0'),
    0n,
  );
  expect(deferredChange).toBe(0n);
  for (const payee of output.payees) {
    expect(count(payee.payout)).toBe(
      count(payee.earned) - count(payee.recouped) + count(payee.credited),
    );
  }
  for (const text of [
    ...Object.values(totals),
    ...output.payees.flatMap((payee) => [
      payee.earned,
      payee.recouped,
      payee.credited,
      payee.payout,
    ]),
    ...output.lines.map((line) => line.amount),
  ]) {
    expect(text).toMatch(normalised);
  }
  for (const line of output.lines) expect(Number.isInteger(line.units)).toBe(true);
}

/** sum(payout) + sum(deferred after - deferred before) = allocated + offTheTop. */
export function expectMoneyConserved(output: EngineOutput, deferredBefore: bigint): void {
  const payouts = total(output.payees.map((payee) => payee.payout));
  const deferredAfter = total(output.recoupments.map((item) => item.deferred));
  expect(payouts + deferredAfter - deferredBefore).toBe(
    count(output.totals.allocated) + count(output.totals.offTheTop),
  );
}
