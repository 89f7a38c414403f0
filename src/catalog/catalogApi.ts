// The catalog calls of the API (server/routes/products.ts, defaultSplits.ts, presets.ts, users.ts),
// typed by the contract in api/.
import type { ApiClient } from '../api/client';
import { previewTableParts } from '../../engine/recordTable';
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
  /** Opened in the engine worker already, which read the records itself (previewStart.ts). */
  opened?: number;
};

/**
 * An answer that has a statement: its input, and its records, or the number of the statement the
 * engine worker opened with them when it read the answer itself (previewStart.ts).
 */
export interface StatementPreviewAnswer {
  statement: NonNullable<PreviewInputAnswer['statement']>;
  input: Omit<EngineInput, 'records'>;
  records: Uint8Array | null;
  opened?: number;
}

const previewInputPath = (id: string) => `${productPath(id)}/preview-input`;
const PREVIEW_INPUT_QUERY = { format: 'table' } as const;

/**
 * The address of the preview input's table form, for the engine worker to read it itself; what a
 * failure means is then the reader's to handle.
 */
export const previewInputAddress = (api: ApiClient, id: string) =>
  api.readAddress(previewInputPath(id), { query: PREVIEW_INPUT_QUERY });

/**
 * The preview input in two parts (`format=table`): the statement and input are the JSON of the
 * first line; the record table, the rest of the bytes, goes to the engine worker as it came.
 */
export async function previewInput(api: ApiClient, id: string): Promise<EnginePreviewAnswer> {
  const bytes = await api.get(previewInputPath(id), {
    query: PREVIEW_INPUT_QUERY,
    format: 'bytes',
  });
  const parts = previewTableParts(bytes);
  if (parts === null) throw new Error('The preview input is not in its table form.');
  return { ...(parts.head as Omit<EnginePreviewAnswer, 'records'>), records: parts.records };
}

export const listPresets = (api: ApiClient) => api.get<PresetList>('presets');

export const createPreset = (api: ApiClient, name: string, shares: Share[]) =>
  api.post<Preset>('presets', { name, shares });

export const searchPayees = (api: ApiClient, q: string, signal?: AbortSignal, limit = 20) =>
  api.get<UserList>('users', { query: { q, limit }, ...(signal ? { signal } : {}) });
