// The calls of a label's product requests and the overseer's decisions (server/routes/productRequests.ts).
import type { ApiClient } from '../api/client';
import type {
  NewProductRequest,
  ProductRequest,
  ProductRequestList,
  ProductRequestState,
} from '../../api/productRequests';

export const listProductRequests = (
  api: ApiClient,
  query: { statementId?: string; status?: ProductRequestState },
  signal?: AbortSignal,
) => api.get<ProductRequestList>('product-requests', { query, ...(signal ? { signal } : {}) });

export const requestProduct = (api: ApiClient, request: NewProductRequest) =>
  api.post<ProductRequest>('product-requests', request);

export const createRequestedProduct = (api: ApiClient, id: string) =>
  api.post<ProductRequest>(`product-requests/${encodeURIComponent(id)}/create`);

export const refuseProductRequest = (api: ApiClient, id: string, reason: string) =>
  api.post<ProductRequest>(`product-requests/${encodeURIComponent(id)}/refuse`, { reason });
