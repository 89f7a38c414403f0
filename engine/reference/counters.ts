// Step 5: income, units and plays counters, and the points where a record crosses a threshold.
import { compareText } from '../numbers';
import type { CounterMeasure, RecordModel, SplitSetModel } from './model';
import { recordScopeKeys } from './splitChoice';

export interface CounterRun {
  set: SplitSetModel;
  measure: CounterMeasure;
  threshold: bigint;
  before: bigint;
  value: bigint;
  activatedAtRecordId: string | null;
}

export interface Increment {
  counter: CounterRun;
  amount: bigint;
}

/** Where a record crosses a threshold: the money and units before the cut. */
export interface CutPoint {
  setId: string;
  moneyAt: bigint;
  unitsAt: bigint;
}

export class Counters {
  readonly runs: CounterRun[];

  constructor(splitSets: readonly SplitSetModel[], start: ReadonlyMap<string, bigint>) {
    this.runs = splitSets.flatMap((set) => {
      if (set.trigger?.type !== 'counter') return [];
      const value = start.get(set.id) ?? set.trigger.start;
      const { measure, threshold } = set.trigger;
      return [{ set, measure, threshold, before: value, value, activatedAtRecordId: null }];
    });
  }

  isReached(set: SplitSetModel): boolean {
    const counter = this.runs.find((run) => run.set === set);
    return counter !== undefined && counter.value >= counter.threshold;
  }

  /** What a sale or adjustment record (net after step 3) adds to each counter whose scope covers it. */
  increments(record: RecordModel, net: bigint): Increment[] {
    const keys = recordScopeKeys(record);
    return this.runs
      .filter((counter) => keys.includes(counter.set.scopeKey))
      .map((counter) => ({ counter, amount: measureOf(counter.measure, record, net) }));
  }

  cutPoints(record: RecordModel, net: bigint, increments: readonly Increment[]): CutPoint[] {
    if (net <= 0n) return [];
    const cuts: CutPoint[] = [];
    for (const { counter, amount } of increments) {
      const { value, threshold } = counter;
      if (!(value < threshold && threshold <= value + amount)) continue;
      const before = threshold - value;
      cuts.push(
        counter.measure === 'income'
          ? { setId: counter.set.id, moneyAt: before, unitsAt: (record.units * before) / net }
          : { setId: counter.set.id, moneyAt: (net * before) / record.units, unitsAt: before },
      );
    }
    return cuts.sort((a, b) =>
      a.moneyAt === b.moneyAt ? compareText(a.setId, b.setId) : a.moneyAt < b.moneyAt ? -1 : 1,
    );
  }

  advance(record: RecordModel, increments: readonly Increment[]): void {
    for (const { counter, amount } of increments) {
      const crossed =
        counter.value < counter.threshold && counter.value + amount >= counter.threshold;
      counter.value += amount;
      if (crossed && counter.activatedAtRecordId === null) counter.activatedAtRecordId = record.id;
    }
  }
}

function measureOf(measure: CounterMeasure, record: RecordModel, net: bigint): bigint {
  if (measure === 'income') return net;
  if (measure === 'plays' && !record.isStream) return 0n;
  return record.units;
}
