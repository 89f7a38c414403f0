import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { listLabelAccounts } from './catalogApi';

export interface LabelAccountSelectProps {
  value: string;
  onChange: (accountId: string) => void;
  /** After a first submit: an empty choice is marked invalid (the form shows the message). */
  showProblem: boolean;
}

/**
 * Admins and overseers belong to the portal's own account: they name the label account a new
 * product belongs to (POST /api/products `accountId`).
 */
export function LabelAccountSelect({ value, onChange, showProblem }: LabelAccountSelectProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const accounts = useLoad(() => listLabelAccounts(api), [api]);
  const loading = accounts.status === 'loading';
  // The client shows a failure itself; the list then stays empty.
  const labels = accounts.status === 'ready' ? accounts.data : [];

  const missing = showProblem && value === '';
  return (
    <label className="field">
      <span className="field-label">{t('catalog.add.label-account')}</span>
      <select
        className="input"
        value={value}
        required
        aria-invalid={missing || undefined}
        disabled={loading}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">
          {loading ? t('catalog.add.label-loading') : t('catalog.add.choose-label')}
        </option>
        {labels.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
          </option>
        ))}
      </select>
    </label>
  );
}
