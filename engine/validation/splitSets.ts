// Split sets: id, scope, kind, start date, priority, shares and (for conditional sets) trigger.
import type { SplitScope, SplitSet, Trigger } from '../types';
import {
  child,
  fail,
  nullable,
  optional,
  readArray,
  readBoolean,
  readDate,
  readEnum,
  readInteger,
  readMoney,
  readObject,
  readString,
  required,
} from './fields';
import { readShares } from './shares';

function readScope(value: unknown, path: string): SplitScope {
  const scope = readObject(value, path);
  const keys = Object.keys(scope);
  if (keys.length === 1) {
    if (typeof scope.code === 'string') return { code: scope.code };
    if (typeof scope.productId === 'string') return { productId: scope.productId };
    if (scope.default === true) return { default: true };
  }
  return fail(path, 'unknown scope shape');
}

const counterTypes = ['income', 'units', 'plays'] as const;

function readTrigger(value: unknown, path: string, recoupmentIds: Set<string>): Trigger {
  const trigger = readObject(value, path);
  const type = required(trigger, 'type', path, readString);
  switch (type) {
    case 'income':
      return {
        type,
        threshold: required(trigger, 'threshold', path, readMoney),
        preCounted: optional(trigger, 'preCounted', path, readMoney, '0'),
      };
    case 'units':
    case 'plays':
      return {
        type,
        threshold: required(trigger, 'threshold', path, readInteger),
        preCounted: optional(trigger, 'preCounted', path, readInteger, 0),
      };
    case 'date':
      return { type, date: required(trigger, 'date', path, readDate) };
    case 'manual':
      return { type, active: required(trigger, 'active', path, readBoolean) };
    case 'recoupment': {
      const recoupmentId = required(trigger, 'recoupmentId', path, readString);
      if (!recoupmentIds.has(recoupmentId)) {
        fail(child(path, 'recoupmentId'), `unknown recoupment ${JSON.stringify(recoupmentId)}`);
      }
      return { type, recoupmentId };
    }
    default:
      return fail(child(path, 'type'), `unknown trigger type ${JSON.stringify(type)}`);
  }
}

export function isCounterType(type: string): type is (typeof counterTypes)[number] {
  return (counterTypes as readonly string[]).includes(type);
}

export function readSplitSets(
  value: unknown,
  path: string,
  recoupmentIds: Set<string>,
): SplitSet[] {
  const seen = new Set<string>();
  return readArray(value, path).map((item, index) => {
    const setPath = child(path, index);
    const set = readObject(item, setPath);
    const id = required(set, 'id', setPath, readString);
    if (seen.has(id)) fail(child(setPath, 'id'), `duplicate id ${JSON.stringify(id)}`);
    seen.add(id);
    const splitSet: SplitSet = {
      id,
      scope: required(set, 'scope', setPath, readScope),
      kind: required(set, 'kind', setPath, readEnum(['base', 'mechanical', 'conditional'])),
      startDate: optional(set, 'startDate', setPath, nullable(readDate), null),
      priority: optional(set, 'priority', setPath, readInteger, 0),
      shares: required(set, 'shares', setPath, readShares),
    };
    if (splitSet.kind === 'conditional') {
      splitSet.trigger = required(set, 'trigger', setPath, (trigger, triggerPath) =>
        readTrigger(trigger, triggerPath, recoupmentIds),
      );
    }
    return splitSet;
  });
}
