// Validation of an unknown JSON value into EngineInput; the first error in input order is thrown.
import { EngineInputError } from './errors';
import type { EngineInput } from './types';
import { optional, readObject, readString, required } from './validation/fields';
import { readCatalog, readRecords, readStatement } from './validation/records';
import { listedRecoupmentIds, readRecoupments } from './validation/recoupments';
import { isCounterType, readSplitSets } from './validation/splitSets';
import { readState, type CounterKinds } from './validation/state';

export { EngineInputError };

/** Checks `value` against ENGINE.md's input and fills the documented defaults. */
export function validateInput(value: unknown): EngineInput {
  const root = readObject(value, '');
  const currency = required(root, 'currency', '', readString);
  const statement = required(root, 'statement', '', readStatement);
  const records = required(root, 'records', '', readRecords);
  const catalog = required(root, 'catalog', '', readCatalog);
  const splitSets = required(root, 'splitSets', '', (sets, path) =>
    readSplitSets(sets, path, listedRecoupmentIds(root.recoupments)),
  );
  const recoupments = optional(root, 'recoupments', '', readRecoupments, []);
  const counterKinds: CounterKinds = new Map(
    splitSets.flatMap((set) =>
      set.trigger !== undefined && isCounterType(set.trigger.type)
        ? [[set.id, set.trigger.type] as const]
        : [],
    ),
  );
  const recoupmentIds = new Set(recoupments.map((recoupment) => recoupment.id));
  const state = optional(
    root,
    'state',
    '',
    (raw, path) => readState(raw, path, counterKinds, recoupmentIds),
    { counters: {}, recoupments: {} },
  );
  return { currency, statement, records, catalog, splitSets, recoupments, state };
}
