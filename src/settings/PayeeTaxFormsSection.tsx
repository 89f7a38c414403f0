import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayeeTaxFormStatuses } from '../../api/taxForms';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { formatDate } from '../format/formatters';
import { useSession } from '../session/useSession';
import { TextInput } from '../widgets/TextInput';
import { KIND_KEYS, STATUS_KEYS } from './taxFormText';

/**
 * The label's payees and their tax forms (valid, missing, expired; never a number), and the
 * year-end files for its accountant: 1099-MISC figures (TINs included) and 1042-S figures.
 */
export function PayeeTaxFormsSection() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { session } = useSession();
  const loaded = useLoad((signal) => api.get<PayeeTaxFormStatuses>('tax-forms', { signal }), [api]);
  const [year, setYear] = useState(String(new Date().getFullYear() - 1));
  const [busy, setBusy] = useState(false);
  if (!loaded.data) return null;
  const exports = session?.permissions.includes('payment:rw') ?? false;
  const validYear = /^\d{4}$/.test(year);

  const download = async (file: '1099-misc.csv' | '1042-s.csv') => {
    setBusy(true);
    try {
      await api.get(`tax-forms/${file}`, { format: 'csv', query: { year } });
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="settings-form">
      <section className="card" aria-labelledby="payee-tax-forms-heading">
        <h2 id="payee-tax-forms-heading" className="section-title">
          {t('tax-forms.payees.title')}
        </h2>
        {loaded.data.items.length === 0 ? (
          <p className="page-note">{t('tax-forms.payees.none')}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('tax-forms.payees.payee')}</th>
                <th scope="col">{t('tax-forms.fields.form')}</th>
                <th scope="col">{t('tax-forms.fields.status')}</th>
                <th scope="col">{t('tax-forms.fields.signed')}</th>
                <th scope="col">{t('tax-forms.fields.expires')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.items.map((item) => (
                <tr key={item.payeeId}>
                  <td>{item.name}</td>
                  <td>{item.kind ? t(KIND_KEYS[item.kind]) : ''}</td>
                  <td>{t(STATUS_KEYS[item.status])}</td>
                  <td>{item.signedAt === null ? '' : formatDate(item.signedAt)}</td>
                  <td>
                    {item.kind === null
                      ? ''
                      : item.expiresAt === null
                        ? t('tax-forms.page.never-expires')
                        : formatDate(item.expiresAt - 1)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {exports && (
        <section className="card" aria-labelledby="payee-tax-files-heading">
          <h2 id="payee-tax-files-heading" className="section-title">
            {t('tax-forms.year-end.title')}
          </h2>
          <p className="page-note">{t('tax-forms.year-end.note')}</p>
          <TextInput
            label={t('tax-forms.year-end.year')}
            value={year}
            onChange={setYear}
            inputMode="numeric"
          />
          <div className="form-actions">
            <button
              type="button"
              className="button button-secondary"
              disabled={busy || !validYear}
              onClick={() => void download('1099-misc.csv')}
            >
              {t('tax-forms.year-end.download-1099')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy || !validYear}
              onClick={() => void download('1042-s.csv')}
            >
              {t('tax-forms.year-end.download-1042')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
