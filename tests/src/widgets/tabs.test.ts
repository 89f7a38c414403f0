import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { movedTo, Tabs } from '../../../src/widgets/Tabs';

const ITEMS = [
  { key: 'splits', label: 'Splits' },
  { key: 'revenue', label: 'Revenue' },
  { key: 'chart', label: 'Chart' },
] as const;

/** The tabs as drawn: name, chosen or not, and whether Tab reaches it. */
function drawn(selected: 'splits' | 'revenue' | 'chart' | null) {
  const html = renderToStaticMarkup(
    createElement(Tabs<'splits' | 'revenue' | 'chart'>, {
      label: 'Result',
      items: ITEMS,
      selected,
      onSelect: () => undefined,
    }),
  );
  return [...html.matchAll(/aria-selected="(\w+)" tabindex="(-?\d)"[^>]*>(\w+)</g)].map(
    ([, chosen, tabIndex, name]) => `${name} ${chosen} ${tabIndex}`,
  );
}

describe('the tab bar', () => {
  it('lets Tab reach the chosen tab only, or the first when none is chosen', () => {
    expect(drawn('revenue')).toEqual(['Splits false -1', 'Revenue true 0', 'Chart false -1']);
    expect(drawn(null)).toEqual(['Splits false 0', 'Revenue false -1', 'Chart false -1']);
  });

  it('moves with the arrow keys round the bar, and to its ends with Home and End', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 12 })
          .chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: 0, max: count - 1 }))),
        ([count, index]) => {
          const right = movedTo('ArrowRight', index, count);
          expect(right).toBe(index === count - 1 ? 0 : index + 1);
          expect(movedTo('ArrowLeft', right ?? -1, count)).toBe(index);
          expect(movedTo('Home', index, count)).toBe(0);
          expect(movedTo('End', index, count)).toBe(count - 1);
          expect(movedTo('Enter', index, count)).toBeNull();
        },
      ),
      { seed: 20261128 },
    );
  });
});
