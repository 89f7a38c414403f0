import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../widgets/TextInput';
import type { DraftField, RecoupmentDraft } from './recoupmentDraft';
import { recoupmentKinds, recoupmentPriorities, recoupmentTypes } from '../../api/recoupments';
import { reimbursements } from './recoupmentDraft';
import {
  KIND_LABELS,
  PRIORITY_LABELS,
  REIMBURSEMENT_LABELS,
  TYPE_LABELS,
} from './recoupmentLabels';

/** What each part of the recoupment form gets from the form. */
export interface DraftFieldsProps {
  draft: RecoupmentDraft;
  set: <F extends DraftField>(field: F, value: RecoupmentDraft[F]) => void;
  /** The field's problem, translated, or null. */
  problemOf: (field: DraftField) => string | null;
}

type TextField = {
  [F in DraftField]: string extends RecoupmentDraft[F] ? F : never;
}[DraftField];

export function FieldProblem({ text }: { text: string | null }) {
  return text ? (
    <span className="field-error" role="alert">
      {text}
    </span>
  ) : null;
}

export function Choice({
  label,
  value,
  onChange,
  problem,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  children: ReactNode;
}) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <select
        className="input"
        value={value}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      <FieldProblem text={problem} />
    </label>
  );
}

export function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

const find = <T extends string>(values: readonly T[], value: string): T | undefined =>
  values.find((known) => known === value);

/** Title, amounts, dates, type and the repayment terms. */
export function RecoupmentTermFields({ draft, set, problemOf }: DraftFieldsProps) {
  const { t } = useTranslation();
  const text = (
    field: TextField,
    label: string,
    extra: { required?: boolean; hint?: string; type?: string; inputMode?: 'decimal' } = {},
  ) => (
    <TextInput
      label={label}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      error={problemOf(field)}
      size="small"
      {...extra}
    />
  );
  const money = (field: TextField, label: string, required = false) =>
    text(field, label, { required, inputMode: 'decimal' });
  const percentHint = t('recoupment-form.hints.percentage');

  return (
    <>
      <h2 className="section-title">{t('recoupment-form.sections.terms')}</h2>
      <div className="product-fields">
        {text('title', t('recoupment-form.fields.title'), { required: true })}
        {text('subtitle', t('recoupment-form.fields.subtitle'))}
        <Choice
          label={t('recoupment-form.fields.type')}
          value={draft.type}
          problem={problemOf('type')}
          onChange={(value) => set('type', find(recoupmentTypes, value) ?? draft.type)}
        >
          {recoupmentTypes.map((type) => (
            <option key={type} value={type}>
              {t(TYPE_LABELS[type])}
            </option>
          ))}
        </Choice>
        <Choice
          label={t('recoupment-form.fields.kind')}
          value={draft.kind}
          problem={problemOf('kind')}
          onChange={(value) => set('kind', find(recoupmentKinds, value) ?? '')}
        >
          <option value="">{t('recoupment-form.fields.no-kind')}</option>
          {recoupmentKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_LABELS[kind])}
            </option>
          ))}
        </Choice>
        {text('tag', t('recoupment-form.fields.tag'))}
        <Check
          label={t('recoupment-form.fields.active')}
          checked={draft.active}
          onChange={(value) => set('active', value)}
        />
      </div>
      <h2 className="section-title">{t('recoupment-form.sections.amounts')}</h2>
      <div className="product-fields">
        {money('amount', t('recoupment-form.fields.amount'), true)}
        {text('currency', t('recoupment-form.fields.currency'), {
          required: true,
          hint: t('recoupment-form.hints.currency'),
        })}
        {money('prepaid', t('recoupment-form.fields.prepaid'))}
        {money('expectedValue', t('recoupment-form.fields.expected-value'))}
        {money('statementMaximum', t('recoupment-form.fields.statement-maximum'))}
        {money('paymentMinimum', t('recoupment-form.fields.payment-minimum'))}
        {money('revenueMinimum', t('recoupment-form.fields.revenue-minimum'))}
        {text('startDate', t('recoupment-form.fields.start-date'), { type: 'date' })}
        {text('dueDate', t('recoupment-form.fields.due-date'), { type: 'date' })}
      </div>
      <h2 className="section-title">{t('recoupment-form.sections.repayment')}</h2>
      <div className="product-fields">
        {text('recoupablePct', t('recoupment-form.fields.recoupable-pct'), {
          hint: percentHint,
          inputMode: 'decimal',
        })}
        {text('netRevenuePct', t('recoupment-form.fields.net-revenue-pct'), {
          hint: percentHint,
          inputMode: 'decimal',
        })}
        <Choice
          label={t('recoupment-form.fields.priority')}
          value={draft.priority}
          problem={problemOf('priority')}
          onChange={(value) => set('priority', find(recoupmentPriorities, value) ?? draft.priority)}
        >
          {recoupmentPriorities.map((priority) => (
            <option key={priority} value={priority}>
              {t(PRIORITY_LABELS[priority])}
            </option>
          ))}
        </Choice>
        <Choice
          label={t('recoupment-form.fields.reimbursement')}
          value={draft.reimbursement}
          problem={problemOf('reimbursement')}
          onChange={(value) =>
            set('reimbursement', find(reimbursements, value) ?? draft.reimbursement)
          }
        >
          {reimbursements.map((reimbursement) => (
            <option key={reimbursement} value={reimbursement}>
              {t(REIMBURSEMENT_LABELS[reimbursement])}
            </option>
          ))}
        </Choice>
        <Check
          label={t('recoupment-form.fields.mechanical-repays')}
          checked={draft.mechanicalRepays}
          onChange={(value) => set('mechanicalRepays', value)}
        />
      </div>
    </>
  );
}
