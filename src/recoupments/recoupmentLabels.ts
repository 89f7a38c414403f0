// Static i18n keys of the recoupment enums, so the locale check finds every one.
import type {
  RecoupmentKind,
  RecoupmentPriority,
  RecoupmentScope,
  RecoupmentType,
  Reimbursement,
} from './recoupmentDraft';

export const TYPE_LABELS: Readonly<Record<RecoupmentType, string>> = {
  expense: 'recoupment-form.type.expense',
  advance: 'recoupment-form.type.advance',
  funds: 'recoupment-form.type.funds',
  reserves: 'recoupment-form.type.reserves',
  adjustments: 'recoupment-form.type.adjustments',
  offsets: 'recoupment-form.type.offsets',
  other: 'recoupment-form.type.other',
};

export const KIND_LABELS: Readonly<Record<RecoupmentKind, string>> = {
  contingent: 'recoupment-form.kind.contingent',
  deficit: 'recoupment-form.kind.deficit',
  mechanical: 'recoupment-form.kind.mechanical',
  threshold: 'recoupment-form.kind.threshold',
  manual: 'recoupment-form.kind.manual',
  advance: 'recoupment-form.kind.advance',
  prepay: 'recoupment-form.kind.prepay',
  remittance: 'recoupment-form.kind.remittance',
};

export const PRIORITY_LABELS: Readonly<Record<RecoupmentPriority, string>> = {
  highest: 'recoupment-form.priority.highest',
  high: 'recoupment-form.priority.high',
  'medium-high': 'recoupment-form.priority.medium-high',
  medium: 'recoupment-form.priority.medium',
  'medium-low': 'recoupment-form.priority.medium-low',
  low: 'recoupment-form.priority.low',
  lowest: 'recoupment-form.priority.lowest',
};

export const SCOPE_LABELS: Readonly<Record<RecoupmentScope, string>> = {
  all: 'recoupment-form.scope.all',
  products: 'recoupment-form.scope.products',
  users: 'recoupment-form.scope.users',
};

export const REIMBURSEMENT_LABELS: Readonly<Record<Reimbursement, string>> = {
  immediate: 'recoupment-form.reimbursement.immediate',
  deferred: 'recoupment-form.reimbursement.deferred',
};
