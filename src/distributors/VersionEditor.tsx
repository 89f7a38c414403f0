import { ENCODING_NAMES } from '../../rules/encodings';
import { useTranslation } from 'react-i18next';
import { CodeColumnsEditor } from './CodeColumnsEditor';
import { Field, IssueList } from './editorFields';
import { RecordFieldsEditor } from './RecordFieldsEditor';
import {
  DATE_ORDER_CHOICES,
  DECIMAL_SEPARATOR_CHOICES,
  DELIMITER_CHOICES,
  ENCODING_CHOICES,
  type DraftIssue,
  type VersionDraft,
} from './templateDraft';

/** One layout version of the template: its file format, code columns and record fields. */
export function VersionEditor({
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
  const set = <K extends keyof VersionDraft>(key: K, value: VersionDraft[K]) =>
    onChange({ ...version, [key]: value });
  const issuesOf = (problems: DraftIssue['problem'][]) =>
    issues.filter((issue) => problems.includes(issue.problem) && issue.field === undefined);
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
  const separatorLabels: Record<VersionDraft['decimalSeparator'], string> = {
    detect: t('distributors.template.separator-detect'),
    point: t('distributors.template.decimal-point'),
    comma: t('distributors.template.decimal-comma'),
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
                  {choice ? ENCODING_NAMES[choice] : t('distributors.template.detect')}
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
        <Field label={t('distributors.template.decimal-separator')}>
          {(id) => (
            <select
              id={id}
              value={version.decimalSeparator}
              onChange={(event) =>
                set('decimalSeparator', event.target.value as VersionDraft['decimalSeparator'])
              }
            >
              {DECIMAL_SEPARATOR_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {separatorLabels[choice]}
                </option>
              ))}
            </select>
          )}
        </Field>
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

      <CodeColumnsEditor
        codes={version.codes}
        issues={issuesOf(['version-codes'])}
        onChange={(codes) => set('codes', codes)}
      />

      <RecordFieldsEditor version={version} issues={issues} onChange={onChange} />
      {canRemove && (
        <button type="button" className="button button-secondary" onClick={onRemove}>
          {t('distributors.editor.remove-version')}
        </button>
      )}
    </fieldset>
  );
}
