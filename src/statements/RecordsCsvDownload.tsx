import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statement } from '../../api/statements';
import { useServices } from '../app/ServicesContext';

/**
 * SPEC section 7's CSV download helper, where a label looks for its statements: the records of
 * its approved statements of one distributor, from a month on, as one CSV file.
 */
export function RecordsCsvDownload({ statements }: { statements: readonly Statement[] }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = useId();
  const distributors = [
    ...new Map(
      statements.map((statement) => [statement.distributor.id, statement.distributor]),
    ).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));
  const earliest = statements.map((statement) => statement.period).sort()[0] ?? '';
  const [distributor, setDistributor] = useState('');
  const [start, setStart] = useState('');
  const [busy, setBusy] = useState(false);
  const chosenDistributor = distributor || distributors[0]?.id || '';
  const chosenStart = start || earliest;
  if (distributors.length === 0) return null;

  const download = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api.get('statements/records', {
        format: 'csv',
        query: { start: chosenStart, distributor: chosenDistributor },
      });
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="statements-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('statements.records-csv.title')}</h2>
      <p className="page-note">{t('statements.records-csv.note')}</p>
      <form className="statements-toolbar" onSubmit={(event) => void download(event)}>
        <label className="field">
          <span className="field-label">{t('statements.records-csv.distributor')}</span>
          <select
            className="input"
            value={chosenDistributor}
            onChange={(event) => setDistributor(event.target.value)}
          >
            {distributors.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('statements.records-csv.start')}</span>
          <input
            className="input"
            type="month"
            required
            value={chosenStart}
            onChange={(event) => setStart(event.target.value)}
          />
        </label>
        <button
          className="button button-secondary"
          type="submit"
          disabled={busy || !/^\d{4}-\d{2}$/.test(chosenStart)}
        >
          {t('statements.records-csv.download')}
        </button>
      </form>
    </section>
  );
}
