import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useServerText } from '../i18n/serverText';
import type { PeriodsOverview } from '../../api/periods';
import { readPeriods, savePeriodLength } from './periodsApi';

function LengthForm({ overview, onSaved }: { overview: PeriodsOverview; onSaved: () => void }) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const serverText = useServerText({ email: '' });
  const [length, setLength] = useState(overview.length);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await savePeriodLength(api, { length, version: overview.version });
      toasts.send({
        type: 'toast.add',
        toast: { type: 'success', content: t('periods.length.saved') },
      });
      onSaved();
    } catch (error) {
      setFailure(error instanceof ApiError ? serverText(error.message) : t('periods.list.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void save();
      }}
    >
      <p className="page-note">{t('periods.length.rule')}</p>
      <fieldset disabled={!overview.lengthChangeable}>
        <legend className="field-label">{t('periods.length.heading')}</legend>
        {(['month', 'quarter'] as const).map((option) => (
          <label key={option} className="checkbox">
            <input
              type="radio"
              name="period-length"
              value={option}
              checked={length === option}
              onChange={() => setLength(option)}
            />
            <span>{t(`periods.length.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      {!overview.lengthChangeable && <p className="page-note">{t('periods.length.locked')}</p>}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={saving || !overview.lengthChangeable || length === overview.length}
        >
          {t('periods.length.save')}
        </button>
      </div>
    </form>
  );
}

/** The Account page's tab where a label's owner chooses the length of its periods. */
export function PeriodLengthSection() {
  const { t } = useTranslation();
  const { api } = useServices();
  const loaded = useLoad(() => readPeriods(api), [api]);
  return (
    <section className="card" aria-labelledby="period-length-heading">
      <h2 id="period-length-heading" className="section-title">
        {t('settings.sections.periods')}
      </h2>
      {loaded.data ? (
        <LengthForm key={loaded.data.version} overview={loaded.data} onSaved={loaded.reload} />
      ) : (
        <p className="page-note">
          {loaded.status === 'loading' ? t('periods.list.loading') : t('periods.list.failed')}
        </p>
      )}
    </section>
  );
}
