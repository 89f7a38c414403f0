import { useTranslation } from 'react-i18next';
import { Field, IssueList } from './editorFields';
import { CODE_KINDS, type DraftIssue, type VersionDraft } from './templateDraft';

type CodeColumn = VersionDraft['codes'][number];

/** The columns a row's product codes are read from, each with its code kind. */
export function CodeColumnsEditor({
  codes,
  issues,
  onChange,
}: {
  codes: VersionDraft['codes'];
  issues: readonly DraftIssue[];
  onChange: (codes: VersionDraft['codes']) => void;
}) {
  const { t } = useTranslation();
  const change = (index: number, changes: Partial<CodeColumn>) =>
    onChange(codes.map((item, at) => (at === index ? { ...item, ...changes } : item)));
  return (
    <fieldset className="source-editor">
      <legend>{t('distributors.template.codes')}</legend>
      <p className="field-hint">{t('distributors.editor.codes-hint')}</p>
      {codes.map((code, index) => (
        <div key={index} className="code-row">
          <Field label={t('distributors.editor.code-column', { number: index + 1 })}>
            {(id) => (
              <input
                id={id}
                type="text"
                value={code.column}
                onChange={(event) => change(index, { column: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('distributors.editor.code-kind', { number: index + 1 })}>
            {(id) => (
              <select
                id={id}
                value={code.kind}
                onChange={(event) =>
                  change(index, { kind: event.target.value as CodeColumn['kind'] })
                }
              >
                {CODE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {kind === 'isrc'
                      ? t('distributors.editor.kind-isrc')
                      : kind === 'upc'
                        ? t('distributors.editor.kind-upc')
                        : kind === 'title'
                          ? t('distributors.editor.kind-title')
                          : t('distributors.editor.kind-custom')}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {codes.length > 1 && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => onChange(codes.filter((_, at) => at !== index))}
            >
              {t('distributors.editor.remove-code')}
            </button>
          )}
        </div>
      ))}
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => onChange([...codes, { column: '', kind: 'upc' }])}
      >
        {t('distributors.editor.add-code')}
      </button>
      <IssueList issues={issues} />
    </fieldset>
  );
}
