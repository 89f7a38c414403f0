import { useTranslation } from 'react-i18next';
import { Field, IssueList } from './editorFields';
import {
  emptyVersion,
  type DraftIssue,
  type TemplateDraft,
  type VersionDraft,
} from './templateDraft';
import { VersionEditor } from './VersionEditor';

export interface TemplateEditorProps {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  /** Shown beside their fields once the overseer has tried to save. */
  issues: readonly DraftIssue[];
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
