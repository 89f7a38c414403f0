// Recoupments, in the field order of ENGINE.md's example.
import { recoupmentPriorities, type Recoupment } from '../types';
import {
  child,
  fail,
  isObject,
  nullable,
  optional,
  readArray,
  readBoolean,
  readDate,
  readEnum,
  readInteger,
  readMoney,
  readObject,
  readPercent,
  readString,
  readStringList,
  required,
} from './fields';

function readRecoupment(value: unknown, path: string): Recoupment {
  const item = readObject(value, path);
  const recoupment: Recoupment = {
    id: required(item, 'id', path, readString),
    status: 'open',
    creditorId: '',
    debtorIds: [],
    amount: '0',
    prepaid: '0',
    priority: 'medium',
    createdAt: 0,
    startDate: null,
    scope: 'all',
    productIds: [],
    recoupablePct: '0',
    netRevenuePct: '0',
    statementMaximum: null,
    paymentMinimum: '0',
    revenueMinimum: '0',
    reimbursement: 'immediate',
    mechanicalRepays: false,
  };
  const title = optional(item, 'title', path, nullable(readString), null);
  if (title !== null) recoupment.title = title;
  const type = optional(item, 'type', path, nullable(readString), null);
  if (type !== null) recoupment.type = type;
  recoupment.status = required(item, 'status', path, readEnum(['open', 'closed', 'deleted']));
  recoupment.creditorId = required(item, 'creditorId', path, readString);
  recoupment.debtorIds = required(item, 'debtorIds', path, readStringList);
  recoupment.amount = required(item, 'amount', path, readMoney);
  recoupment.prepaid = optional(item, 'prepaid', path, readMoney, '0');
  recoupment.priority = required(item, 'priority', path, readEnum(recoupmentPriorities));
  recoupment.createdAt = required(item, 'createdAt', path, readInteger);
  recoupment.startDate = optional(item, 'startDate', path, nullable(readDate), null);
  recoupment.scope = required(item, 'scope', path, readEnum(['all', 'products']));
  recoupment.productIds = optional(item, 'productIds', path, readStringList, []);
  recoupment.recoupablePct = required(item, 'recoupablePct', path, readPercent);
  recoupment.netRevenuePct = required(item, 'netRevenuePct', path, readPercent);
  recoupment.statementMaximum = optional(item, 'statementMaximum', path, nullable(readMoney), null);
  recoupment.paymentMinimum = optional(item, 'paymentMinimum', path, readMoney, '0');
  recoupment.revenueMinimum = optional(item, 'revenueMinimum', path, readMoney, '0');
  recoupment.reimbursement = required(
    item,
    'reimbursement',
    path,
    readEnum(['immediate', 'deferred']),
  );
  recoupment.mechanicalRepays = optional(item, 'mechanicalRepays', path, readBoolean, false);
  return recoupment;
}

export function readRecoupments(value: unknown, path: string): Recoupment[] {
  const seen = new Set<string>();
  return readArray(value, path).map((item, index) => {
    const recoupment = readRecoupment(item, child(path, index));
    if (seen.has(recoupment.id)) {
      fail(child(child(path, index), 'id'), `duplicate id ${JSON.stringify(recoupment.id)}`);
    }
    seen.add(recoupment.id);
    return recoupment;
  });
}

/** Ids named by the recoupment list, read leniently so split-set triggers can be checked first. */
export function listedRecoupmentIds(value: unknown): Set<string> {
  const items = Array.isArray(value) ? value : [];
  return new Set(
    items.flatMap((item) => (isObject(item) && typeof item.id === 'string' ? [item.id] : [])),
  );
}
