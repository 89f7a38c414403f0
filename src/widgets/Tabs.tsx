import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import './tabs.css';

export interface TabItem<Key extends string> {
  key: Key;
  /** Already translated. */
  label: ReactNode;
}

/** Where an arrow key, Home or End moves from the tab at `index` of `count`; null for other keys. */
export function movedTo(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The app's one tab bar, for views of one page: the chosen tab is the one Tab reaches, the arrow
 * keys (and Home, End) move to another and show it. Tabs that open another address are TabLinks.
 */
export function Tabs<Key extends string>({
  label,
  items,
  selected,
  onSelect,
}: {
  /** Names the bar for screen readers; already translated. */
  label: string;
  items: readonly TabItem<Key>[];
  /** The tab shown; null when none of them is (the page shows something else). */
  selected: Key | null;
  onSelect: (key: Key) => void;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const focusable = items.some((item) => item.key === selected) ? selected : items[0]?.key;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(bar.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const from = tabs.findIndex((tab) => tab === document.activeElement);
    const to = from < 0 ? null : movedTo(event.key, from, tabs.length);
    const item = to === null ? undefined : items[to];
    if (to === null || !item) return;
    event.preventDefault();
    tabs[to]?.focus();
    onSelect(item.key);
  };
  return (
    <div ref={bar} className="tab-bar" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          className="tab"
          aria-selected={item.key === selected}
          tabIndex={item.key === focusable ? 0 : -1}
          onClick={() => onSelect(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** Tabs that are addresses of their own (a child page, a query): links, drawn as the tab bar. */
export function TabLinks<Key extends string>({
  label,
  items,
  current,
}: {
  /** Names the navigation for screen readers; already translated. */
  label: string;
  items: readonly (TabItem<Key> & { to: string })[];
  current: Key;
}) {
  return (
    <nav className="tab-bar" aria-label={label}>
      {items.map((item) => (
        <Link
          key={item.key}
          to={item.to}
          className="tab"
          aria-current={item.key === current ? 'page' : undefined}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
