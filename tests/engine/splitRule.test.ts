// The split rule of rules/splitTotals.ts (what the split editor and the server's reading of a set
// say) against the engine crate's own reading of the same shares: on generated share lists, the
// two agree on which are valid.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../../engine/errors';
import { loadEngine, runWasmText } from '../../engine/loader';
import type { SplitSet } from '../../engine/types';
import { formatPercentCount, WHOLE_PERCENT } from '../../rules/percent';
import { isSplitValid, type SetShare } from '../../rules/splitTotals';
import { baseSet, statementInput } from './fixtures';

type Line = { pct: string } | { balance: true };

/** Percent texts: valid ones, and the near misses a person or a file may type. */
const percentText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.integer({ min: 0, max: 1_000_000 }).map((n) => formatPercentCount(BigInt(n))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '100.0001',
      '101',
      '-1',
      '1e2',
      ' 5',
      '5.',
      '.5',
      '50.12345',
      '0100',
      '00',
      '',
      '50.5000',
    ),
  },
);

/** Shares that total exactly 100% (cut points of 0..100%), often one off, often with a balance. */
const nearHundred = fc
  .tuple(
    fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 0, maxLength: 4 }),
    fc.constantFrom(-1n, 0n, 0n, 0n, 1n),
    fc.constantFrom('none', 'none', 'last', 'two'),
  )
  .map(([cuts, nudge, balance]): Line[] => {
    const points = [0, ...cuts.sort((a, b) => a - b), 1_000_000];
    const counts = points.slice(1).map((point, index) => BigInt(point - points[index]!));
    counts[0] = counts[0]! + nudge;
    const lines: Line[] = counts.map((count) =>
      count < 0n || count > WHOLE_PERCENT ? { pct: '-1' } : { pct: formatPercentCount(count) },
    );
    if (balance !== 'none') lines[lines.length - 1] = { balance: true };
    if (balance === 'two') lines.push({ balance: true });
    return lines;
  });

const anyLines = fc.array(
  fc.oneof(
    { weight: 5, arbitrary: percentText.map((pct): Line => ({ pct })) },
    {
      weight: 1,
      arbitrary: fc.constant<Line>({ balance: true }),
    },
  ),
  { minLength: 1, maxLength: 5 },
);

const lines = fc.oneof(nearHundred, anyLines);

/** A set's shares: some of its lines are groups with member lines of their own. */
const setShares = fc
  .tuple(lines, fc.array(fc.option(lines, { freq: 2 }), { maxLength: 5 }))
  .map(([top, groups]): SetShare[] =>
    top.map((line, index) => {
      const members = groups[index];
      return members && 'pct' in line ? { pct: line.pct, members } : line;
    }),
  );

/** The shares as the engine takes them, every payee its own. */
function engineShares(shares: readonly SetShare[]): SplitSet['shares'] {
  const payee = (line: SetShare, payeeId: string) =>
    line.balance ? { payeeId, balance: true as const } : { payeeId, pct: line.pct! };
  return shares.map((share, index) =>
    share.members
      ? {
          groupId: `g${index}`,
          pct: share.pct!,
          members: share.members.map((member, at) => payee(member, `g${index}-m${at}`)),
        }
      : payee(share, `p${index}`),
  );
}

describe('the split rule and the engine', () => {
  it('agree on which generated split sets are valid', async () => {
    const engine = await loadEngine();
    const verdicts = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(setShares, (shares) => {
        let engineValid = true;
        try {
          runWasmText(engine, statementInput({ splitSets: [baseSet('s', engineShares(shares))] }));
        } catch (error) {
          if (!(error instanceof EngineInputError)) throw error;
          engineValid = false;
        }
        const ruleValid = isSplitValid(shares);
        verdicts[ruleValid ? 'valid' : 'invalid'] += 1;
        expect(ruleValid).toBe(engineValid);
      }),
      { seed: 20261128, numRuns: 2000 },
    );
    // Both answers are well represented, so the agreement is not all on one side.
    expect(verdicts.valid).toBeGreaterThan(300);
    expect(verdicts.invalid).toBeGreaterThan(300);
  });
});
