// The product history's "what if we had not changed it": every saved split version on the same
// statement, through the engine itself (the decimal reference, as the worker falls back to).
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../../api/history';
import { calculate } from '../../../engine/index';
import type { SplitSet } from '../../../engine/types';
import {
  comparePayouts,
  payoutsByVersion,
  splitVersions,
  versionAt,
} from '../../../src/history/whatIf';
import { baseSet, sale, statementInput } from '../../engine/fixtures';

const saved = (seq: number, before: SplitSet[], after: SplitSet[]): HistoryEvent => ({
  seq: String(seq),
  streamId: 'product-p1',
  version: seq,
  type: 'ProductSplitsChanged',
  data: { before, after },
  actor: 'lena',
  actorName: 'Lena Label',
  emulatingActor: null,
  at: 1_760_000_000 + seq,
});

const sixtyForty = baseSet('set-1', [
  { payeeId: 'paco', pct: '60' },
  { payeeId: 'aria', pct: '40' },
]);
const fiftyFifty = baseSet('set-1', [
  { payeeId: 'paco', pct: '50' },
  { payeeId: 'aria', pct: '50' },
]);
const created: HistoryEvent = { ...saved(1, [], []), type: 'ProductCreated', data: {} };
const history = [created, saved(5, [], [sixtyForty]), saved(9, [sixtyForty], [fiftyFifty])];
// 10.01 of revenue: the shares' cents are not round, so a rounding slip would show.
const input = statementInput({ records: [sale('r1', '10.01')] });
const defaults = baseSet('defaults', [{ payeeId: 'label', pct: '100' }], {
  scope: { default: true },
});

describe('payouts per version of the splits', () => {
  it('lists each saved version and finds the one in force at each event', () => {
    const versions = splitVersions(history);
    expect(versions.map((version) => version.seq)).toEqual(['5', '9']);
    expect(versionAt(versions, '1')).toBeNull();
    expect(versionAt(versions, '7')?.sets).toEqual([sixtyForty]);
    expect(versionAt(versions, '9')?.sets).toEqual([fiftyFifty]);
  });

  it('gives the payout the earlier share would have paid, 10% of 10.01 apart', async () => {
    const versions = splitVersions(history);
    const runs: SplitSet[][] = [];
    const payouts = await payoutsByVersion(
      versions,
      [...input.splitSets, defaults],
      async (sets) => {
        runs.push(sets);
        return (await calculate({ ...input, splitSets: sets }, { backend: 'decimal' })).output;
      },
    );
    // The account's default sets stay in every run; only the product's own change.
    expect(runs.every((sets) => sets.includes(defaults))).toBe(true);
    const rows = comparePayouts(payouts.get('5') ?? new Map(), payouts.get('9') ?? new Map());
    expect(rows).toEqual([
      { payeeId: 'aria', then: '4.004', today: '5.005', difference: '-1.001' },
      { payeeId: 'paco', then: '6.006', today: '5.005', difference: '1.001' },
    ]);
  });

  it('shows a payee today’s splits dropped at 0 then, and one only today’s name at 0 today', () => {
    const rows = comparePayouts(new Map([['ann', '3']]), new Map([['bob', '3']]));
    expect(rows).toEqual([
      { payeeId: 'bob', then: '0', today: '3', difference: '-3' },
      { payeeId: 'ann', then: '3', today: '0', difference: '3' },
    ]);
  });
});
