import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { formatDate } from '../format/formatters';
import {
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  documentTypeOf,
  type DocumentKind,
} from '../../rules/personDetails';
import { useMessageText } from './messages';
import { SelectField } from '../widgets/SelectField';
import { documentUrl, readDocuments, removeDocument, uploadDocument } from './settingsApi';

const KIND_KEYS: Record<DocumentKind, string> = {
  'drivers-license': 'settings.documents.drivers-license',
  passport: 'settings.documents.passport',
  'id-card': 'settings.documents.id-card',
};

/** ID documents (driver's licence, passport, other ID card), kept as uploaded. */
export function DocumentsSection() {
  const { t } = useTranslation();
  const { api } = useServices();
  const text = useMessageText();
  const loaded = useLoad((signal) => readDocuments(api, signal), [api]);
  const [kind, setKind] = useState<DocumentKind>('passport');
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!loaded.data) return null;
  const { items, editable } = loaded.data;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFailure(
      !chosen
        ? null
        : !documentTypeOf(chosen.name)
          ? text.rule('documentType')
          : chosen.size > DOCUMENT_MAX_BYTES
            ? text.rule('documentSize')
            : null,
    );
  };
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      loaded.reload();
    } catch (error) {
      setFailure(text.failure(error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="settings-form">
      {items.length === 0 ? (
        <p className="page-note">{t('settings.documents.none')}</p>
      ) : (
        <ul className="settings-documents" aria-label={t('settings.sections.documents')}>
          {items.map((document) => (
            <li key={document.id}>
              <strong>{t(KIND_KEYS[document.kind])}</strong>
              <a href={documentUrl(document.id)} download={document.name}>
                {document.name}
              </a>
              <span>{formatDate(document.addedAt)}</span>
              {editable && (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  onClick={() => void run(() => removeDocument(api, document.id))}
                >
                  {t('settings.documents.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <form
          className="settings-form"
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            if (file && !failure)
              void run(async () => {
                await uploadDocument(kind, file);
                setFile(null);
                form.reset();
              });
          }}
        >
          <fieldset>
            <legend>{t('settings.documents.add')}</legend>
            <SelectField
              label={t('settings.documents.kind')}
              value={kind}
              onChange={(value) => setKind(value as DocumentKind)}
              options={DOCUMENT_KINDS.map((value) => ({ value, label: t(KIND_KEYS[value]) }))}
            />
            <label className="field">
              <span className="field-label">{t('settings.documents.file')}</span>
              <input
                className="input"
                type="file"
                accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
                onChange={(event) => choose(event.target.files?.[0] ?? null)}
              />
              <span className="field-hint">{t('settings.documents.limits')}</span>
            </label>
            {failure && (
              <p className="field-error" role="alert">
                {failure}
              </p>
            )}
            <div className="form-actions">
              <button
                type="submit"
                className="button button-primary"
                disabled={!file || !!failure || busy}
              >
                {t('settings.documents.upload')}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </div>
  );
}
