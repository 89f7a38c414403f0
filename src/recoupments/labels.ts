// Static translation keys of the recoupment enums, so the locale check finds every one of them.

const TYPE_KEYS: Record<string, string> = {
  expense: 'recoupments.type.expense',
  advance: 'recoupments.type.advance',
  funds: 'recoupments.type.funds',
  reserves: 'recoupments.type.reserves',
  adjustments: 'recoupments.type.adjustments',
  offsets: 'recoupments.type.offsets',
  other: 'recoupments.type.other',
};

const KIND_KEYS: Record<string, string> = {
  contingent: 'recoupments.kind.contingent',
  deficit: 'recoupments.kind.deficit',
  mechanical: 'recoupments.kind.mechanical',
  threshold: 'recoupments.kind.threshold',
  manual: 'recoupments.kind.manual',
  advance: 'recoupments.kind.advance',
  prepay: 'recoupments.kind.prepay',
  remittance: 'recoupments.kind.remittance',
};

const PRIORITY_KEYS: Record<string, string> = {
  highest: 'recoupments.priority.highest',
  high: 'recoupments.priority.high',
  'medium-high': 'recoupments.priority.medium-high',
  medium: 'recoupments.priority.medium',
  'medium-low': 'recoupments.priority.medium-low',
  low: 'recoupments.priority.low',
  lowest: 'recoupments.priority.lowest',
};

const STATUS_KEYS: Record<string, string> = {
  open: 'recoupments.status.open',
  closed: 'recoupments.status.closed',
  deleted: 'recoupments.status.deleted',
};

const SCOPE_KEYS: Record<string, string> = {
  all: 'recoupments.scope.all',
  products: 'recoupments.scope.products',
  users: 'recoupments.scope.users',
};

const REIMBURSEMENT_KEYS: Record<string, string> = {
  immediate: 'recoupments.reimbursement.immediate',
  deferred: 'recoupments.reimbursement.deferred',
};

export type RecoupmentEnum = 'type' | 'kind' | 'priority' | 'status' | 'scope' | 'reimbursement';

const KEYS: Record<RecoupmentEnum, Record<string, string>> = {
  type: TYPE_KEYS,
  kind: KIND_KEYS,
  priority: PRIORITY_KEYS,
  status: STATUS_KEYS,
  scope: SCOPE_KEYS,
  reimbursement: REIMBURSEMENT_KEYS,
};

/** The translated label of an enum value; a value the contract may add later shows as sent. */
export function enumLabel(
  t: (key: string) => string,
  field: RecoupmentEnum,
  value: string,
): string {
  const key = KEYS[field][value];
  return key ? t(key) : value;
}
