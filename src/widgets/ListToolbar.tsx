import { TextInput } from './TextInput';

export interface ToolbarOption<Value extends string> {
  value: Value;
  /** Already translated. */
  label: string;
}

interface Props<Value extends string> {
  /** Names the group of filter buttons for screen readers; already translated. */
  filterLabel: string;
  options: readonly ToolbarOption<Value>[];
  selected: Value;
  onSelect: (value: Value) => void;
  searchLabel: string;
  search: string;
  onSearch: (text: string) => void;
  /** What the list shows of how many ("12 of 40"), once it is read; already translated. */
  note?: string | null;
}

/** Above a list: one filter chosen from a few (pressed buttons), a search box and the count. */
export function ListToolbar<Value extends string>({
  filterLabel,
  options,
  selected,
  onSelect,
  searchLabel,
  search,
  onSearch,
  note,
}: Props<Value>) {
  return (
    <div className="list-toolbar">
      <div className="segmented" role="group" aria-label={filterLabel}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className="segmented-option"
            aria-pressed={selected === option.value}
            onClick={() => onSelect(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <TextInput
        label={searchLabel}
        value={search}
        onChange={onSearch}
        size="small"
        type="search"
      />
      {note && <span className="page-note">{note}</span>}
    </div>
  );
}
