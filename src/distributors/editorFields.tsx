import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftIssue } from './templateDraft';

// The template editor's shared controls: a labelled field, a checkbox, the issues of a field.

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
      case 'field-add':
        return t('distributors.editor.add-required');
      case 'sum-column-headers':
        return t('distributors.editor.sum-column-headers', { column: issue.column ?? '' });
      case 'sign-columns':
        return t('distributors.editor.sign-columns-required');
      case 'sign-headers':
        return t('distributors.editor.sign-headers');
      case 'sign-values':
        return t('distributors.editor.sign-values-required');
    }
  };
}

export function IssueList({ issues }: { issues: readonly DraftIssue[] }) {
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
export function Field({
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

/** A list typed one entry per line (column names, values). */
export function LinesField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} hint={t('distributors.editor.one-per-line')}>
      {(id) => (
        <textarea
          id={id}
          rows={2}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export function Checkbox({
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
