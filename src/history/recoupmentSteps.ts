// A recoupment's history in the reader's words: its terms as they changed, each statement's
// remittance, and the balance left after each.
import type { TFunction } from 'i18next';
import type { HistoryEvent } from '../../api/history';
import { formatMoney, parseStateMoney } from '../../engine/numbers';
import {
  money,
  plainText,
  text,
  type ChangeRow,
  type DescribedHistory,
  type HistoryStep,
} from './steps';

const TITLE_KEYS: Record<string, string> = {
  RecoupmentCreated: 'replay.recoupment.created',
  RecoupmentChanged: 'replay.recoupment.changed',
  RecoupmentDeleted: 'replay.recoupment.deleted',
  RecoupmentRemitted: 'replay.recoupment.remitted',
};

const FIELD_KEYS: Record<string, string> = {
  title: 'recoupment-form.fields.title',
  subtitle: 'recoupment-form.fields.subtitle',
  active: 'recoupment-form.fields.active',
  amount: 'recoupment-form.fields.amount',
  currency: 'recoupment-form.fields.currency',
  expectedValue: 'recoupment-form.fields.expected-value',
  prepaid: 'recoupment-form.fields.prepaid',
  statementMaximum: 'recoupment-form.fields.statement-maximum',
  paymentMinimum: 'recoupment-form.fields.payment-minimum',
  revenueMinimum: 'recoupment-form.fields.revenue-minimum',
  dueDate: 'recoupment-form.fields.due-date',
  startDate: 'recoupment-form.fields.start-date',
  recoupmentType: 'recoupment-form.fields.type',
  kind: 'recoupment-form.fields.kind',
  tag: 'recoupment-form.fields.tag',
  creditorId: 'recoupment-form.fields.creditor',
  debtorIds: 'recoupment-form.fields.debtors',
  warranterId: 'recoupment-form.fields.warranter',
  scope: 'recoupment-form.fields.scope',
  autoLink: 'recoupment-form.fields.auto-link',
  productIds: 'recoupment-form.fields.products',
  netRevenuePct: 'recoupment-form.fields.net-revenue-pct',
  recoupablePct: 'recoupment-form.fields.recoupable-pct',
  priority: 'recoupment-form.fields.priority',
  reimbursement: 'recoupment-form.fields.reimbursement',
  mechanicalRepays: 'recoupment-form.fields.mechanical-repays',
};

const MONEY_FIELDS = new Set([
  'amount',
  'prepaid',
  'expectedValue',
  'statementMaximum',
  'paymentMinimum',
  'revenueMinimum',
]);
const PERSON_FIELDS = new Set(['creditorId', 'debtorIds', 'warranterId']);

const count = (value: unknown) => parseStateMoney(value) ?? 0n;

type NameOf = (id: string) => string;

/** The recoupment's story, with the balance (amount less prepaid, less all taken) after each event. */
export function recoupmentHistory(
  t: TFunction,
  events: readonly HistoryEvent[],
  nameOf: NameOf,
): DescribedHistory {
  const terms: Record<string, unknown> = {};
  let taken = 0n;
  const shownValue = (field: string, value: unknown) => {
    const currency = typeof terms.currency === 'string' ? terms.currency : 'USD';
    if (value === null || value === undefined) return null;
    if (MONEY_FIELDS.has(field) && typeof value === 'string') return money(value, currency);
    if (PERSON_FIELDS.has(field))
      return text(
        (Array.isArray(value) ? value : [value]).map((id) => nameOf(String(id))).join(', '),
      );
    if (typeof value === 'boolean')
      return text(value ? t('replay.viewer.yes') : t('replay.viewer.no'));
    if (Array.isArray(value)) return text(value.map(String).join(', '));
    return text(plainText(value));
  };
  const fieldRows = (before: Record<string, unknown>, after: Record<string, unknown>) =>
    Object.keys(after)
      .filter((field) => FIELD_KEYS[field])
      .map((field): ChangeRow => ({
        field: t(FIELD_KEYS[field] ?? ''),
        before: shownValue(field, before[field]),
        after: shownValue(field, after[field]),
      }));

  const steps = events.map((event): HistoryStep => {
    const data = event.data;
    let changes: ChangeRow[] = [];
    let category = 'terms';
    if (event.type === 'RecoupmentCreated') {
      Object.assign(terms, data.terms as Record<string, unknown>);
      changes = fieldRows({}, data.terms as Record<string, unknown>);
    } else if (event.type === 'RecoupmentChanged') {
      Object.assign(terms, data.after as Record<string, unknown>);
      changes = fieldRows(
        data.before as Record<string, unknown>,
        data.after as Record<string, unknown>,
      );
    } else if (event.type === 'RecoupmentRemitted') {
      category = 'remittances';
      const currency = plainText(terms.currency ?? 'USD');
      taken += count(data.taken);
      changes = [
        {
          field: t('replay.recoupment.taken'),
          before: null,
          after: money(String(data.taken), currency),
        },
      ];
    }
    const currency = plainText(terms.currency ?? 'USD');
    const balance = count(terms.amount) - count(terms.prepaid) - taken;
    return {
      event,
      title: t(TITLE_KEYS[event.type] ?? 'replay.viewer.other-change'),
      category,
      changes,
      standing: {
        label: t('replay.recoupment.balance-after'),
        value: money(formatMoney(balance), currency),
      },
    };
  });
  return {
    steps,
    categories: [
      { id: 'terms', label: t('replay.recoupment.filter-terms') },
      { id: 'remittances', label: t('replay.recoupment.filter-remittances') },
    ],
  };
}
