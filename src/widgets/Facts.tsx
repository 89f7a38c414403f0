import type { ReactNode } from 'react';

/** Terms and their values, as a definition list: a record's details at a glance. */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="facts">
      {items.map(([term, value]) => (
        <div className="fact" key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
