import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '../../../src/routes/table';
import { NAV_ICONS } from '../../../src/widgets/icons';
import type { NavEntry } from '../../../src/routes/types';

const everyEntry = (entries: readonly NavEntry[]): NavEntry[] =>
  entries.flatMap((entry) => [entry, ...everyEntry(entry.children ?? [])]);

describe('side navigation icons', () => {
  it('draws every entry with an icon of its own, never a text glyph', () => {
    for (const entry of everyEntry(NAVIGATION)) {
      expect(NAV_ICONS, entry.labelKey).toHaveProperty([entry.icon]);
    }
  });
});
