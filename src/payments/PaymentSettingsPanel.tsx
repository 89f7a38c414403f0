import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { SaveFooter, SettingsCard } from '../app/SettingsCard';
import { useServerText } from '../i18n/serverText';
import { actingAs } from '../routes/access';
import { useSession } from '../session/useSession';
import { TextInput } from '../widgets/TextInput';
import type { PaymentMinimum, PaymentSettings } from '../../api/paymentSettings';
import { minorUnitsOf } from '../../rules/currencies';
import { isMoneyText } from '../../rules/money';
import { readPaymentSettings, savePaymentSettings } from './paymentsApi';

/** The label's owner sets how its payees are paid; the server checks it again (account:rw). */
export function useCanSetPayments(): boolean {
  const { session } = useSession();
  if (!session) return false;
  const { roles, permissions } = actingAs(session);
  return roles.includes('owner') && permissions.includes('account:rw');
}

interface Row {
  key: number;
  currency: string;
  amount: string;
}

/** The form's check of one row, as the server checks it; null when it is fine. */
function rowError(row: Row): 'currency' | 'amount' | null {
  const currency = row.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return 'currency';
  const amount = row.amount.trim();
  const decimals = amount.split('.')[1]?.length ?? 0;
  if (!isMoneyText(amount) || decimals > minorUnitsOf(currency)) return 'amount';
  return null;
}

function SettingsForm({ settings, onSaved }: { settings: PaymentSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const serverText = useServerText({ email: '' });
  const [passback, setPassback] = useState(settings.passback);
  const [nextKey, setNextKey] = useState(settings.paymentMinimums.length + 1);
  const [rows, setRows] = useState<Row[]>(() =>
    settings.paymentMinimums.length > 0
      ? settings.paymentMinimums.map((minimum, index) => ({ key: index, ...minimum }))
      : [{ key: 0, currency: 'USD', amount: '' }],
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // An empty amount is no minimum (0); only filled rows are checked and sent.
  const filled = rows.filter((row) => row.amount.trim() !== '');
  const errors = new Map(filled.map((row) => [row.key, rowError(row)]));
  const ready = !saving && [...errors.values()].every((error) => error === null);
  const change = (key: number, part: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...part } : row)));

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const paymentMinimums: PaymentMinimum[] = filled.map((row) => ({
        currency: row.currency.trim().toUpperCase(),
        amount: row.amount.trim(),
      }));
      await savePaymentSettings(api, { version: settings.version, passback, paymentMinimums });
      toasts.send({
        type: 'toast.add',
        toast: { type: 'success', content: t('payment-settings.panel.saved') },
      });
      onSaved();
    } catch (error) {
      setFailure(
        error instanceof ApiError
          ? serverText(error.message)
          : t('payment-settings.errors.unexpected'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="payment-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void save();
      }}
    >
      <p className="page-note">{t('payment-settings.panel.note')}</p>
      <fieldset className="payment-minimums">
        <legend className="field-label">{t('payment-settings.minimum.heading')}</legend>
        <p className="page-note">{t('payment-settings.minimum.help')}</p>
        {rows.map((row) => {
          const error = errors.get(row.key) ?? null;
          return (
            <div key={row.key} className="payment-minimum-row">
              <TextInput
                label={t('payment-settings.minimum.currency')}
                value={row.currency}
                onChange={(currency) => change(row.key, { currency })}
                error={error === 'currency' ? t('payment-settings.errors.currency') : null}
                size="small"
                maxLength={3}
              />
              <TextInput
                label={t('payment-settings.minimum.amount')}
                value={row.amount}
                onChange={(amount) => change(row.key, { amount })}
                error={error === 'amount' ? t('payment-settings.errors.amount') : null}
                size="small"
                inputMode="decimal"
              />
              <button
                type="button"
                className="button button-secondary"
                onClick={() =>
                  setRows((current) => current.filter((other) => other.key !== row.key))
                }
              >
                {t('payment-settings.minimum.remove', { currency: row.currency })}
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setRows((current) => [...current, { key: nextKey, currency: '', amount: '' }]);
            setNextKey(nextKey + 1);
          }}
        >
          {t('payment-settings.minimum.add')}
        </button>
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={passback}
          onChange={(event) => setPassback(event.target.checked)}
        />
        <span>{t('payment-settings.passback.label')}</span>
      </label>
      <p className="page-note">
        {passback ? t('payment-settings.passback.on') : t('payment-settings.passback.off')}
      </p>
      <SaveFooter failure={failure} ready={ready} label={t('payment-settings.panel.save')} />
    </form>
  );
}

/**
 * The label's payment settings on /payments: a payment minimum per currency (a payee owed less
 * waits, held with that reason) and passback for returned transfers. Payees never see them.
 */
export function PaymentSettingsPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  return (
    <SettingsCard
      id="payment-settings-heading"
      className="card payment-settings"
      heading={t('payment-settings.panel.heading')}
      loading={t('payment-settings.panel.loading')}
      load={() => readPaymentSettings(api)}
      deps={[api]}
    >
      {(settings, onSaved) => <SettingsForm settings={settings} onSaved={onSaved} />}
    </SettingsCard>
  );
}
