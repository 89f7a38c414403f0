// The catalog calls of the API (server/routes/products.ts, defaultSplits.ts, presets.ts, users.ts),
// typed once.
import type { ApiClient } from '../api/client';
import type { EngineInput, Share } from '../../engine/types';

import type { CodeKind } from '../../rules/records';

export type { CodeKind };

export interface ProductCode {
  code: string;
  kind: CodeKind;
}

export type Visibility = 'full' | 'limited';
export type RevenueView = 'gross' | 'net';

export interface ListAnswer<Item> {
  items: Item[];
  total: number;
}

/** A row of GET /api/products. */
export interface ProductSummary {
  id: string;
  title: string;
  type: string;
  artistId: string | null;
  visibility: Visibility;
  revenueView: RevenueView;
  codes: ProductCode[];
}

/** One line of a split set as the API shows it; `grouped` stands for the others under limited visibility. */
export interface ShareLineView {
  payeeId: string | null;
  fullname: string;
  pct: string | null;
  balance: boolean;
  grouped: boolean;
}

export interface ShareView extends ShareLineView {
  groupId: string | null;
  members: ShareLineView[];
}

export type ScopeView = 'product' | { code: string };
export type SplitKind = 'base' | 'mechanical' | 'conditional';

export interface SplitSetView {
  id: string;
  scope: ScopeView;
  kind: SplitKind;
  startDate: string | null;
  priority: number;
  trigger: Record<string, unknown> | null;
  shares: ShareView[];
}

/** The descriptive fields of SPEC section 3's product. */
export interface ProductFields {
  title: string;
  altTitle: string | null;
  subtitle: string | null;
  type: string;
  genre: string | null;
  copyright: string | null;
  territory: string | null;
  label: string | null;
  labelArtist: string | null;
  artistId: string | null;
  tags: string[];
  visibility: Visibility;
  revenueView: RevenueView;
}

/** GET /api/products/{id}. */
export interface Product extends ProductFields {
  id: string;
  /** Seconds. */
  duration: number | null;
  codes: ProductCode[];
  version: number;
  splitSets: SplitSetView[];
}

export interface NewProduct extends Partial<ProductFields> {
  title: string;
  type: string;
  codes: ProductCode[];
  /** Seconds or H:M:S. */
  duration?: string | number | null;
  /** The label account the product belongs to; admins and overseers name it, others leave it out. */
  accountId?: string;
}

/** A share as PUT /api/products/{id}/splits takes it: a known payee, a new collaborator's e-mail, or a group. */
export type ShareInput =
  | { payeeId: string; pct: string }
  | { payeeId: string; balance: true }
  | { email: string; pct: string }
  | { email: string; balance: true }
  | { groupId: string; pct: string; members: ShareInput[] };

export interface SplitSetInput {
  id?: string;
  scope: ScopeView;
  kind: SplitKind;
  startDate: string | null;
  priority: number;
  trigger?: Record<string, unknown>;
  shares: ShareInput[];
}

export interface ProductEvent {
  seq: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
  actor: string | null;
  actorName: string | null;
  /** Epoch seconds. */
  at: number;
}

export interface PreviewStatement {
  id: string;
  title: string;
  period: string;
  records: number;
  truncated: boolean;
}

export interface PreviewInputAnswer {
  statement: PreviewStatement | null;
  input: EngineInput;
}

export interface Preset {
  id: string;
  name: string;
  shares: Share[];
}

/** A row of GET /api/users: a payee or user of the account. */
export interface Payee {
  id: string;
  accountId: string;
  username: string | null;
  fullname: string;
  roles: string[];
  status: string;
  language: string;
  warranter: boolean;
  lastLogin: number | null;
  createdAt: number;
  version: number;
}

/** A row of GET /api/accounts (every account for admins and overseers). */
export interface AccountSummary {
  id: string;
  name: string;
  type: 'label' | 'person' | 'business' | 'admin';
  status: string;
  createdAt: number;
}

/** The label accounts a product can belong to, by name. */
export const listLabelAccounts = (api: ApiClient) =>
  api
    .get<ListAnswer<AccountSummary>>('accounts', { query: { limit: 1000 } })
    .then((answer) => answer.items.filter((account) => account.type === 'label'));

const productPath = (id: string) => `products/${encodeURIComponent(id)}`;

export const listProducts = (
  api: ApiClient,
  query: { q?: string; limit?: number; offset?: number },
  signal?: AbortSignal,
) =>
  api.get<ListAnswer<ProductSummary>>('products', {
    query,
    filters: true,
    ...(signal ? { signal } : {}),
  });

export const readProduct = (api: ApiClient, id: string) => api.get<Product>(productPath(id));

export const createProduct = (api: ApiClient, product: NewProduct) =>
  api.post<Product>('products', product);

export const changeProduct = (
  api: ApiClient,
  id: string,
  change: Partial<NewProduct> & { version: number },
) => api.patch<Product>(productPath(id), change);

export const saveSplits = (
  api: ApiClient,
  id: string,
  version: number,
  splitSets: SplitSetInput[],
) => api.put<Product>(`${productPath(id)}/splits`, { version, splitSets });

/** GET /api/default-splits: the account-wide default sets; scope 'product' stands for the account. */
export interface DefaultSplits {
  version: number;
  splitSets: SplitSetView[];
}

export const readDefaultSplits = (api: ApiClient) => api.get<DefaultSplits>('default-splits');

export const saveDefaultSplits = (api: ApiClient, version: number, splitSets: SplitSetInput[]) =>
  api.put<DefaultSplits>('default-splits', { version, splitSets });

export const productEvents = (api: ApiClient, id: string) =>
  api.get<ListAnswer<ProductEvent>>(`${productPath(id)}/events`);

export const previewInput = (api: ApiClient, id: string) =>
  api.get<PreviewInputAnswer>(`${productPath(id)}/preview-input`);

export const listPresets = (api: ApiClient) => api.get<ListAnswer<Preset>>('presets');

export const createPreset = (api: ApiClient, name: string, shares: Share[]) =>
  api.post<Preset>('presets', { name, shares });

export const searchPayees = (api: ApiClient, q: string, signal?: AbortSignal, limit = 20) =>
  api.get<ListAnswer<Payee>>('users', { query: { q, limit }, ...(signal ? { signal } : {}) });
