// The catalog calls of the API (server/routes/products.ts, defaultSplits.ts, presets.ts, users.ts),
// typed by the contract in api/.
import type { ApiClient } from '../api/client';
import type { EngineInput, Share } from '../../engine/types';
import type { AccountList } from '../../api/accounts';
import type { DefaultSplits } from '../../api/defaultSplits';
import type { Preset, PresetList } from '../../api/presets';
import type {
  NewProduct,
  PreviewInputAnswer,
  Product,
  ProductEventList,
  ProductList,
  ProductPatch,
} from '../../api/products';
import type { SplitSetInput } from '../../api/splits';
import type { UserList } from '../../api/users';

/** The label accounts a product can belong to, by name. */
export const listLabelAccounts = (api: ApiClient) =>
  api
    .get<AccountList>('accounts', { query: { limit: 1000 } })
    .then((answer) => answer.items.filter((account) => account.type === 'label'));

const productPath = (id: string) => `products/${encodeURIComponent(id)}`;

export const listProducts = (
  api: ApiClient,
  query: { q?: string; artist?: string; limit?: number; offset?: number },
  signal?: AbortSignal,
  /** Append the global filters: the artist narrows the list, the timeframe its revenue. */
  filters = false,
) =>
  api.get<ProductList>('products', {
    query,
    filters,
    ...(signal ? { signal } : {}),
  });

export const readProduct = (api: ApiClient, id: string) => api.get<Product>(productPath(id));

export const createProduct = (api: ApiClient, product: NewProduct) =>
  api.post<Product>('products', product);

export const changeProduct = (api: ApiClient, id: string, change: ProductPatch) =>
  api.patch<Product>(productPath(id), change);

export const saveSplits = (
  api: ApiClient,
  id: string,
  version: number,
  splitSets: SplitSetInput[],
) => api.put<Product>(`${productPath(id)}/splits`, { version, splitSets });

export const readDefaultSplits = (api: ApiClient) => api.get<DefaultSplits>('default-splits');

export const saveDefaultSplits = (api: ApiClient, version: number, splitSets: SplitSetInput[]) =>
  api.put<DefaultSplits>('default-splits', { version, splitSets });

export const productEvents = (api: ApiClient, id: string) =>
  api.get<ProductEventList>(`${productPath(id)}/events`);

/**
 * The contract leaves the input open, as api/ names none of the engine's types: it is one, but its
 * records, which come as a record table, in the bytes the server sent.
 */
export type EnginePreviewAnswer = Omit<PreviewInputAnswer, 'input' | 'records'> & {
  input: Omit<EngineInput, 'records'> | null;
  records: Uint8Array | null;
};

/** An answer that has a statement: its input and records are there too. */
export interface StatementPreviewAnswer {
  statement: NonNullable<PreviewInputAnswer['statement']>;
  input: Omit<EngineInput, 'records'>;
  records: Uint8Array;
}

const LINE_BREAK = 10;

/**
 * The preview input in two parts (`format=table`): the statement and input are the JSON of the
 * first line; the record table, the rest of the bytes, goes to the engine worker as it came.
 */
export async function previewInput(api: ApiClient, id: string): Promise<EnginePreviewAnswer> {
  const bytes = await api.get(`${productPath(id)}/preview-input`, {
    query: { format: 'table' },
    format: 'bytes',
  });
  const lineEnd = bytes.indexOf(LINE_BREAK);
  const head = JSON.parse(new TextDecoder().decode(bytes.subarray(0, lineEnd))) as Omit<
    EnginePreviewAnswer,
    'records'
  >;
  return { ...head, records: head.statement === null ? null : bytes.subarray(lineEnd + 1) };
}

export const listPresets = (api: ApiClient) => api.get<PresetList>('presets');

export const createPreset = (api: ApiClient, name: string, shares: Share[]) =>
  api.post<Preset>('presets', { name, shares });

export const searchPayees = (api: ApiClient, q: string, signal?: AbortSignal, limit = 20) =>
  api.get<UserList>('users', { query: { q, limit }, ...(signal ? { signal } : {}) });
