import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CODE_KINDS,
  DATE_ORDER_CHOICES,
  DELIMITER_CHOICES,
  ENCODING_CHOICES,
  SOURCE_FIELDS,
  emptyVersion,
  type CurrencyDraft,
  type DraftIssue,
  type KindDraft,
  type SourceDraft,
  type SourceField,
  type TemplateDraft,
  type VersionDraft,
} from './templateDraft';
import { useFieldLabel } from './TemplateSummary';

export interface TemplateEditorProps {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  /** Shown beside their fields once the overseer has tried to save. */
  issues: readonly DraftIssue[];
}

function useIssueText(): (issue: DraftIssue) => string {
  const { t } = useTranslation();
  return (issue) => {
    switch (issue.problem) {
      case 'template-name':
        return t('distributors.editor.template-name-required');
      case 'version-name':
        return t('distributors.editor.version-name-required');
      case 'version-headers':
        return t('distributors.editor.headers-required');
      case 'version-codes':
        return t('distributors.editor.codes-required');
      case 'version-skip-rows':
        return t('distributors.editor.skip-rows-invalid');
      case 'field-columns':
        return t('distributors.editor.columns-required');
      case 'field-constant':
        return t('distributors.editor.constant-required');
    }
  };
}

function IssueList({ issues }: { issues: readonly DraftIssue[] }) {
  const text = useIssueText();
  if (issues.length === 0) return null;
  return (
    <>
      {issues.map((issue, index) => (
        <p key={index} className="field-error" role="alert">
          {text(issue)}
        </p>
      ))}
    </>
  );
}

/** A labelled control: text, many-lines text, select or checkbox. */
function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  );
}

function SourceEditor({
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
          <Field
            label={t('distributors.editor.columns')}
            hint={t('distributors.editor.one-per-line')}
          >
            {(id) => (
              <textarea
                id={id}
                rows={2}
                value={source.columns}
                onChange={(event) => onChange({ ...source, columns: event.target.value })}
              />
            )}
          </Field>
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

function KindEditor({ kind, onChange }: { kind: KindDraft; onChange: (kind: KindDraft) => void }) {
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
          <Field
            label={t('distributors.editor.columns')}
            hint={t('distributors.editor.one-per-line')}
          >
            {(id) => (
              <textarea
                id={id}
                rows={2}
                value={kind.columns}
                onChange={(event) => onChange({ ...kind, columns: event.target.value })}
              />
            )}
          </Field>
          <Field
            label={t('distributors.editor.mechanical-when')}
            hint={t('distributors.editor.one-per-line')}
          >
            {(id) => (
              <textarea
                id={id}
                rows={2}
                value={kind.mechanicalWhen}
                onChange={(event) => onChange({ ...kind, mechanicalWhen: event.target.value })}
              />
            )}
          </Field>
        </>
      )}
    </fieldset>
  );
}

function VersionEditor({
  version,
  number,
  issues,
  canRemove,
  onChange,
  onRemove,
}: {
  version: VersionDraft;
  number: number;
  issues: readonly DraftIssue[];
  canRemove: boolean;
  onChange: (version: VersionDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const set = <K extends keyof VersionDraft>(key: K, value: VersionDraft[K]) =>
    onChange({ ...version, [key]: value });
  const setSource = (field: SourceField, source: SourceDraft) =>
    set('sources', { ...version.sources, [field]: source });
  const issuesOf = (problems: DraftIssue['problem'][], field?: SourceField) =>
    issues.filter((issue) => problems.includes(issue.problem) && issue.field === field);
  const delimiterLabels: Record<string, string> = {
    '': t('distributors.template.detect'),
    '\t': t('distributors.template.delimiter-tab'),
    ',': t('distributors.template.delimiter-comma'),
    ';': t('distributors.template.delimiter-semicolon'),
  };
  const dateOrderLabels: Record<string, string> = {
    '': t('distributors.editor.date-order-mdy'),
    mdy: t('distributors.editor.date-order-mdy'),
    dmy: t('distributors.editor.date-order-dmy'),
  };

  return (
    <fieldset className="version-editor card" data-testid="version-editor">
      <legend>{t('distributors.template.version-heading', { number, name: version.name })}</legend>
      <div className="version-editor-grid">
        <Field label={t('distributors.editor.version-name')}>
          {(id) => (
            <input
              id={id}
              type="text"
              value={version.name}
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </Field>
        <IssueList issues={issuesOf(['version-name'])} />
        <Field
          label={t('distributors.template.headers')}
          hint={t('distributors.editor.headers-hint')}
        >
          {(id) => (
            <textarea
              id={id}
              rows={4}
              value={version.headers}
              onChange={(event) => set('headers', event.target.value)}
            />
          )}
        </Field>
        <IssueList issues={issuesOf(['version-headers'])} />
        <Field label={t('distributors.template.delimiter')}>
          {(id) => (
            <select
              id={id}
              value={version.delimiter}
              onChange={(event) =>
                set('delimiter', event.target.value as VersionDraft['delimiter'])
              }
            >
              {DELIMITER_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {delimiterLabels[choice]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('distributors.template.encoding')}
          hint={t('distributors.editor.encoding-hint')}
        >
          {(id) => (
            <select
              id={id}
              value={version.encoding}
              onChange={(event) => set('encoding', event.target.value as VersionDraft['encoding'])}
            >
              {ENCODING_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice || t('distributors.template.detect')}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('distributors.template.skip-rows')}
          hint={t('distributors.editor.skip-rows-hint')}
        >
          {(id) => (
            <input
              id={id}
              type="number"
              min={0}
              max={100}
              value={version.skipRows}
              onChange={(event) => set('skipRows', event.target.value)}
            />
          )}
        </Field>
        <IssueList issues={issuesOf(['version-skip-rows'])} />
        <Field
          label={t('distributors.template.total-rows')}
          hint={t('distributors.editor.total-rows-hint')}
        >
          {(id) => (
            <textarea
              id={id}
              rows={2}
              value={version.totalRows}
              onChange={(event) => set('totalRows', event.target.value)}
            />
          )}
        </Field>
        <div className="field field-checkbox">
          <Checkbox
            label={t('distributors.template.decimal-comma')}
            checked={version.decimalComma}
            onChange={(checked) => set('decimalComma', checked)}
          />
        </div>
        <Field label={t('distributors.editor.date-order')}>
          {(id) => (
            <select
              id={id}
              value={version.dateOrder}
              onChange={(event) =>
                set('dateOrder', event.target.value as VersionDraft['dateOrder'])
              }
            >
              {DATE_ORDER_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice === ''
                    ? t('distributors.editor.date-order-default')
                    : dateOrderLabels[choice]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <fieldset className="source-editor">
        <legend>{t('distributors.template.codes')}</legend>
        <p className="field-hint">{t('distributors.editor.codes-hint')}</p>
        {version.codes.map((code, index) => (
          <div key={index} className="code-row">
            <Field label={t('distributors.editor.code-column', { number: index + 1 })}>
              {(id) => (
                <input
                  id={id}
                  type="text"
                  value={code.column}
                  onChange={(event) =>
                    set(
                      'codes',
                      version.codes.map((item, at) =>
                        at === index ? { ...item, column: event.target.value } : item,
                      ),
                    )
                  }
                />
              )}
            </Field>
            <Field label={t('distributors.editor.code-kind', { number: index + 1 })}>
              {(id) => (
                <select
                  id={id}
                  value={code.kind}
                  onChange={(event) =>
                    set(
                      'codes',
                      version.codes.map((item, at) =>
                        at === index
                          ? { ...item, kind: event.target.value as typeof code.kind }
                          : item,
                      ),
                    )
                  }
                >
                  {CODE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {kind === 'isrc'
                        ? t('distributors.editor.kind-isrc')
                        : kind === 'upc'
                          ? t('distributors.editor.kind-upc')
                          : t('distributors.editor.kind-custom')}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {version.codes.length > 1 && (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() =>
                  set(
                    'codes',
                    version.codes.filter((_, at) => at !== index),
                  )
                }
              >
                {t('distributors.editor.remove-code')}
              </button>
            )}
          </div>
        ))}
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => set('codes', [...version.codes, { column: '', kind: 'upc' }])}
        >
          {t('distributors.editor.add-code')}
        </button>
        <IssueList issues={issuesOf(['version-codes'])} />
      </fieldset>

      {SOURCE_FIELDS.map((field) => (
        <div key={field}>
          <SourceEditor
            label={fieldLabel(field)}
            source={version.sources[field]}
            required={field === 'units' || field === 'revenue'}
            onChange={(source) => setSource(field, source as SourceDraft)}
          />
          <IssueList issues={issuesOf(['field-columns', 'field-constant'], field)} />
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
      {canRemove && (
        <button type="button" className="button button-secondary" onClick={onRemove}>
          {t('distributors.editor.remove-version')}
        </button>
      )}
    </fieldset>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </>
  );
}

/** Edits a DistributorTemplate (server/import/templateSchema.ts): every layout version it has. */
export function TemplateEditor({ draft, onChange, issues }: TemplateEditorProps) {
  const { t } = useTranslation();
  const setVersion = (index: number, version: VersionDraft) =>
    onChange({
      ...draft,
      versions: draft.versions.map((item, at) => (at === index ? version : item)),
    });
  return (
    <div className="template-editor">
      <Field label={t('distributors.editor.template-name')}>
        {(id) => (
          <input
            id={id}
            type="text"
            value={draft.name}
            onChange={(event) => onChange({ ...draft, name: event.target.value })}
          />
        )}
      </Field>
      <IssueList issues={issues.filter((issue) => issue.problem === 'template-name')} />
      <p className="page-note">{t('distributors.editor.versions-explain')}</p>
      {draft.versions.map((version, index) => (
        <VersionEditor
          key={index}
          number={index + 1}
          version={version}
          issues={issues.filter((issue) => issue.version === index + 1)}
          canRemove={draft.versions.length > 1}
          onChange={(next) => setVersion(index, next)}
          onRemove={() =>
            onChange({ ...draft, versions: draft.versions.filter((_, at) => at !== index) })
          }
        />
      ))}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => onChange({ ...draft, versions: [...draft.versions, emptyVersion()] })}
      >
        {t('distributors.editor.add-version')}
      </button>
    </div>
  );
}
