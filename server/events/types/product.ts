import type { SplitSet } from '../../../engine/types';
import type { CodeKind } from '../../../rules/records';

export type { CodeKind };

export interface CodeEntry {
  code: string;
  kind: CodeKind;
}

/** Every descriptive field of a product (SPEC section 3). */
export interface ProductDetails {
  title: string;
  altTitle: string | null;
  subtitle: string | null;
  productType: string;
  genre: string | null;
  durationSeconds: number | null;
  copyright: string | null;
  territory: string | null;
  label: string | null;
  labelArtist: string | null;
  artistId: string | null;
  tags: string[];
  visibility: 'full' | 'limited';
  revenueView: 'gross' | 'net';
}

/** The `product-<id>` stream. */
export type ProductEvent =
  | {
      type: 'ProductCreated';
      data: { productId: string; accountId: string; details: ProductDetails; codes: CodeEntry[] };
    }
  | {
      type: 'ProductChanged';
      data: { before: Partial<ProductDetails>; after: Partial<ProductDetails> };
    }
  | { type: 'ProductCodesChanged'; data: { added: CodeEntry[]; removed: CodeEntry[] } }
  | { type: 'ProductSplitsChanged'; data: { before: SplitSet[]; after: SplitSet[] } };
