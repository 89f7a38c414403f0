// Step 4: which split set allocates (a part of) a record.
import { compareText } from '../numbers';
import { scopeKey, type RecordModel, type SplitSetModel, type TriggerModel } from './model';

export interface SetChoice {
  scopeKey: string;
  base: SplitSetModel;
  conditionals: SplitSetModel[];
}

/** null (no date yet) counts as the earliest start. */
function compareStart(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return compareText(a, b);
}

function hasStarted(set: SplitSetModel, date: string): boolean {
  return set.startDate === null || compareText(set.startDate, date) <= 0;
}

export function recordScopeKeys(record: RecordModel): string[] {
  const keys = [scopeKey({ code: record.code })];
  if (record.productId !== null) keys.push(scopeKey({ productId: record.productId }));
  keys.push(scopeKey({ default: true }));
  return keys;
}

/** The base set of the most specific scope with a set for this record's kind, or null (missing). */
export function chooseSets(
  setsByScope: ReadonlyMap<string, SplitSetModel[]>,
  record: RecordModel,
): SetChoice | null {
  for (const key of recordScopeKeys(record)) {
    const sets = setsByScope.get(key) ?? [];
    const baseSets = sets.filter((set) => set.kind === 'base');
    const mechanicalSets = sets.filter((set) => set.kind === 'mechanical');
    const candidates =
      record.kind === 'mechanical' && mechanicalSets.length > 0 ? mechanicalSets : baseSets;
    // A scope with no set for this kind of record (say, only mechanical sets for a sale) is passed.
    if (candidates.length === 0) continue;
    const base = candidates
      .filter((set) => hasStarted(set, record.date))
      .reduce<SplitSetModel | null>(
        (latest, set) =>
          latest === null || compareStart(set.startDate, latest.startDate) > 0 ? set : latest,
        null,
      );
    if (base === null) return null;
    const conditionals =
      record.kind === 'mechanical' ? [] : sets.filter((set) => set.kind === 'conditional');
    return { scopeKey: key, base, conditionals };
  }
  return null;
}

export interface TriggerContext {
  record: RecordModel;
  isCounterReached: (set: SplitSetModel) => boolean;
  remainingAtStart: (recoupmentId: string) => bigint;
}

function isTriggerActive(
  set: SplitSetModel,
  trigger: TriggerModel,
  context: TriggerContext,
): boolean {
  switch (trigger.type) {
    case 'counter':
      return context.isCounterReached(set);
    case 'date':
      return compareText(context.record.date, trigger.date) >= 0;
    case 'manual':
      return trigger.active;
    case 'recoupment':
      return context.remainingAtStart(trigger.recoupmentId) <= 0n;
  }
}

/** Highest priority, then the later start, then the first listed. */
function outranks(a: SplitSetModel, b: SplitSetModel): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  const byStart = compareStart(a.startDate, b.startDate);
  return byStart !== 0 ? byStart > 0 : a.index < b.index;
}

/** The set that allocates: the winning active conditional set, else the base. */
export function applicableSet(choice: SetChoice, context: TriggerContext): SplitSetModel {
  let winner: SplitSetModel | null = null;
  for (const set of choice.conditionals) {
    if (set.trigger === null || !hasStarted(set, context.record.date)) continue;
    if (!isTriggerActive(set, set.trigger, context)) continue;
    if (winner === null || outranks(set, winner)) winner = set;
  }
  return winner ?? choice.base;
}
