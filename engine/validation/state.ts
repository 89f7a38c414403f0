// The state carried from the previous statement: counters and recoupment balances.
import type { CounterState, EngineStateIn, RecoupmentStateIn } from '../types';
import { parseIntegerText } from '../numbers';
import {
  child,
  fail,
  optional,
  readObject,
  readStateMoney,
  required,
  type JsonObject,
} from './fields';

export type CounterKinds = ReadonlyMap<string, 'income' | 'units' | 'plays'>;

function readIntegerText(value: unknown, path: string): string {
  if (parseIntegerText(value) === null) fail(path, 'not an integer');
  return value as string;
}

function readCounters(
  value: unknown,
  path: string,
  kinds: CounterKinds,
): EngineStateIn['counters'] {
  const entries: [string, CounterState][] = [];
  for (const [id, entry] of Object.entries(readObject(value, path))) {
    const kind = kinds.get(id);
    if (kind === undefined) continue;
    const entryPath = child(path, id);
    const read = kind === 'income' ? readStateMoney : readIntegerText;
    entries.push([id, { value: required(readObject(entry, entryPath), 'value', entryPath, read) }]);
  }
  return Object.fromEntries(entries);
}

function readBalances(
  value: unknown,
  path: string,
  recoupmentIds: ReadonlySet<string>,
): EngineStateIn['recoupments'] {
  const entries: [string, RecoupmentStateIn][] = [];
  for (const [id, entry] of Object.entries(readObject(value, path))) {
    if (!recoupmentIds.has(id)) continue;
    const entryPath = child(path, id);
    const balance: JsonObject = readObject(entry, entryPath);
    const parsed: RecoupmentStateIn = {};
    const remaining = optional(balance, 'remaining', entryPath, readStateMoney, null);
    if (remaining !== null) parsed.remaining = remaining;
    const deferred = optional(balance, 'deferred', entryPath, readStateMoney, null);
    if (deferred !== null) parsed.deferred = deferred;
    entries.push([id, parsed]);
  }
  return Object.fromEntries(entries);
}

export function readState(
  value: unknown,
  path: string,
  kinds: CounterKinds,
  recoupmentIds: ReadonlySet<string>,
): EngineStateIn {
  const state = readObject(value, path);
  return {
    counters: optional(state, 'counters', path, (v, p) => readCounters(v, p, kinds), {}),
    recoupments: optional(
      state,
      'recoupments',
      path,
      (v, p) => readBalances(v, p, recoupmentIds),
      {},
    ),
  };
}
