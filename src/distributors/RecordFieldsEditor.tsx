import { useTranslation } from 'react-i18next';
import { Checkbox, Field, IssueList, LinesField } from './editorFields';
import {
  SOURCE_FIELDS,
  type CurrencyDraft,
  type DraftIssue,
  type KindDraft,
  type SourceDraft,
  type SourceField,
  type VersionDraft,
} from './templateDraft';
import { useFieldLabel } from './TemplateSummary';

// Where each record field of a layout version comes from: columns, a constant or the header.

export function SourceEditor({
  label,
  source,
  required,
  allowHeader,
  onChange,
}: {
  label: string;
  source: SourceDraft | CurrencyDraft;
  required: boolean;
  allowHeader?: boolean;
  onChange: (source: CurrencyDraft) => void;
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
            onChange={(event) =>
              onChange({ ...source, mode: event.target.value as CurrencyDraft['mode'] })
            }
          >
            {!required && <option value="none">{t('distributors.editor.source-none')}</option>}
            <option value="columns">{t('distributors.editor.source-columns')}</option>
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
        (issue.problem === 'field-columns' || issue.problem === 'field-constant') &&
        issue.field === field,
    );
  return (
    <>
      {SOURCE_FIELDS.map((field) => (
        <div key={field}>
          <SourceEditor
            label={fieldLabel(field)}
            source={version.sources[field]}
            required={field === 'units' || field === 'revenue'}
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
