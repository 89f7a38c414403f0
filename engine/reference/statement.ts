// Steps 1 to 8 over one statement, leaving totals, ledger, counters and waterfall filled in.
import { Counters } from './counters';
import { Ledger } from './ledger';
import type { Model, RecordModel, SplitSetModel } from './model';
import { Waterfall } from './recoupments';
import { applicableSet, chooseSets, type SetChoice } from './splitChoice';

export interface StatementRun {
  gross: bigint;
  take: bigint;
  net: bigint;
  offTheTop: bigint;
  unallocated: bigint;
  missingCodes: Set<string>;
  ledger: Ledger;
  counters: Counters;
  waterfall: Waterfall;
}

function groupByScope(sets: readonly SplitSetModel[]): Map<string, SplitSetModel[]> {
  const byScope = new Map<string, SplitSetModel[]>();
  for (const set of sets) byScope.set(set.scopeKey, [...(byScope.get(set.scopeKey) ?? []), set]);
  return byScope;
}

export function runStatement(model: Model): StatementRun {
  const sum = (pick: (record: RecordModel) => bigint) =>
    model.records.reduce((total, record) => total + pick(record), 0n);
  const ledger = new Ledger();
  const net = sum((record) => record.net);
  const run: StatementRun = {
    gross: sum((record) => record.revenue),
    take: sum((record) => record.take),
    net,
    offTheTop: 0n,
    unallocated: 0n,
    missingCodes: new Set(),
    ledger,
    counters: new Counters(model.splitSets, model.counterStart),
    waterfall: new Waterfall(model.recoupments, ledger, model.periodLastDay, net),
  };
  const setsByScope = groupByScope(model.splitSets);
  for (const record of model.records) processRecord(run, setsByScope, record);
  run.waterfall.recoupDebtors();
  run.waterfall.releaseDeferred();
  return run;
}

function processRecord(
  run: StatementRun,
  setsByScope: ReadonlyMap<string, SplitSetModel[]>,
  record: RecordModel,
): void {
  if (record.productId === null) {
    run.missingCodes.add(record.code);
    run.unallocated += record.net;
    return;
  }
  const net = run.waterfall.cutOffTheTop(record, record.net);
  run.offTheTop += record.net - net;
  const choice = chooseSets(setsByScope, record);
  if (choice === null) {
    run.missingCodes.add(record.code);
    run.unallocated += net;
    return;
  }
  allocateRecord(run, choice, record, net);
}

/** Allocates a record, cut at every threshold it crosses, then advances the counters. */
function allocateRecord(
  run: StatementRun,
  choice: SetChoice,
  record: RecordModel,
  net: bigint,
): void {
  const { counters, waterfall, ledger } = run;
  const increments = record.kind === 'mechanical' ? [] : counters.increments(record, net);
  const cuts = counters.cutPoints(record, net, increments);
  const crossed = new Set<string>();
  const remainingAtStart = (recoupmentId: string) =>
    waterfall.runs.find((item) => item.recoupment.id === recoupmentId)?.recoupment
      .remainingBefore ?? -1n;
  const setNow = () =>
    applicableSet(choice, {
      record,
      isCounterReached: (set) => crossed.has(set.id) || counters.isReached(set),
      remainingAtStart,
    });
  let moneyBefore = 0n;
  let unitsBefore = 0n;
  for (const cut of cuts) {
    ledger.allocatePart(record, setNow(), cut.moneyAt - moneyBefore, cut.unitsAt - unitsBefore);
    crossed.add(cut.setId);
    moneyBefore = cut.moneyAt;
    unitsBefore = cut.unitsAt;
  }
  ledger.allocatePart(record, setNow(), net - moneyBefore, record.units - unitsBefore);
  counters.advance(record, increments);
}
