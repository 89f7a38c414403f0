import { useTranslation } from 'react-i18next';
import { Checkbox, Field, IssueList, LinesField } from './editorFields';
import {
  NEW_SUM_TERMS,
  SOURCE_FIELDS,
  SUM_FIELDS,
  type CurrencyDraft,
  type DraftIssue,
  type KindDraft,
  type SignDraft,
  type SourceDraft,
  type SourceField,
  type TermDraft,
  type VersionDraft,
} from './templateDraft';
import { useFieldLabel } from './TemplateSummary';

// Where each record field of a layout version comes from: columns, a constant or the header.

export function SourceEditor({
  label,
  source,
  required,
  allowHeader,
  allowSum,
  onChange,
}: {
  label: string;
  source: SourceDraft | CurrencyDraft;
  required: boolean;
  allowHeader?: boolean;
  /** Units and revenue: columns added and subtracted. */
  allowSum?: boolean;
  onChange: (source: SourceDraft | CurrencyDraft) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="source-editor">
      <legend>{label}</legend>
      <Field label={t('distributors.editor.source')}>
        {(id) => (
          <select
            id={id}
            value={source.mode}
            onChange={(event) => {
              const mode = event.target.value as CurrencyDraft['mode'];
              const terms = source.terms?.length ? source.terms : [...NEW_SUM_TERMS];
              onChange({ ...source, mode, ...(mode === 'sum' ? { terms } : {}) });
            }}
          >
            {!required && <option value="none">{t('distributors.editor.source-none')}</option>}
            <option value="columns">{t('distributors.editor.source-columns')}</option>
            {allowSum && <option value="sum">{t('distributors.editor.source-sum')}</option>}
            <option value="constant">{t('distributors.editor.source-constant')}</option>
            {allowHeader && (
              <option value="header">{t('distributors.editor.source-header')}</option>
            )}
          </select>
        )}
      </Field>
      {source.mode === 'columns' && (
        <>
          <LinesField
            label={t('distributors.editor.columns')}
            value={source.columns}
            onChange={(columns) => onChange({ ...source, columns })}
          />
          <Field label={t('distributors.editor.fallback')}>
            {(id) => (
              <input
                id={id}
                type="text"
                value={source.fallback}
                onChange={(event) => onChange({ ...source, fallback: event.target.value })}
              />
            )}
          </Field>
        </>
      )}
      {source.mode === 'sum' && (
        <TermsEditor
          terms={source.terms ?? []}
          onChange={(terms) => onChange({ ...source, terms })}
        />
      )}
      {source.mode === 'constant' && (
        <Field label={t('distributors.editor.constant')}>
          {(id) => (
            <input
              id={id}
              type="text"
              value={source.constant}
              onChange={(event) => onChange({ ...source, constant: event.target.value })}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}

/** The columns of a sum, each added (+) or subtracted (−), in the order they were listed. */
function TermsEditor({
  terms,
  onChange,
}: {
  terms: readonly TermDraft[];
  onChange: (terms: TermDraft[]) => void;
}) {
  const { t } = useTranslation();
  const setTerm = (at: number, term: TermDraft) =>
    onChange(terms.map((old, index) => (index === at ? term : old)));
  return (
    <>
      {terms.map((term, index) => (
        <div key={index} className="code-row">
          <Field label={t('distributors.editor.term-operation', { number: index + 1 })}>
            {(id) => (
              <select
                id={id}
                value={term.subtract ? 'subtract' : 'add'}
                onChange={(event) =>
                  setTerm(index, { ...term, subtract: event.target.value === 'subtract' })
                }
              >
                <option value="add">{t('distributors.editor.term-add')}</option>
                <option value="subtract">{t('distributors.editor.term-subtract')}</option>
              </select>
            )}
          </Field>
          <Field label={t('distributors.editor.term-column', { number: index + 1 })}>
            {(id) => (
              <input
                id={id}
                type="text"
                value={term.column}
                onChange={(event) => setTerm(index, { ...term, column: event.target.value })}
              />
            )}
          </Field>
          {terms.length > 1 && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => onChange(terms.filter((_, at) => at !== index))}
            >
              {t('distributors.editor.remove-term')}
            </button>
          )}
        </div>
      ))}
      <p className="field-hint">{t('distributors.editor.sum-hint')}</p>
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => onChange([...terms, { column: '', subtract: false }])}
      >
        {t('distributors.editor.add-term')}
      </button>
    </>
  );
}

/** The column whose values make a row's revenue and units negative (a refund, a void). */
export function SignEditor({
  sign,
  onChange,
}: {
  sign: SignDraft;
  onChange: (sign: SignDraft) => void;
}) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  return (
    <fieldset className="source-editor">
      <legend>{fieldLabel('sign')}</legend>
      <p className="field-hint">{t('distributors.editor.sign-hint')}</p>
      <LinesField
        label={t('distributors.editor.columns')}
        value={sign.columns}
        onChange={(columns) => onChange({ ...sign, columns })}
      />
      <LinesField
        label={t('distributors.editor.negative-when')}
        value={sign.negativeWhen}
        onChange={(negativeWhen) => onChange({ ...sign, negativeWhen })}
      />
    </fieldset>
  );
}

export function KindEditor({
  kind,
  onChange,
}: {
  kind: KindDraft;
  onChange: (kind: KindDraft) => void;
}) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  return (
    <fieldset className="source-editor">
      <legend>{fieldLabel('kind')}</legend>
      <Field label={t('distributors.editor.source')}>
        {(id) => (
          <select
            id={id}
            value={kind.mode}
            onChange={(event) =>
              onChange({ ...kind, mode: event.target.value as KindDraft['mode'] })
            }
          >
            <option value="none">{t('distributors.editor.kind-default')}</option>
            <option value="sale">{t('distributors.editor.kind-sale')}</option>
            <option value="mechanical">{t('distributors.editor.kind-mechanical')}</option>
            <option value="columns">{t('distributors.editor.kind-columns')}</option>
          </select>
        )}
      </Field>
      {kind.mode === 'columns' && (
        <>
          <LinesField
            label={t('distributors.editor.columns')}
            value={kind.columns}
            onChange={(columns) => onChange({ ...kind, columns })}
          />
          <LinesField
            label={t('distributors.editor.mechanical-when')}
            value={kind.mechanicalWhen}
            onChange={(mechanicalWhen) => onChange({ ...kind, mechanicalWhen })}
          />
        </>
      )}
    </fieldset>
  );
}

/** Every record field of a layout version, each with its source, then the kind and currency. */
export function RecordFieldsEditor({
  version,
  issues,
  onChange,
}: {
  version: VersionDraft;
  issues: readonly DraftIssue[];
  onChange: (version: VersionDraft) => void;
}) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const set = <K extends keyof VersionDraft>(key: K, value: VersionDraft[K]) =>
    onChange({ ...version, [key]: value });
  const setSource = (field: SourceField, source: SourceDraft) =>
    set('sources', { ...version.sources, [field]: source });
  const issuesOf = (field: SourceField) =>
    issues.filter(
      (issue) =>
        (issue.problem === 'field-columns' ||
          issue.problem === 'field-constant' ||
          issue.problem === 'field-add' ||
          issue.problem === 'sum-column-headers') &&
        issue.field === field,
    );
  const signIssues = issues.filter(
    (issue) =>
      issue.problem === 'sign-columns' ||
      issue.problem === 'sign-headers' ||
      issue.problem === 'sign-values',
  );
  return (
    <>
      {SOURCE_FIELDS.map((field) => (
        <div key={field}>
          <SourceEditor
            label={fieldLabel(field)}
            source={version.sources[field]}
            required={field === 'units' || field === 'revenue'}
            allowSum={(SUM_FIELDS as readonly SourceField[]).includes(field)}
            onChange={(source) => setSource(field, source as SourceDraft)}
          />
          <IssueList issues={issuesOf(field)} />
        </div>
      ))}
      <div className="field field-checkbox">
        <Checkbox
          label={t('distributors.editor.revenue-per-unit')}
          checked={version.revenuePerUnit}
          onChange={(checked) => set('revenuePerUnit', checked)}
        />
      </div>
      <SignEditor sign={version.sign} onChange={(sign) => set('sign', sign)} />
      <IssueList issues={signIssues} />
      <KindEditor kind={version.kind} onChange={(kind) => set('kind', kind)} />
      <SourceEditor
        label={fieldLabel('currency')}
        source={version.currency}
        required={false}
        allowHeader
        onChange={(currency) => set('currency', currency)}
      />
    </>
  );
}
