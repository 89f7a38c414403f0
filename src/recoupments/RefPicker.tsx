import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeAhead } from '../widgets/TypeAhead';

export interface RefPickerProps<Item extends { id: string }> {
  label: string;
  chosen: readonly Item[];
  nameOf: (item: Item) => string;
  search: (text: string, signal: AbortSignal) => Promise<readonly Item[]>;
  onAdd: (item: Item) => void;
  onRemove: (item: Item) => void;
  placeholder: string;
  /** Translated text shown beside the field. */
  error?: string | null | undefined;
}

/** Chosen people or products as removable chips, and a type-ahead to add one more. */
export function RefPicker<Item extends { id: string }>({
  label,
  chosen,
  nameOf,
  search,
  onAdd,
  onRemove,
  placeholder,
  error,
}: RefPickerProps<Item>) {
  const { t } = useTranslation();
  // A fresh input after each pick, for the next one.
  const [round, setRound] = useState(0);
  return (
    <div className="ref-picker">
      <TypeAhead<Item>
        key={round}
        label={label}
        placeholder={placeholder}
        search={search}
        itemKey={(item) => item.id}
        itemLabel={nameOf}
        notFoundMessage={t('recoupment-form.pickers.nothing-found')}
        onSelect={(choice) => {
          // Only a found person or product can be named: typed text alone names nobody.
          if ('item' in choice) onAdd(choice.item);
          setRound((value) => value + 1);
        }}
      />
      {chosen.length > 0 && (
        <ul className="ref-chips" aria-label={label}>
          {chosen.map((item) => (
            <li key={item.id} className="role-chip">
              {nameOf(item)}
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={t('recoupment-form.pickers.remove', { name: nameOf(item) })}
                onClick={() => onRemove(item)}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
