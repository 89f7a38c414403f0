import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNAL_FORMATS, type JournalFormat } from '../../api/journals';
import { useServices } from '../app/ServicesContext';
import { downloadJournal } from './journalsApi';

/**
 * A closed period's journal for the label's books: the QuickBooks Online and Xero import files and
 * the trial balance, each a CSV download. The server refuses a period not closed, with its reason.
 */
export function JournalDownloads({ period }: { period: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [busy, setBusy] = useState<JournalFormat | null>(null);

  const download = async (format: JournalFormat) => {
    setBusy(format);
    try {
      await downloadJournal(api, period, format);
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="journal-downloads" aria-labelledby={`journal-${period}`}>
      <h3 id={`journal-${period}`} className="section-title">
        {t('journals.downloads.heading', { period })}
      </h3>
      <p className="page-note">{t('journals.downloads.note')}</p>
      <div className="form-actions">
        {JOURNAL_FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="button button-secondary"
            disabled={busy !== null}
            onClick={() => void download(format)}
          >
            {t(`journals.downloads.${format}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
