// Random recoupments and the state carried into a statement, with the amounts, payees and dates
// every random input draws on.
import fc from 'fast-check';
import { formatPercent } from '../../engine/numbers';
import {
  recoupmentPriorities,
  type EngineStateIn,
  type Recoupment,
  type SplitSet,
} from '../../engine/types';

export const payees = ['label', 'ann', 'bob', 'cat', 'dan'] as const;

export function dayOf(period: string) {
  return fc.integer({ min: 1, max: 30 }).map((day) => `${period}-${String(day).padStart(2, '0')}`);
}

/** Dates around both periods, some before and some after. */
export const anyDate = fc.oneof(
  dayOf('2026-09'),
  dayOf('2026-10'),
  fc.constantFrom('2026-08-15', '2026-11-01'),
);

function digits(value: bigint, width: number): string {
  return value.toString().padStart(width, '0');
}

/** Money text up to `maxWhole`, from whole numbers to more than 12 decimals (rounded half-even). */
export function money(maxWhole: number): fc.Arbitrary<string> {
  const whole = fc.integer({ min: 0, max: maxWhole });
  return fc.oneof(
    whole.map(String),
    fc.tuple(whole, fc.bigInt({ min: 0n, max: 99n })).map(([w, f]) => `${w}.${digits(f, 2)}`),
    fc
      .tuple(whole, fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }))
      .map(([w, f]) => `${w}.${digits(f, 12)}`),
    fc
      .tuple(whole, fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }))
      .map(([w, f]) => `${w}.${digits(f, 14)}`),
    fc.constantFrom('0', '0.000000000001', '0.0000000000005', '0.0000000000015', '1.00'),
  );
}

export function signed(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(fc.boolean(), text).map(([negative, value]) => (negative ? `-${value}` : value));
}

const percentCount = fc.oneof(
  fc.constantFrom(0, 1, 100_000, 125_000, 250_000, 333_333, 333_334, 500_000, 1_000_000),
  fc.integer({ min: 0, max: 1_000_000 }),
);
export const percent = percentCount.map((count) => formatPercent(BigInt(count)));

export function recoupments(): fc.Arbitrary<Recoupment[]> {
  const recoupment = fc.record({
    status: fc.constantFrom('open', 'open', 'open', 'open', 'closed', 'deleted'),
    creditorId: fc.constantFrom(...payees),
    debtorIds: fc.uniqueArray(fc.constantFrom(...payees), { minLength: 1, maxLength: 3 }),
    amount: fc.oneof(money(3000), fc.integer({ min: 500, max: 3000 }).map(String)),
    prepaid: fc.oneof(fc.constant('0'), fc.constant('0'), fc.constant('0'), money(500)),
    priority: fc.constantFrom(...recoupmentPriorities),
    createdAt: fc.integer({ min: 1758000000, max: 1758000003 }),
    startDate: fc.option(anyDate, { freq: 3 }),
    scope: fc.constantFrom('all', 'products'),
    productIds: fc.subarray(['p1', 'p2', 'p3']),
    recoupablePct: fc.oneof(fc.constant('0'), fc.constant('100'), percent, percent),
    netRevenuePct: fc.oneof(fc.constant('0'), fc.constant('0'), percent),
    statementMaximum: fc.option(money(1500), { freq: 2 }),
    paymentMinimum: fc.oneof(fc.constant('0'), fc.constant('0'), money(300)),
    revenueMinimum: fc.oneof(fc.constant('0'), fc.constant('0'), fc.constant('0'), money(3000)),
    reimbursement: fc.constantFrom('immediate', 'deferred'),
    mechanicalRepays: fc.boolean(),
  });
  return fc.array(recoupment, { maxLength: 4 }).map((items) =>
    items.map((item, index): Recoupment => ({
      id: `rc${(index * 3) % 4}${index}`,
      title: 'Advance',
      type: 'advance',
      ...item,
    })),
  );
}

/**
 * A state value of 16 to 26 integer digits, as many statements may sum, with room for one
 * statement's records so that the state written back still has 26 digits.
 */
const largeStateMoney = fc
  .tuple(
    fc.bigInt({ min: 10n ** 15n, max: 10n ** 26n - 10n ** 6n }),
    fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
  )
  .map(([whole, fraction]) => `${whole}.${digits(fraction, 12)}`);

/** A remaining only falls: it may be the largest a state value can be. */
const largeRemaining = fc.oneof(
  largeStateMoney,
  fc.constant('99999999999999999999999999.999999999999'),
);

/** A units or plays counter of up to 26 digits, with the same room. */
const largeStateInteger = fc
  .bigInt({ min: -(10n ** 26n) + 10n ** 6n, max: 10n ** 26n - 10n ** 6n })
  .map(String);

/** Mostly small, sometimes large: the large ones exercise the state's 26 integer digits. */
function mostlySmall(
  small: fc.Arbitrary<string>,
  large: fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  return fc.oneof({ weight: 19, arbitrary: small }, { weight: 1, arbitrary: large });
}

export function state(
  sets: readonly SplitSet[],
  items: readonly Recoupment[],
): fc.Arbitrary<EngineStateIn> {
  const counters = sets.flatMap((set) => {
    const kind = set.trigger?.type;
    if (kind !== 'income' && kind !== 'units' && kind !== 'plays') return [];
    const value =
      kind === 'income'
        ? mostlySmall(signed(money(3000)), signed(largeStateMoney))
        : mostlySmall(fc.integer({ min: -50, max: 700 }).map(String), largeStateInteger);
    return [
      fc.option(
        value.map((text) => [set.id, { value: text }] as const),
        { freq: 2 },
      ),
    ];
  });
  const balances = items.map((item) =>
    fc.option(
      fc
        .record({
          remaining: mostlySmall(fc.oneof(fc.constant('0'), money(3000)), largeRemaining),
          deferred: mostlySmall(fc.oneof(fc.constant('0'), money(500)), signed(largeStateMoney)),
        })
        .map((balance) => [item.id, balance] as const),
      { freq: 2 },
    ),
  );
  return fc
    .record({ counters: fc.tuple(...counters), balances: fc.tuple(...balances) })
    .map((drawn) => ({
      counters: Object.fromEntries(
        drawn.counters.flatMap((entry) => (entry === null ? [] : [entry])),
      ),
      recoupments: Object.fromEntries(
        drawn.balances.flatMap((entry) => (entry === null ? [] : [entry])),
      ),
    }));
}
