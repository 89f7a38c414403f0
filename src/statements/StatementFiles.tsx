import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statement, StatementFile } from '../../api/statements';
import { useServices } from '../app/ServicesContext';
import { importServerText } from '../import/importServerText';
import { knownServerText } from '../i18n/serverText';
import { Modal } from '../widgets/Modal';
import { canReplaceFiles, statementSnapshot, type Actor } from './pipeline';
import { replaceStatementFile } from './statementsApi';

interface Props {
  statement: Statement;
  actor: Actor;
  /** Called once a file was replaced: the page reads the statement again. */
  onReplaced: () => void;
}

/** The statement's files; before approval, each can be replaced by a corrected one. */
export function StatementFiles({ statement, actor, onReplaced }: Props) {
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState<StatementFile | null>(null);
  if (statement.files.length === 0) return null;
  const mayReplace = canReplaceFiles(statementSnapshot(statement.state, statement.flags), actor);
  return (
    <section className="statement-files card" aria-label={t('statements.files.label')}>
      <h2 className="section-title">{t('statements.files.label')}</h2>
      <ul className="statement-file-list">
        {statement.files.map((file) => (
          <li key={file.id} className="statement-file">
            <span className="statement-file-name">{file.name}</span>
            {mayReplace && (
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('statements.files.replace-named', { name: file.name })}
                onClick={() => setReplacing(file)}
              >
                {t('statements.files.replace')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {replacing && (
        <ReplaceFileDialog
          statementId={statement.id}
          file={replacing}
          onClose={() => setReplacing(null)}
          onReplaced={() => {
            setReplacing(null);
            onReplaced();
          }}
        />
      )}
    </section>
  );
}

function ReplaceFileDialog({
  statementId,
  file,
  onClose,
  onReplaced,
}: {
  statementId: string;
  file: StatementFile;
  onClose: () => void;
  onReplaced: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [chosen, setChosen] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sending = percent !== null;

  const send = () => {
    if (!chosen) return;
    setError(null);
    setPercent(0);
    replaceStatementFile(api, statementId, file.id, chosen, {
      onProgress: setPercent,
      // The dialog shows the refusal itself: no toast as well.
      onError: () => undefined,
    }).then(onReplaced, (failure: unknown) => {
      setPercent(null);
      const message = failure instanceof Error ? failure.message : '';
      setError(
        message
          ? knownServerText(t, importServerText(t, message))
          : t('statements.files.replace-failed'),
      );
    });
  };

  return (
    <Modal
      title={t('statements.files.replace-title', { name: file.name })}
      onClose={onClose}
      footer={
        <button
          type="button"
          className="button button-primary"
          disabled={sending || !chosen}
          onClick={send}
        >
          {t('statements.files.replace')}
        </button>
      }
    >
      <p>{t('statements.files.replace-text')}</p>
      <label className="field">
        <span className="field-label">{t('statements.files.replace-with')}</span>
        <input
          type="file"
          disabled={sending}
          onChange={(event) => setChosen(event.target.files?.[0] ?? null)}
        />
      </label>
      {sending && (
        <div
          className="statement-file-progress"
          role="progressbar"
          aria-label={chosen?.name ?? file.name}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
        >
          <div className="statement-file-progress-bar" style={{ width: `${percent}%` }} />
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
