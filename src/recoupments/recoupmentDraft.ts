// The recoupment form as typed, its checks (the server's rules, server/recoupments/validation.ts)
// and the request bodies built from it. Money and percentages stay decimal text throughout.
import {
  recoupmentKinds,
  recoupmentPriorities,
  recoupmentScopes,
  recoupmentTypes,
  reimbursements,
  type NewRecoupment,
  type RecoupmentKind,
  type RecoupmentPriority,
  type RecoupmentScope,
  type RecoupmentType,
  type Reimbursement,
  type Recoupment,
  type RecoupmentPatch,
} from '../../api/recoupments';
import { isMoneyText } from '../../rules/money';
import { isPercentText } from '../../rules/percent';

export type { RecoupmentKind, RecoupmentPriority, RecoupmentScope, RecoupmentType, Reimbursement };
export { recoupmentScopes, reimbursements };

export interface PersonRef {
  id: string;
  fullname: string;
}

export interface ProductRef {
  id: string;
  title: string;
}

export interface RecoupmentDraft {
  title: string;
  subtitle: string;
  active: boolean;
  amount: string;
  prepaid: string;
  currency: string;
  expectedValue: string;
  statementMaximum: string;
  paymentMinimum: string;
  revenueMinimum: string;
  dueDate: string;
  startDate: string;
  type: RecoupmentType;
  kind: RecoupmentKind | '';
  tag: string;
  creditor: PersonRef | null;
  debtors: PersonRef[];
  warranter: PersonRef | null;
  scope: RecoupmentScope;
  autoLink: boolean;
  products: ProductRef[];
  netRevenuePct: string;
  recoupablePct: string;
  priority: RecoupmentPriority;
  reimbursement: Reimbursement;
  mechanicalRepays: boolean;
}

export type DraftField = keyof RecoupmentDraft;
/** i18n keys of the problems, or a server's text, by field. */
export type DraftProblems = Partial<Record<DraftField, string>>;

/** The server's defaults for a new recoupment (server/recoupments/service.ts). */
export const emptyDraft = (): RecoupmentDraft => ({
  title: '',
  subtitle: '',
  active: true,
  amount: '',
  prepaid: '0',
  currency: 'USD',
  expectedValue: '',
  statementMaximum: '',
  paymentMinimum: '0',
  revenueMinimum: '0',
  dueDate: '',
  startDate: '',
  type: 'advance',
  kind: '',
  tag: '',
  creditor: null,
  debtors: [],
  warranter: null,
  scope: 'all',
  autoLink: false,
  products: [],
  netRevenuePct: '0',
  recoupablePct: '100',
  priority: 'medium',
  reimbursement: 'immediate',
  mechanicalRepays: false,
});

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((known) => known === value) ?? fallback;

export function draftOf(recoupment: Recoupment): RecoupmentDraft {
  const empty = emptyDraft();
  return {
    title: recoupment.title,
    subtitle: recoupment.subtitle ?? '',
    active: recoupment.active,
    amount: recoupment.amount,
    prepaid: recoupment.prepaid,
    currency: recoupment.currency,
    expectedValue: recoupment.expectedValue ?? '',
    statementMaximum: recoupment.statementMaximum ?? '',
    paymentMinimum: recoupment.paymentMinimum,
    revenueMinimum: recoupment.revenueMinimum,
    dueDate: recoupment.dueDate ?? '',
    startDate: recoupment.startDate ?? '',
    type: oneOf(recoupmentTypes, recoupment.type, empty.type),
    kind: oneOf<RecoupmentKind | ''>(recoupmentKinds, recoupment.kind, ''),
    tag: recoupment.tag ?? '',
    creditor: recoupment.creditor,
    debtors: recoupment.debtors,
    warranter: recoupment.warranter,
    scope: oneOf(recoupmentScopes, recoupment.scope, empty.scope),
    autoLink: recoupment.autoLink,
    products: recoupment.products,
    netRevenuePct: recoupment.netRevenuePct,
    recoupablePct: recoupment.recoupablePct,
    priority: oneOf(recoupmentPriorities, recoupment.priority, empty.priority),
    reimbursement: oneOf(reimbursements, recoupment.reimbursement, empty.reimbursement),
    mechanicalRepays: recoupment.mechanicalRepays,
  };
}

const isPositive = (value: string) => /[1-9]/.test(value);
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
/** Left empty, an amount that has a default of zero is zero. */
const orZero = (value: string) => (value.trim() === '' ? '0' : value.trim());

type MoneyRule = 'positive' | 'not negative';
type OptionalMoney =
  'expectedValue' | 'prepaid' | 'statementMaximum' | 'paymentMinimum' | 'revenueMinimum';
const OPTIONAL_MONEY: [OptionalMoney, MoneyRule][] = [
  ['expectedValue', 'not negative'],
  ['prepaid', 'not negative'],
  ['statementMaximum', 'positive'],
  ['paymentMinimum', 'not negative'],
  ['revenueMinimum', 'not negative'],
];

/** The form's problems before sending, as i18n keys; the same rules and texts as the server's. */
export function draftProblems(draft: RecoupmentDraft): DraftProblems {
  const problems: DraftProblems = {};
  const problem = (field: DraftField, key: string) => {
    problems[field] ??= key;
  };
  if (!draft.title.trim()) problem('title', 'recoupment-form.errors.title-required');
  const amount = draft.amount.trim();
  if (!isMoneyText(amount)) problem('amount', 'recoupment-form.errors.not-a-value');
  else if (!isPositive(amount)) problem('amount', 'recoupment-form.errors.amount-positive');
  if (!/^[A-Z]{3}$/.test(draft.currency.trim().toUpperCase())) {
    problem('currency', 'recoupment-form.errors.not-a-currency');
  }
  for (const [field, rule] of OPTIONAL_MONEY) {
    const value = draft[field].trim();
    if (value === '') continue;
    if (value.startsWith('-')) {
      problem(
        field,
        rule === 'positive'
          ? 'recoupment-form.errors.value-positive'
          : 'recoupment-form.errors.value-not-negative',
      );
    } else if (!isMoneyText(value)) problem(field, 'recoupment-form.errors.not-a-value');
    else if (rule === 'positive' && !isPositive(value)) {
      problem(field, 'recoupment-form.errors.value-positive');
    }
  }
  if (!draft.creditor) problem('creditor', 'recoupment-form.errors.creditor-required');
  const recoupable = draft.recoupablePct.trim();
  const netRevenue = draft.netRevenuePct.trim();
  if (!isPercentText(recoupable)) problem('recoupablePct', 'recoupment-form.errors.percent-range');
  if (!isPercentText(netRevenue)) problem('netRevenuePct', 'recoupment-form.errors.percent-range');
  if (isPercentText(recoupable) && isPercentText(netRevenue)) {
    if (!isPositive(recoupable) && !isPositive(netRevenue)) {
      problem('recoupablePct', 'recoupment-form.errors.nothing-to-recoup');
    }
  }
  if (isPercentText(recoupable) && isPositive(recoupable) && draft.debtors.length === 0) {
    problem('debtors', 'recoupment-form.errors.debtors-required');
  }
  if (draft.scope === 'products' && !draft.autoLink && draft.products.length === 0) {
    problem('products', 'recoupment-form.errors.products-required');
  }
  return problems;
}

export type RecoupmentFields = Omit<NewRecoupment, 'accountId'>;

/** Every field of POST /api/recoupments (and of PATCH, which then changes what differs). */
export function recoupmentFieldsOf(draft: RecoupmentDraft): RecoupmentFields {
  return {
    title: draft.title.trim(),
    subtitle: orNull(draft.subtitle),
    active: draft.active,
    amount: draft.amount.trim(),
    prepaid: orZero(draft.prepaid),
    currency: draft.currency.trim().toUpperCase(),
    expectedValue: orNull(draft.expectedValue),
    statementMaximum: orNull(draft.statementMaximum),
    paymentMinimum: orZero(draft.paymentMinimum),
    revenueMinimum: orZero(draft.revenueMinimum),
    dueDate: orNull(draft.dueDate),
    startDate: orNull(draft.startDate),
    type: draft.type,
    kind: draft.kind === '' ? null : draft.kind,
    tag: orNull(draft.tag),
    creditorId: draft.creditor?.id ?? '',
    debtorIds: draft.debtors.map((debtor) => debtor.id),
    warranterId: draft.warranter?.id ?? null,
    scope: draft.scope,
    autoLink: draft.autoLink,
    // Linked products count only when the scope is products: another scope unlinks them.
    productIds: draft.scope === 'products' ? draft.products.map((product) => product.id) : [],
    netRevenuePct: draft.netRevenuePct.trim(),
    recoupablePct: draft.recoupablePct.trim(),
    priority: draft.priority,
    reimbursement: draft.reimbursement,
    mechanicalRepays: draft.mechanicalRepays,
  };
}

export function recoupmentPatchOf(draft: RecoupmentDraft, version: number): RecoupmentPatch {
  return { ...recoupmentFieldsOf(draft), version };
}

/** The server names fields as the API does (`debtorIds/0`); the form as the draft does. */
const SERVER_FIELDS: Readonly<Record<string, DraftField>> = {
  creditorId: 'creditor',
  debtorIds: 'debtors',
  warranterId: 'warranter',
  productIds: 'products',
};

/** The server's field errors by draft field, the first one of each field. */
export function serverProblems(errors: readonly { path: string; message: string }[]) {
  const problems: DraftProblems = {};
  const fields = new Set<string>(Object.keys(emptyDraft()));
  for (const { path, message } of errors) {
    const name = path.replace(/^\//, '').split('/')[0] ?? '';
    const field = SERVER_FIELDS[name] ?? (fields.has(name) ? (name as DraftField) : null);
    if (field) problems[field] ??= message;
  }
  return problems;
}
