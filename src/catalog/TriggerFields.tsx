import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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

export interface TriggerFieldsProps {
  trigger: TriggerDraft;
  onChange: (change: Partial<TriggerDraft>) => void;
  disabled?: boolean;
}

/** ENGINE.md's triggers: income or units with pre-counted amounts, plays, date, manual, recoupment. */
export function TriggerFields({ trigger, onChange, disabled }: TriggerFieldsProps) {
  const { t } = useTranslation();
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
        <TextInput
          label={t('catalog.triggers.recoupment-id')}
          value={trigger.recoupmentId}
          size="small"
          disabled={disabled}
          onChange={(recoupmentId) => onChange({ recoupmentId })}
          hint={t('catalog.triggers.recoupment-hint')}
        />
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
      return t('catalog.triggers.describe-recoupment', { id: value('recoupmentId') });
    default:
      return '';
  }
}
