import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../format/formatters';
import { TextInput } from '../widgets/TextInput';
import { TRIGGER_TYPES, type TriggerDraft, type TriggerType } from './splitDraft';

const TYPE_KEYS: Record<TriggerType, string> = {
  income: 'catalog.triggers.type-income',
  units: 'catalog.triggers.type-units',
  plays: 'catalog.triggers.type-plays',
  date: 'catalog.triggers.type-date',
  manual: 'catalog.triggers.type-manual',
  recoupment: 'catalog.triggers.type-recoupment',
};

/** A recoupment a conditional set may wait for: one of the account's own. */
export interface RecoupmentChoice {
  id: string;
  title: string;
  remaining: string;
  currency: string;
}

export interface TriggerFieldsProps {
  trigger: TriggerDraft;
  onChange: (change: Partial<TriggerDraft>) => void;
  /** The account's recoupments, for the recoupment-repaid trigger. */
  recoupments: readonly RecoupmentChoice[];
  disabled?: boolean;
}

/** ENGINE.md's triggers: income or units with pre-counted amounts, plays, date, manual, recoupment. */
export function TriggerFields({ trigger, onChange, recoupments, disabled }: TriggerFieldsProps) {
  const { t, i18n } = useTranslation();
  const listed = recoupments.some((recoupment) => recoupment.id === trigger.recoupmentId);
  const counter = trigger.type === 'income' || trigger.type === 'units' || trigger.type === 'plays';
  return (
    <div className="trigger-fields">
      <label className="field">
        <span className="field-label">{t('catalog.triggers.type')}</span>
        <select
          className="input"
          value={trigger.type}
          disabled={disabled}
          onChange={(event) => onChange({ type: event.target.value as TriggerType })}
        >
          {TRIGGER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(TYPE_KEYS[type])}
            </option>
          ))}
        </select>
      </label>
      {counter && (
        <>
          <TextInput
            label={
              trigger.type === 'income'
                ? t('catalog.triggers.income-threshold')
                : t('catalog.triggers.units-threshold')
            }
            value={trigger.threshold}
            size="small"
            inputMode="decimal"
            disabled={disabled}
            onChange={(threshold) => onChange({ threshold })}
          />
          <TextInput
            label={
              trigger.type === 'income'
                ? t('catalog.triggers.income-pre-counted')
                : t('catalog.triggers.units-pre-counted')
            }
            value={trigger.preCounted}
            size="small"
            inputMode="decimal"
            disabled={disabled}
            onChange={(preCounted) => onChange({ preCounted })}
          />
        </>
      )}
      {trigger.type === 'date' && (
        <label className="field">
          <span className="field-label">{t('catalog.triggers.date')}</span>
          <input
            className="input"
            type="date"
            value={trigger.date}
            disabled={disabled}
            onChange={(event) => onChange({ date: event.target.value })}
          />
        </label>
      )}
      {trigger.type === 'manual' && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={trigger.active}
            disabled={disabled}
            onChange={(event) => onChange({ active: event.target.checked })}
          />
          {t('catalog.triggers.active')}
        </label>
      )}
      {trigger.type === 'recoupment' && (
        <label className="field">
          <span className="field-label">{t('catalog.triggers.recoupment-id')}</span>
          <select
            className="input"
            value={trigger.recoupmentId}
            disabled={disabled}
            onChange={(event) => onChange({ recoupmentId: event.target.value })}
          >
            <option value="">{t('catalog.triggers.recoupment-choose')}</option>
            {recoupments.map((recoupment) => (
              <option key={recoupment.id} value={recoupment.id}>
                {t('catalog.triggers.recoupment-option', {
                  title: recoupment.title,
                  remaining: formatMoney(recoupment.remaining, recoupment.currency, i18n.language),
                })}
              </option>
            ))}
            {trigger.recoupmentId !== '' && !listed && (
              <option value={trigger.recoupmentId}>
                {t('catalog.triggers.recoupment-unlisted')}
              </option>
            )}
          </select>
          <span className="field-hint">{t('catalog.triggers.recoupment-hint')}</span>
        </label>
      )}
    </div>
  );
}

/** One line saying when a conditional set applies. */
export function describeTrigger(t: TFunction, trigger: Record<string, unknown> | null): string {
  if (!trigger) return '';
  const value = (key: string) => {
    const field = trigger[key];
    return typeof field === 'string' || typeof field === 'number' ? String(field) : '';
  };
  switch (trigger.type) {
    case 'income':
      return t('catalog.triggers.describe-income', {
        threshold: value('threshold'),
        preCounted: value('preCounted') || '0',
      });
    case 'units':
      return t('catalog.triggers.describe-units', {
        threshold: value('threshold'),
        preCounted: value('preCounted') || '0',
      });
    case 'plays':
      return t('catalog.triggers.describe-plays', {
        threshold: value('threshold'),
        preCounted: value('preCounted') || '0',
      });
    case 'date':
      return t('catalog.triggers.describe-date', { date: value('date') });
    case 'manual':
      return trigger.active === true
        ? t('catalog.triggers.describe-manual-on')
        : t('catalog.triggers.describe-manual-off');
    case 'recoupment':
      return t('catalog.triggers.describe-recoupment');
    default:
      return '';
  }
}
