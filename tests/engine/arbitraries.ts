// Random valid engine inputs for the property and differential tests.
import fc from 'fast-check';
import { formatPercent } from '../../engine/numbers';
import type {
  EngineInput,
  EngineRecord,
  EngineStateIn,
  MemberShare,
  Recoupment,
  Share,
  SplitScope,
  SplitSet,
  Trigger,
} from '../../engine/types';
import {
  anyDate,
  dayOf,
  money,
  payees,
  percent,
  recoupments,
  state,
} from './recoupmentArbitraries';

const catalog = { C1: { productId: 'p1' }, C2: { productId: 'p1' }, C3: { productId: 'p2' } };
/** C9 is not in the catalog: a missing code. */
const codes = ['C1', 'C1', 'C2', 'C3', 'C9'] as const;
const scopes: SplitScope[] = [
  { productId: 'p1' },
  { productId: 'p1' },
  { productId: 'p2' },
  { code: 'C1' },
  { default: true },
];

export const periods = ['2026-09', '2026-10'] as const;
export type Period = (typeof periods)[number];

/** n whole-percent counts summing to 1,000,000. */
function weights(n: number): fc.Arbitrary<number[]> {
  const cut = fc.oneof(
    fc.integer({ min: 0, max: 1_000_000 }),
    fc.integer({ min: 0, max: 20 }).map((step) => step * 50_000),
  );
  return fc.array(cut, { minLength: n - 1, maxLength: n - 1 }).map((cuts) => {
    const bounds = [0, ...cuts.sort((a, b) => a - b), 1_000_000];
    return bounds.slice(1).map((bound, index) => bound - (bounds[index] ?? 0));
  });
}

const pctText = (count: number) => formatPercent(BigInt(count));

function memberList(): fc.Arbitrary<MemberShare[]> {
  return fc.integer({ min: 1, max: 3 }).chain((n) =>
    fc
      .record({
        weights: weights(n),
        payees: fc.array(fc.constantFrom(...payees), { minLength: n, maxLength: n }),
        balanceAt: fc.option(fc.integer({ min: 0, max: n - 1 })),
      })
      .map(({ weights: counts, payees: ids, balanceAt }) =>
        counts.map((count, index): MemberShare =>
          index === balanceAt
            ? { payeeId: ids[index] ?? 'label', balance: true }
            : { payeeId: ids[index] ?? 'label', pct: pctText(count) },
        ),
      ),
  );
}

export function shareList(): fc.Arbitrary<Share[]> {
  return fc.integer({ min: 1, max: 4 }).chain((n) =>
    fc
      .record({
        weights: weights(n),
        payees: fc.array(fc.constantFrom(...payees), { minLength: n, maxLength: n }),
        groups: fc.array(fc.option(memberList(), { freq: 3 }), { minLength: n, maxLength: n }),
        balanceAt: fc.option(fc.integer({ min: 0, max: n - 1 })),
      })
      .map(({ weights: counts, payees: ids, groups, balanceAt }) =>
        counts.map((count, index): Share => {
          const members = groups[index];
          if (members !== null && members !== undefined) {
            return { groupId: `band${index}`, pct: pctText(count), members };
          }
          const payeeId = ids[index] ?? 'label';
          return index === balanceAt
            ? { payeeId, balance: true }
            : { payeeId, pct: pctText(count) };
        }),
      ),
  );
}

function trigger(recoupmentIds: readonly string[]): fc.Arbitrary<Trigger> {
  const options: fc.WeightedArbitrary<Trigger>[] = [
    {
      weight: 4,
      arbitrary: fc.record({
        type: fc.constant('income' as const),
        threshold: money(3000),
        preCounted: fc.oneof(fc.constant('0'), money(2000)),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constantFrom('units' as const, 'plays' as const),
        threshold: fc.integer({ min: 0, max: 600 }),
        preCounted: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400 })),
      }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('date' as const), date: anyDate }) },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.constant('manual' as const), active: fc.boolean() }),
    },
  ];
  if (recoupmentIds.length > 0) {
    options.push({
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('recoupment' as const),
        recoupmentId: fc.constantFrom(...recoupmentIds),
      }),
    });
  }
  return fc.oneof(...options);
}

function splitSets(recoupmentIds: readonly string[]): fc.Arbitrary<SplitSet[]> {
  const set = fc.record({
    scope: fc.constantFrom(...scopes),
    kind: fc.constantFrom(
      'base',
      'base',
      'mechanical',
      'conditional',
      'conditional',
      'conditional',
    ),
    startDate: fc.option(anyDate, { freq: 3 }),
    priority: fc.integer({ min: 0, max: 3 }),
    shares: shareList(),
    trigger: trigger(recoupmentIds),
  });
  // Mostly a base set for p1 from the start, so most records reach the interesting steps.
  const mainBase = fc.option(
    set.map((fields) => ({
      ...fields,
      scope: scopes[0] ?? { default: true },
      kind: 'base' as const,
      startDate: null,
    })),
    { freq: 6 },
  );
  const conditional = set.map((fields) => ({
    ...fields,
    scope: scopes[0] ?? { default: true },
    kind: 'conditional' as const,
  }));
  const others = fc.array(fc.oneof(set, conditional), { minLength: 0, maxLength: 7 });
  return fc.tuple(mainBase, others).map(([main, rest]) =>
    [...(main === null ? [] : [main]), ...rest].map(
      ({ trigger: setTrigger, ...fields }, index): SplitSet => {
        const splitSet: SplitSet = { id: `${fields.kind}-${index}`, ...fields };
        if (fields.kind === 'conditional') splitSet.trigger = setTrigger;
        return splitSet;
      },
    ),
  );
}

/** One product with a base set and several counter-triggered sets with low thresholds: many cuts. */
function escalatingSets(): fc.Arbitrary<SplitSet[]> {
  const counterTrigger = fc.oneof(
    fc.record({
      type: fc.constant('income' as const),
      threshold: money(400),
      preCounted: fc.oneof(fc.constant('0'), money(200)),
    }),
    fc.record({
      type: fc.constantFrom('units' as const, 'plays' as const),
      threshold: fc.integer({ min: 0, max: 200 }),
      preCounted: fc.integer({ min: 0, max: 100 }),
    }),
  );
  const conditional = fc.record({
    priority: fc.integer({ min: 0, max: 3 }),
    startDate: fc.option(dayOf('2026-09'), { freq: 4 }),
    shares: shareList(),
    trigger: counterTrigger,
  });
  return fc
    .tuple(shareList(), fc.array(conditional, { minLength: 1, maxLength: 5 }))
    .map(([baseShares, conditionals]) => [
      {
        id: 'base',
        scope: { productId: 'p1' },
        kind: 'base',
        startDate: null,
        priority: 0,
        shares: baseShares,
      },
      ...conditionals.map((fields, index): SplitSet => ({
        id: `esc-${(index * 3) % 5}${index}`,
        scope: index % 3 === 2 ? { code: 'C1' } : { productId: 'p1' },
        kind: 'conditional',
        ...fields,
      })),
    ]);
}

function records(period: Period): fc.Arbitrary<EngineRecord[]> {
  const record = fc.record({
    code: fc.constantFrom(...codes),
    kind: fc.constantFrom('sale', 'sale', 'sale', 'mechanical', 'adjustment'),
    date: fc.option(dayOf(period), { freq: 4, nil: undefined }),
    units: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.constant(0)),
    revenue: money(2000),
    negative: fc.boolean(),
    format: fc.constantFrom('stream', 'stream', 'download'),
  });
  return fc.array(record, { maxLength: 10 }).map((items) =>
    items.map(({ negative, ...item }, index): EngineRecord => {
      const isNegative = item.kind === 'adjustment' && negative;
      return {
        id: `${period}-r${(index * 7) % 10}${index}`,
        ...item,
        units: isNegative ? -item.units : item.units,
        revenue: isNegative ? `-${item.revenue}` : item.revenue,
        service: 'Spotify',
        territory: 'US',
      };
    }),
  );
}

interface Setup {
  splitSets: SplitSet[];
  recoupments: Recoupment[];
  takePct: string;
}

const setup: fc.Arbitrary<Setup> = recoupments().chain((items) =>
  fc.record({
    splitSets: splitSets(items.map((item) => item.id)),
    recoupments: fc.constant(items),
    takePct: fc.oneof(fc.constant('0'), fc.constant('0'), percent),
  }),
);

function statementOf(
  period: Period,
  common: Setup,
  records: EngineRecord[],
  stateIn: EngineStateIn,
): EngineInput {
  return {
    currency: 'USD',
    statement: { id: `s-${period}`, period, distributorTakePct: common.takePct },
    records,
    catalog,
    splitSets: common.splitSets,
    recoupments: common.recoupments,
    state: stateIn,
  };
}

/** One statement with random state in. */
export const engineInput: fc.Arbitrary<EngineInput> = setup.chain((common) =>
  fc
    .tuple(records('2026-09'), state(common.splitSets, common.recoupments))
    .map(([items, stateIn]) => statementOf('2026-09', common, items, stateIn)),
);

/** Two consecutive statements over the same catalog, splits and recoupments; B's state is left empty. */
export const statementPair: fc.Arbitrary<[EngineInput, EngineInput]> = setup.chain((common) =>
  fc
    .tuple(records('2026-09'), records('2026-10'), state(common.splitSets, common.recoupments))
    .map(([first, second, stateIn]) => [
      statementOf('2026-09', common, first, stateIn),
      statementOf('2026-10', common, second, { counters: {}, recoupments: {} }),
    ]),
);

/** Many records crossing several thresholds each, with the recoupments of `engineInput`. */
export const escalatingInput: fc.Arbitrary<EngineInput> = fc
  .tuple(recoupments(), escalatingSets(), records('2026-09'), records('2026-09'))
  .chain(([items, sets, first, second]) =>
    state(sets, items).map((stateIn) =>
      statementOf(
        '2026-09',
        { splitSets: sets, recoupments: items, takePct: '0' },
        [...first, ...second.map((record) => ({ ...record, id: `${record.id}b` }))],
        stateIn,
      ),
    ),
  );

/** A negative adjustment of 0 to 1500 on a catalogued code. */
const negativeAdjustment = fc
  .record({ code: fc.constantFrom('C1', 'C2', 'C3'), revenue: money(1500) })
  .map(({ code, revenue }): Omit<EngineRecord, 'id'> => ({
    code,
    kind: 'adjustment',
    units: 0,
    revenue: `-${revenue}`,
  }));

/**
 * Debtors who earned on some products and lost on others (negative adjustments), under one
 * default split and open recoupments large enough that the debtors' bases decide the takes.
 */
export const nettingInput: fc.Arbitrary<EngineInput> = fc
  .tuple(
    recoupments(),
    shareList(),
    records('2026-09'),
    fc.array(negativeAdjustment, { minLength: 1, maxLength: 4 }),
    fc.constantFrom('100000', '100000', '20'),
  )
  .map(([items, shares, sales, adjustments, amount]) =>
    statementOf(
      '2026-09',
      {
        splitSets: [
          {
            id: 'base',
            scope: { default: true },
            kind: 'base',
            startDate: null,
            priority: 0,
            shares,
          },
        ],
        recoupments: items.map((item) => ({
          ...item,
          status: 'open',
          startDate: null,
          amount,
          prepaid: '0',
          recoupablePct: item.recoupablePct === '0' ? '100' : item.recoupablePct,
          revenueMinimum: '-100000',
        })),
        takePct: '0',
      },
      [
        ...sales,
        ...adjustments.map((adjustment, index) => ({ ...adjustment, id: `adj-${index}` })),
      ],
      { counters: {}, recoupments: {} },
    ),
  );
