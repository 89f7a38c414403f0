// The engine's input and output (shared/ENGINE.md). Money and percentages are decimal text.

export type MoneyText = string;
export type PercentText = string;
export type DateText = string;

export type RecordKind = 'sale' | 'mechanical' | 'adjustment';

export interface Statement {
  id: string;
  period: string;
  distributorTakePct: PercentText;
}

export interface EngineRecord {
  id: string;
  code: string;
  kind: RecordKind;
  /** Absent or null: the statement period's first day. */
  date?: DateText | null;
  units: number;
  revenue: MoneyText;
  service?: string;
  format?: string;
  territory?: string;
}

export interface CatalogEntry {
  productId: string;
}

export type Catalog = Record<string, CatalogEntry>;

export type SplitScope = { code: string } | { productId: string } | { default: true };

export type SplitSetKind = 'base' | 'mechanical' | 'conditional';

export interface PayeeShare {
  payeeId: string;
  pct: PercentText;
}

export interface BalanceShare {
  payeeId: string;
  balance: true;
}

export type MemberShare = PayeeShare | BalanceShare;

export interface GroupShare {
  groupId: string;
  pct: PercentText;
  members: MemberShare[];
}

export type Share = PayeeShare | BalanceShare | GroupShare;

export interface IncomeTrigger {
  type: 'income';
  threshold: MoneyText;
  preCounted: MoneyText;
}

export interface UnitsTrigger {
  type: 'units' | 'plays';
  threshold: number;
  preCounted: number;
}

export type CounterTrigger = IncomeTrigger | UnitsTrigger;

export interface DateTrigger {
  type: 'date';
  date: DateText;
}

export interface ManualTrigger {
  type: 'manual';
  active: boolean;
}

export interface RecoupmentTrigger {
  type: 'recoupment';
  recoupmentId: string;
}

export type Trigger = CounterTrigger | DateTrigger | ManualTrigger | RecoupmentTrigger;

export interface SplitSet {
  id: string;
  scope: SplitScope;
  kind: SplitSetKind;
  startDate: DateText | null;
  priority: number;
  shares: Share[];
  trigger?: Trigger;
}

export const recoupmentPriorities = [
  'highest',
  'high',
  'medium-high',
  'medium',
  'medium-low',
  'low',
  'lowest',
] as const;

export type RecoupmentPriority = (typeof recoupmentPriorities)[number];
export type RecoupmentStatus = 'open' | 'closed' | 'deleted';
export type RecoupmentScope = 'all' | 'products';
export type Reimbursement = 'immediate' | 'deferred';

export interface Recoupment {
  id: string;
  title?: string;
  type?: string;
  status: RecoupmentStatus;
  creditorId: string;
  debtorIds: string[];
  amount: MoneyText;
  prepaid: MoneyText;
  priority: RecoupmentPriority;
  createdAt: number;
  startDate: DateText | null;
  scope: RecoupmentScope;
  productIds: string[];
  recoupablePct: PercentText;
  netRevenuePct: PercentText;
  statementMaximum: MoneyText | null;
  paymentMinimum: MoneyText;
  revenueMinimum: MoneyText;
  reimbursement: Reimbursement;
  mechanicalRepays: boolean;
}

export interface CounterState {
  value: string;
}

export interface RecoupmentStateIn {
  remaining?: MoneyText;
  deferred?: MoneyText;
}

export interface EngineStateIn {
  counters: Record<string, CounterState>;
  recoupments: Record<string, RecoupmentStateIn>;
}

export interface EngineInput {
  currency: string;
  statement: Statement;
  records: EngineRecord[];
  catalog: Catalog;
  splitSets: SplitSet[];
  recoupments: Recoupment[];
  state: EngineStateIn;
}

export interface Totals {
  gross: MoneyText;
  take: MoneyText;
  net: MoneyText;
  offTheTop: MoneyText;
  allocated: MoneyText;
  unallocated: MoneyText;
}

export interface PayeeResult {
  payeeId: string;
  earned: MoneyText;
  recouped: MoneyText;
  credited: MoneyText;
  payout: MoneyText;
}

export interface Line {
  code: string;
  productId: string;
  splitSetId: string;
  payeeId: string;
  units: number;
  amount: MoneyText;
}

export interface Remittance {
  debtorId: string;
  amount: MoneyText;
}

export interface RecoupmentResult {
  id: string;
  before: MoneyText;
  taken: MoneyText;
  after: MoneyText;
  closed: boolean;
  deferred: MoneyText;
  remittances: Remittance[];
}

export interface TriggerResult {
  splitSetId: string;
  counterBefore: string;
  counterAfter: string;
  activatedAtRecordId: string | null;
}

export interface RecoupmentStateOut {
  remaining: MoneyText;
  deferred: MoneyText;
}

export interface EngineState {
  counters: Record<string, CounterState>;
  recoupments: Record<string, RecoupmentStateOut>;
}

export interface EngineOutput {
  totals: Totals;
  payees: PayeeResult[];
  lines: Line[];
  recoupments: RecoupmentResult[];
  triggers: TriggerResult[];
  missingCodes: string[];
  state: EngineState;
}

export type EngineBackend = 'wasm' | 'decimal';
