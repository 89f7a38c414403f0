import { useId } from 'react';
import { ReadingSummaryTable } from './ReadingSummaryTable';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { FilePreview } from '../../api/statementUpload';
import {
  needsConfirmation,
  proposedDistributor,
  unsureFiles,
  type UploadPreviewEvent,
  type uploadPreviewMachine,
} from '../../machines/uploadPreviewMachine';
import { ENCODING_NAMES, isTextEncoding, TEXT_ENCODINGS } from '../../rules/encodings';
import { useImportServerText } from './importServerText';

interface UploadPreviewProps {
  snapshot: SnapshotFrom<typeof uploadPreviewMachine>;
  send: (event: UploadPreviewEvent) => void;
  /** The uploader accepts: the proposed distributor becomes the form's choice. */
  onConfirm: (distributorId: string | null) => void;
}

/** The file check of the import form: the distributor the files match, their encoding, rows. */
export function UploadPreview({ snapshot, send, onConfirm }: UploadPreviewProps) {
  const { t } = useTranslation();
  const serverText = useImportServerText();
  const encodingId = useId();
  const context = snapshot.context;
  if (snapshot.matches('idle')) return null;
  const answer = context.answer;
  const proposed = proposedDistributor(context);
  const proposedName = answer?.files
    .flatMap((file) => file.matches)
    .find((match) => match.distributorId === proposed)?.distributor;
  const unsure = unsureFiles(context);
  const textFiles = answer?.files.filter((file) => file.encoding !== null) ?? [];
  const shownEncoding = context.encoding ?? textFiles[0]?.encoding ?? '';
  // The encodings the detector found plausible come first.
  const suggested = [...new Set(textFiles.flatMap((file) => [file.encoding, ...file.encodings]))];
  const choices = [
    ...suggested.filter(isTextEncoding),
    ...TEXT_ENCODINGS.filter((encoding) => !suggested.includes(encoding)),
  ];

  return (
    <section className="card upload-preview" aria-label={t('import.preview.title')}>
      <h2 className="portal-section-title">{t('import.preview.title')}</h2>
      {snapshot.hasTag('busy') && <p className="page-note">{t('import.preview.checking')}</p>}
      {snapshot.matches('failed') && (
        <p className="field-error" role="alert">
          {t('import.preview.failed', { message: serverText(context.error ?? '') })}
        </p>
      )}
      {answer && snapshot.hasTag('answered') && (
        <>
          {proposed && proposedName && (
            <p className="upload-preview-proposal" data-testid="proposed-distributor">
              {t('import.preview.proposed', { distributor: proposedName })}
            </p>
          )}
          {answer.files.map((file) => (
            <FileCheck key={file.name} file={file} />
          ))}
          {answer.files.map(
            (file) =>
              file.reading && (
                <ReadingSummaryTable
                  key={`reading-${file.name}`}
                  reading={file.reading}
                  fileName={file.name}
                />
              ),
          )}
          {textFiles.length > 0 && (
            <div className="field">
              <label className="field-label" htmlFor={encodingId}>
                {t('import.preview.encoding-label')}
              </label>
              <select
                id={encodingId}
                value={context.encoding ?? ''}
                onChange={(event) => {
                  const value = event.target.value;
                  send({
                    type: 'preview.encoding',
                    encoding: isTextEncoding(value) ? value : null,
                  });
                }}
              >
                <option value="">
                  {t('import.preview.encoding-detected', {
                    encoding: shownEncoding ? ENCODING_NAMES[shownEncoding] : '',
                  })}
                </option>
                {choices.map((encoding) => (
                  <option key={encoding} value={encoding}>
                    {ENCODING_NAMES[encoding]}
                  </option>
                ))}
              </select>
            </div>
          )}
          {unsure.map((file) => (
            <p key={file.name} className="upload-preview-unsure" role="status">
              {t('import.preview.encoding-unsure', { file: file.name })}
            </p>
          ))}
          {textFiles.map((file) => (
            <FirstRows key={file.name} file={file} />
          ))}
          {needsConfirmation(context) && (
            <div className="form-actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  send({ type: 'preview.confirm' });
                  onConfirm(proposed);
                }}
              >
                {proposed && proposedName
                  ? t('import.preview.confirm-distributor', { distributor: proposedName })
                  : t('import.preview.confirm')}
              </button>
            </div>
          )}
          {context.confirmed && (
            <p className="page-note" role="status">
              {t('import.preview.confirmed')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Which layout one file matches, or why none does. */
function FileCheck({ file }: { file: FilePreview }) {
  const { t } = useTranslation();
  const serverText = useImportServerText();
  if (file.problem) {
    return (
      <p className="field-error">
        {t('import.preview.unreadable', { file: file.name, message: serverText(file.problem) })}
      </p>
    );
  }
  const encoding = file.encoding ? ENCODING_NAMES[file.encoding] : null;
  const match = file.matches[0];
  return (
    <>
      {match && (
        <p>
          {encoding
            ? t('import.preview.matches-text', {
                file: file.name,
                distributor: match.distributor,
                layout: match.layout,
                encoding,
              })
            : t('import.preview.matches', {
                file: file.name,
                distributor: match.distributor,
                layout: match.layout,
              })}
        </p>
      )}
      {file.closest && (
        <p className="field-error">
          {t(match ? 'import.preview.not-chosen' : 'import.preview.no-match', {
            file: file.name,
            distributor: file.closest.distributor,
            layout: file.closest.layout,
            missing: file.closest.missing.join(', '),
          })}
        </p>
      )}
    </>
  );
}

/** A text file's first rows as they decode. */
function FirstRows({ file }: { file: FilePreview }) {
  const { t } = useTranslation();
  const [header, ...rows] = file.rows;
  if (!header) return null;
  return (
    <div className="upload-preview-rows">
      <table className="table">
        <caption>{t('import.preview.first-rows', { file: file.name })}</caption>
        <thead>
          <tr>
            {header.map((cell, index) => (
              <th key={index} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, rowIndex) => (
            <tr key={rowIndex}>
              {cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
