import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounce, TYPEAHEAD_DEBOUNCE_MS, type Debounced } from './debounce';
import './typeAhead.css';

export interface TypeAheadProps<Item> {
  label: string;
  /** Finds suggestions for the text; the signal aborts a search a newer one replaced. */
  search: (text: string, signal: AbortSignal) => Promise<readonly Item[]>;
  itemKey: (item: Item) => string;
  itemLabel: (item: Item) => string;
  /** A suggestion, or the entered text when nothing was found and the user clicked away. */
  onSelect: (choice: { item: Item } | { text: string }) => void;
  /** Replaces 'Not found - click anywhere to use entered text'. */
  notFoundMessage?: string;
  debounceMs?: number;
  placeholder?: string;
}

type Results<Item> = { text: string; items: readonly Item[] } | null;

/** A text input that suggests matches 500 ms after typing stops. */
export function TypeAhead<Item>({
  label,
  search,
  itemKey,
  itemLabel,
  onSelect,
  notFoundMessage,
  debounceMs = TYPEAHEAD_DEBOUNCE_MS,
  placeholder,
}: TypeAheadProps<Item>) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [results, setResults] = useState<Results<Item>>(null);
  const searchRef = useRef(search);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    searchRef.current = search;
  });

  const runSearch = useRef<Debounced<[string]> | null>(null);
  useEffect(() => {
    const searchLater = debounce((wanted: string) => {
      controller.current?.abort();
      if (!wanted.trim()) {
        setResults(null);
        return;
      }
      const current = new AbortController();
      controller.current = current;
      searchRef.current(wanted, current.signal).then(
        (items) => {
          if (!current.signal.aborted) setResults({ text: wanted, items });
        },
        () => undefined,
      );
    }, debounceMs);
    runSearch.current = searchLater;
    return () => {
      searchLater.cancel();
      controller.current?.abort();
    };
  }, [debounceMs]);

  const nothingFound = results !== null && results.items.length === 0;
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });
  // SPEC section 8: with nothing found, a click anywhere takes the entered text.
  useEffect(() => {
    if (!nothingFound) return;
    const useEntered = () => {
      onSelectRef.current({ text: results.text });
      setResults(null);
    };
    document.addEventListener('mousedown', useEntered);
    return () => document.removeEventListener('mousedown', useEntered);
  }, [nothingFound, results]);

  const listId = `${id}-list`;
  return (
    <div className="field type-ahead">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        role="combobox"
        aria-expanded={results !== null}
        aria-controls={listId}
        aria-autocomplete="list"
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          runSearch.current?.(event.target.value);
        }}
      />
      {results !== null && (
        <ul className="type-ahead-list" id={listId} role="listbox" aria-label={label}>
          {nothingFound ? (
            <li className="type-ahead-empty" role="option" aria-selected="false">
              {notFoundMessage ?? t('widgets.type-ahead.not-found')}
            </li>
          ) : (
            results.items.map((item) => (
              <li
                key={itemKey(item)}
                role="option"
                aria-selected="false"
                className="type-ahead-option"
                onMouseDown={(event) => {
                  event.preventDefault();
                  setText(itemLabel(item));
                  setResults(null);
                  onSelect({ item });
                }}
              >
                {itemLabel(item)}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
