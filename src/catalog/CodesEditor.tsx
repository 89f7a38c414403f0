import { useTranslation } from 'react-i18next';
import { TextInput } from '../widgets/TextInput';
import { CODE_KINDS, codeHint, codeListProblems, codeProblem } from './productRules';
import type { CodeKind } from '../../rules/records';

export interface CodeDraft {
  key: string;
  code: string;
  kind: CodeKind;
}

let codeKeys = 0;
export const newCodeDraft = (code = '', kind: CodeKind = 'isrc'): CodeDraft => ({
  key: `code-${(codeKeys += 1)}`,
  code,
  kind,
});

export interface CodesEditorProps {
  codes: CodeDraft[];
  /** Takes an update of the latest codes, so quick edits of two rows both land. */
  onChange: (update: (codes: CodeDraft[]) => CodeDraft[]) => void;
  /** Show the list's problems (none given) once the user tried to save. */
  showListProblem: boolean;
}

const KIND_KEYS: Record<CodeKind, string> = {
  isrc: 'catalog.codes.kind-isrc',
  upc: 'catalog.codes.kind-upc',
  custom: 'catalog.codes.kind-custom',
};

/** SPEC section 5's code rules, checked as the user types with the server's texts. */
export function CodesEditor({ codes, onChange, showListProblem }: CodesEditorProps) {
  const { t } = useTranslation();
  const problems = codeListProblems(codes);
  const hintText = (key: string | null) => (key ? t(key) : undefined);
  const change = (key: string, update: Partial<CodeDraft>) =>
    onChange((current) =>
      current.map((code) => (code.key === key ? { ...code, ...update } : code)),
    );

  return (
    <fieldset className="codes-editor">
      <legend className="field-label">{t('catalog.codes.legend')}</legend>
      {codes.map((code, index) => {
        const repeated = problems.byIndex[index];
        return (
          <div key={code.key} className="code-row">
            <label className="field">
              <span className="field-label">{t('catalog.codes.kind')}</span>
              <select
                className="input"
                value={code.kind}
                onChange={(event) => change(code.key, { kind: event.target.value as CodeKind })}
              >
                {CODE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(KIND_KEYS[kind])}
                  </option>
                ))}
              </select>
            </label>
            <TextInput
              label={t('catalog.codes.code', { number: index + 1 })}
              value={code.code}
              size="small"
              required
              onChange={(value) => change(code.key, { code: value })}
              validator={(value) => {
                const problem = codeProblem(value, code.kind);
                return problem ? t(problem) : null;
              }}
              error={repeated && code.code.trim() ? t(repeated) : null}
              hint={hintText(codeHint(code.code, code.kind))}
            />
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() =>
                onChange((current) => current.filter((other) => other.key !== code.key))
              }
            >
              {t('catalog.codes.remove')}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => onChange((current) => [...current, newCodeDraft()])}
      >
        {t('catalog.codes.add')}
      </button>
      {showListProblem && problems.list && (
        <p className="field-error" role="alert">
          {t(problems.list)}
        </p>
      )}
    </fieldset>
  );
}

/** True when every code passes SPEC section 5 and there is at least one. */
export function codesValid(codes: readonly CodeDraft[]): boolean {
  const problems = codeListProblems(codes);
  return problems.list === null && problems.byIndex.every((problem) => problem === null);
}
