import type { LayoutVersion } from '../../../rules/templateSchema';

/**
 * The `layout-<id>` stream: a layout version one label account added for itself to read a
 * distributor's statements with, beside the distributor's own; no other account reads with it.
 */
export type AccountLayoutEvent =
  | {
      type: 'AccountLayoutAdded';
      data: { layoutId: string; accountId: string; distributorId: string; layout: LayoutVersion };
    }
  | { type: 'AccountLayoutChanged'; data: { before: LayoutVersion; after: LayoutVersion } }
  | { type: 'AccountLayoutRemoved'; data: Record<string, never> };
