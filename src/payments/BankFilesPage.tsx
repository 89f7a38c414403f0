import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { formatDateTime } from '../format/formatters';
import { useServerText } from '../i18n/serverText';
import type { PageProps } from '../routes/types';
import { ConfirmModal } from '../widgets/ConfirmModal';
import { Money } from '../widgets/Money';
import type { AppliedBankReturn, BankFile, BankReturnOutcome } from '../../api/bankFiles';
import { bankFileFormatLabel } from './bankFileLabels';
import { bankReturnReason } from './failureText';
import {
  downloadBankFile,
  listBankFiles,
  markBankFileSubmitted,
  uploadBankReturns,
} from './bankFilesApi';
import '../widgets/pageParts.css';
import './payments.css';

/** The bank's reason for a return with its code, as the payment's page shows it. */
export const returnReasonText = (t: TFunction, code: string): string =>
  t('bank-files.returns.reason', { code, reason: bankReturnReason(t, { code, message: '' }) });

const OUTCOME_KEYS: Record<BankReturnOutcome, string> = {
  returned: 'bank-files.return-outcome.returned',
  'already-returned': 'bank-files.return-outcome.already-returned',
  'not-found': 'bank-files.return-outcome.not-found',
  'not-this-label': 'bank-files.return-outcome.not-this-label',
};

/** Who did it and when, or that it has not happened yet. */
function doneBy(t: TFunction, at: number | null, by: string | null): string {
  if (at === null) return t('bank-files.list.not-yet');
  const time = formatDateTime(at);
  return by ? t('bank-files.list.by-at', { name: by, time }) : time;
}

export interface BankFilesTableProps {
  files: readonly BankFile[];
  /** The file whose download or submission is under way: its buttons wait. */
  busy: string | null;
  onDownload: (file: BankFile) => void;
  onSubmit: (file: BankFile) => void;
}

/** The label's bank files, newest first as the server lists them. */
export function BankFilesTable({ files, busy, onDownload, onSubmit }: BankFilesTableProps) {
  const { t } = useTranslation();
  if (files.length === 0) return <p className="page-note">{t('bank-files.list.empty')}</p>;
  return (
    <div className="bank-files-scroll">
      <table className="bank-files-table" aria-label={t('bank-files.list.label')}>
        <thead>
          <tr>
            <th scope="col">{t('bank-files.list.date')}</th>
            <th scope="col">{t('bank-files.list.format')}</th>
            <th scope="col">{t('bank-files.list.currency')}</th>
            <th scope="col" className="numeric">
              {t('bank-files.list.payments')}
            </th>
            <th scope="col" className="numeric">
              {t('bank-files.list.total')}
            </th>
            <th scope="col">{t('bank-files.list.status')}</th>
            <th scope="col">{t('bank-files.list.downloaded')}</th>
            <th scope="col">{t('bank-files.list.submitted')}</th>
            <th scope="col">{t('bank-files.list.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.id} data-file={file.fileName}>
              <td>{formatDateTime(file.createdAt)}</td>
              <td>{bankFileFormatLabel(t, file.format)}</td>
              <td>{file.currency}</td>
              <td className="numeric">{file.payments}</td>
              <td className="numeric">
                <Money amount={file.total} currency={file.currency} />
              </td>
              <td>{t(`bank-files.status.${file.status}`)}</td>
              <td>{doneBy(t, file.downloadedAt, file.downloadedBy)}</td>
              <td>{doneBy(t, file.submittedAt, file.submittedBy)}</td>
              <td className="bank-file-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={busy === file.id}
                  aria-label={t('bank-files.list.download-file', { name: file.fileName })}
                  onClick={() => onDownload(file)}
                >
                  {t('bank-files.list.download')}
                </button>
                {file.status === 'open' && (
                  <button
                    type="button"
                    className="button button-primary button-small"
                    disabled={busy === file.id || file.downloadedAt === null}
                    title={
                      file.downloadedAt === null ? t('bank-files.list.download-first') : undefined
                    }
                    onClick={() => onSubmit(file)}
                  >
                    {t('bank-files.list.submit')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What an uploaded return file held, return by return, and what became of each. */
export function ReturnResults({ returns }: { returns: readonly AppliedBankReturn[] }) {
  const { t } = useTranslation();
  return (
    <table className="bank-files-table" aria-label={t('bank-files.returns.results')}>
      <thead>
        <tr>
          <th scope="col">{t('bank-files.returns.payee')}</th>
          <th scope="col" className="numeric">
            {t('bank-files.returns.amount')}
          </th>
          <th scope="col">{t('bank-files.returns.code')}</th>
          <th scope="col">{t('bank-files.returns.outcome-heading')}</th>
        </tr>
      </thead>
      <tbody>
        {returns.map((applied, index) => (
          <tr key={`${applied.reference}:${index}`}>
            <td>{applied.payeeName ?? t('bank-files.returns.unknown-payee')}</td>
            <td className="numeric">
              {applied.amount !== null && applied.currency !== null ? (
                <Money amount={applied.amount} currency={applied.currency} />
              ) : (
                '—'
              )}
            </td>
            <td>{returnReasonText(t, applied.code)}</td>
            <td>{t(OUTCOME_KEYS[applied.outcome])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ReturnUpload({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const serverText = useServerText({ email: '' });
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [results, setResults] = useState<AppliedBankReturn[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async () => {
    if (!file || uploading) return;
    setUploading(true);
    setProblem(null);
    setResults(null);
    try {
      const answer = await uploadBankReturns(api, file);
      setResults(answer.returns);
      onApplied();
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.message
          ? serverText(error.message)
          : t('bank-files.returns.unexpected'),
      );
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className="card" aria-labelledby="bank-returns-heading">
      <h2 id="bank-returns-heading" className="section-title">
        {t('bank-files.returns.heading')}
      </h2>
      <p className="page-note">{t('bank-files.returns.help')}</p>
      <form
        className="bank-returns-form"
        onSubmit={(event) => {
          event.preventDefault();
          void upload();
        }}
      >
        <label className="field-label" htmlFor="bank-return-file">
          {t('bank-files.returns.choose')}
        </label>
        <input
          id="bank-return-file"
          type="file"
          accept=".ach,.txt,.xml,text/plain,application/xml,text/xml"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
          }}
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={!file || uploading}>
            {uploading ? t('bank-files.returns.uploading') : t('bank-files.returns.upload')}
          </button>
        </div>
      </form>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {results && (
        <>
          <h3 className="section-title">{t('bank-files.returns.results')}</h3>
          <ReturnResults returns={results} />
        </>
      )}
    </section>
  );
}

/**
 * /payments/bank-files (PAYMENT_RAIL=bankfile; the label's owner): the files each payment run
 * wrote for the label's bank, to download, upload to the bank and mark as submitted; and the
 * bank's return files, uploaded back.
 */
export function BankFilesPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const serverText = useServerText({ email: '' });
  const loaded = useLoad(() => listBankFiles(api), [api]);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<BankFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A second click before the first answer sends nothing: the ref changes at once, state later.
  const submitting = useRef(false);

  const download = async (file: BankFile) => {
    setBusy(file.id);
    try {
      await downloadBankFile(api, file.id);
      loaded.reload();
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  };

  const submit = async (file: BankFile) => {
    if (submitting.current) return;
    submitting.current = true;
    setBusy(file.id);
    setProblem(null);
    try {
      await markBankFileSubmitted(api, file.id);
      setConfirming(null);
      loaded.reload();
    } catch (error) {
      setProblem(
        error instanceof ApiError ? serverText(error.message) : t('bank-files.list.failed'),
      );
    } finally {
      submitting.current = false;
      setBusy(null);
    }
  };

  return (
    <section className="page bank-files-page">
      <header className="recoup-head">
        <h1 className="page-title">{t(route.titleKey)}</h1>
      </header>
      <p className="page-note">{t('bank-files.list.intro')}</p>
      <section className="card" aria-labelledby="bank-files-heading">
        <h2 id="bank-files-heading" className="section-title">
          {t('bank-files.list.heading')}
        </h2>
        {loaded.data ? (
          <BankFilesTable
            files={loaded.data.items}
            busy={busy}
            onDownload={(file) => void download(file)}
            onSubmit={(file) => {
              setProblem(null);
              setConfirming(file);
            }}
          />
        ) : (
          <p className="page-note">
            {loaded.status === 'loading'
              ? t('bank-files.list.loading')
              : t('bank-files.list.failed')}
          </p>
        )}
      </section>
      <ReturnUpload onApplied={loaded.reload} />
      {confirming && (
        <ConfirmModal
          title={t('bank-files.confirm.title')}
          confirmLabel={t('bank-files.confirm.yes')}
          cancelLabel={t('bank-files.confirm.no')}
          onConfirm={() => void submit(confirming)}
          onClose={() => setConfirming(null)}
          problem={problem}
        >
          <p>
            {t('bank-files.confirm.body', {
              count: confirming.payments,
              format: bankFileFormatLabel(t, confirming.format),
              date: formatDateTime(confirming.createdAt),
            })}
          </p>
        </ConfirmModal>
      )}
    </section>
  );
}
