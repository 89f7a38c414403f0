// The validated input turned into integer counts, with each record's take and net.
import {
  compareText,
  parseIntegerText,
  parseMoney,
  parsePercent,
  parseStateMoney,
  WHOLE_PERCENT,
} from '../numbers';
import { daysInMonth } from '../validation/fields';
import {
  recoupmentPriorities,
  type EngineInput,
  type EngineRecord,
  type MemberShare,
  type Recoupment,
  type Share,
  type SplitScope,
  type SplitSet,
  type Trigger,
} from '../types';

export type CounterMeasure = 'income' | 'units' | 'plays';

export type TriggerModel =
  | { type: 'counter'; measure: CounterMeasure; threshold: bigint; start: bigint }
  | { type: 'date'; date: string }
  | { type: 'manual'; active: boolean }
  | { type: 'recoupment'; recoupmentId: string };

export interface PayeeWeight {
  payeeId: string;
  weight: bigint;
}

export type ShareModel =
  | { type: 'payee'; payeeId: string; weight: bigint }
  | { type: 'group'; weight: bigint; members: PayeeWeight[] };

export interface SplitSetModel {
  id: string;
  index: number;
  scopeKey: string;
  kind: SplitSet['kind'];
  startDate: string | null;
  priority: number;
  shares: ShareModel[];
  trigger: TriggerModel | null;
}

export interface RecordModel {
  id: string;
  code: string;
  productId: string | null;
  kind: EngineRecord['kind'];
  date: string;
  units: bigint;
  isStream: boolean;
  revenue: bigint;
  take: bigint;
  net: bigint;
}

export interface RecoupmentModel {
  id: string;
  status: Recoupment['status'];
  creditorId: string;
  debtorIds: string[];
  priorityRank: number;
  createdAt: number;
  startDate: string | null;
  productIds: ReadonlySet<string> | null;
  recoupablePct: bigint;
  netRevenuePct: bigint;
  statementMaximum: bigint | null;
  paymentMinimum: bigint;
  revenueMinimum: bigint;
  deferredReimbursement: boolean;
  mechanicalRepays: boolean;
  remainingBefore: bigint;
  deferredBefore: bigint;
}

export interface Model {
  periodFirstDay: string;
  periodLastDay: string;
  records: RecordModel[];
  splitSets: SplitSetModel[];
  recoupments: RecoupmentModel[];
  counterStart: ReadonlyMap<string, bigint>;
}

/** Text already validated, so a parse failure here is a bug, not bad input. */
function money(text: string): bigint {
  const value = parseMoney(text);
  if (value === null) throw new Error(`unvalidated amount ${text}`);
  return value;
}

/** A validated `state` value: up to 26 integer digits. */
function stateMoney(text: string): bigint {
  const value = parseStateMoney(text);
  if (value === null) throw new Error(`unvalidated state amount ${text}`);
  return value;
}

function percent(text: string): bigint {
  const value = parsePercent(text);
  if (value === null) throw new Error(`unvalidated percentage ${text}`);
  return value;
}

export function scopeKey(scope: SplitScope): string {
  if ('code' in scope) return JSON.stringify(['code', scope.code]);
  if ('productId' in scope) return JSON.stringify(['product', scope.productId]);
  return JSON.stringify(['default']);
}

function weights(shares: readonly (Share | MemberShare)[]): bigint[] {
  const others = shares.reduce(
    (sum, share) => ('pct' in share ? sum + percent(share.pct) : sum),
    0n,
  );
  return shares.map((share) => ('pct' in share ? percent(share.pct) : WHOLE_PERCENT - others));
}

function shareModels(shares: readonly Share[]): ShareModel[] {
  const shareWeights = weights(shares);
  return shares.map((share, index) => {
    const weight = shareWeights[index] ?? 0n;
    if (!('groupId' in share)) return { type: 'payee', payeeId: share.payeeId, weight };
    const memberWeights = weights(share.members);
    const members = share.members.map((member, memberIndex) => ({
      payeeId: member.payeeId,
      weight: memberWeights[memberIndex] ?? 0n,
    }));
    return { type: 'group', weight, members };
  });
}

function triggerModel(trigger: Trigger | undefined): TriggerModel | null {
  switch (trigger?.type) {
    case undefined:
      return null;
    case 'income':
      return {
        type: 'counter',
        measure: 'income',
        threshold: money(trigger.threshold),
        start: money(trigger.preCounted),
      };
    case 'units':
    case 'plays':
      return {
        type: 'counter',
        measure: trigger.type,
        threshold: BigInt(trigger.threshold),
        start: BigInt(trigger.preCounted),
      };
    case 'date':
      return { type: 'date', date: trigger.date };
    case 'manual':
      return { type: 'manual', active: trigger.active };
    case 'recoupment':
      return { type: 'recoupment', recoupmentId: trigger.recoupmentId };
  }
}

function recordModel(input: EngineInput, record: EngineRecord, firstDay: string): RecordModel {
  const revenue = money(record.revenue);
  const take = (revenue * percent(input.statement.distributorTakePct)) / WHOLE_PERCENT;
  const entry = Object.hasOwn(input.catalog, record.code) ? input.catalog[record.code] : undefined;
  return {
    id: record.id,
    code: record.code,
    productId: entry?.productId ?? null,
    kind: record.kind,
    date: record.date ?? firstDay,
    units: BigInt(record.units),
    isStream: record.format === 'stream',
    revenue,
    take,
    net: revenue - take,
  };
}

function recoupmentModel(input: EngineInput, recoupment: Recoupment): RecoupmentModel {
  const balance = Object.hasOwn(input.state.recoupments, recoupment.id)
    ? input.state.recoupments[recoupment.id]
    : undefined;
  const remaining = balance?.remaining;
  return {
    id: recoupment.id,
    status: recoupment.status,
    creditorId: recoupment.creditorId,
    debtorIds: [...new Set(recoupment.debtorIds)],
    priorityRank: recoupmentPriorities.indexOf(recoupment.priority),
    createdAt: recoupment.createdAt,
    startDate: recoupment.startDate,
    productIds: recoupment.scope === 'products' ? new Set(recoupment.productIds) : null,
    recoupablePct: percent(recoupment.recoupablePct),
    netRevenuePct: percent(recoupment.netRevenuePct),
    statementMaximum:
      recoupment.statementMaximum === null ? null : money(recoupment.statementMaximum),
    paymentMinimum: money(recoupment.paymentMinimum),
    revenueMinimum: money(recoupment.revenueMinimum),
    deferredReimbursement: recoupment.reimbursement === 'deferred',
    mechanicalRepays: recoupment.mechanicalRepays,
    remainingBefore:
      remaining === undefined
        ? money(recoupment.amount) - money(recoupment.prepaid)
        : stateMoney(remaining),
    deferredBefore: stateMoney(balance?.deferred ?? '0'),
  };
}

/** Records in processing order: (date, id), input order on ties. */
function byDateThenId(a: RecordModel, b: RecordModel): number {
  return compareText(a.date, b.date) || compareText(a.id, b.id);
}

function counterStart(input: EngineInput, set: SplitSetModel): [string, bigint][] {
  if (set.trigger?.type !== 'counter') return [];
  const saved = Object.hasOwn(input.state.counters, set.id)
    ? input.state.counters[set.id]
    : undefined;
  if (saved === undefined) return [[set.id, set.trigger.start]];
  const value =
    set.trigger.measure === 'income' ? stateMoney(saved.value) : parseIntegerText(saved.value);
  return [[set.id, value ?? 0n]];
}

export function buildModel(input: EngineInput): Model {
  const [year = '0', month = '1'] = input.statement.period.split('-');
  const lastDay = String(daysInMonth(Number(year), Number(month))).padStart(2, '0');
  const periodFirstDay = `${input.statement.period}-01`;
  const splitSets = input.splitSets.map((set, index): SplitSetModel => ({
    id: set.id,
    index,
    scopeKey: scopeKey(set.scope),
    kind: set.kind,
    startDate: set.startDate,
    priority: set.priority,
    shares: shareModels(set.shares),
    trigger: set.kind === 'conditional' ? triggerModel(set.trigger) : null,
  }));
  return {
    periodFirstDay,
    periodLastDay: `${input.statement.period}-${lastDay}`,
    records: input.records
      .map((record) => recordModel(input, record, periodFirstDay))
      .sort(byDateThenId),
    splitSets,
    recoupments: input.recoupments.map((recoupment) => recoupmentModel(input, recoupment)),
    counterStart: new Map(splitSets.flatMap((set) => counterStart(input, set))),
  };
}
