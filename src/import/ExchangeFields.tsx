import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeDraft } from './importForm';

/** The currencies a browser knows (ISO 4217), the common ones when it cannot list them. */
const CURRENCIES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return ['AUD', 'BRL', 'CAD', 'CHF', 'CNY', 'EUR', 'GBP', 'JPY', 'MXN', 'SEK', 'USD'];
  }
})();

/**
 * A file whose amounts are in another currency than the statement's: the currency it is in, the
 * statement's, and the rate (1 of the first = rate of the second). Left empty, nothing converts.
 */
export function ExchangeFields({
  value,
  onChange,
  error,
}: {
  value: ExchangeDraft;
  onChange: (value: ExchangeDraft) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const ids = { from: useId(), to: useId(), rate: useId(), hint: useId(), error: useId() };
  const set = (change: Partial<ExchangeDraft>) => onChange({ ...value, ...change });
  const describedBy = error ? `${ids.hint} ${ids.error}` : ids.hint;
  return (
    <fieldset className="field exchange-fields">
      <legend className="field-label">{t('import.exchange.legend')}</legend>
      <div className="exchange-row">
        <label className="field" htmlFor={ids.from}>
          <span className="field-label">{t('import.exchange.from')}</span>
          <select
            id={ids.from}
            value={value.from}
            aria-describedby={describedBy}
            onChange={(event) => set({ from: event.target.value })}
          >
            <option value="">{t('import.exchange.none')}</option>
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label className="field" htmlFor={ids.to}>
          <span className="field-label">{t('import.exchange.to')}</span>
          <select
            id={ids.to}
            value={value.to}
            disabled={value.from === ''}
            onChange={(event) => set({ to: event.target.value })}
          >
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label className="field" htmlFor={ids.rate}>
          <span className="field-label">{t('import.exchange.rate')}</span>
          <input
            id={ids.rate}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="1.0832"
            value={value.rate}
            disabled={value.from === ''}
            aria-invalid={!!error}
            aria-describedby={describedBy}
            onChange={(event) => set({ rate: event.target.value })}
          />
        </label>
      </div>
      <p className="field-hint" id={ids.hint}>
        {value.from === ''
          ? t('import.exchange.hint')
          : t('import.exchange.hint-rate', {
              from: value.from,
              to: value.to,
              rate: value.rate.trim() || '…',
            })}
      </p>
      {error && (
        <p className="field-error" id={ids.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
