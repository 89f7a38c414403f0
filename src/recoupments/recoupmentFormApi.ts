// The calls of the recoupment form (server/routes/recoupments.ts, users.ts, products.ts).
import type { ApiClient } from '../api/client';
import type { ProductList } from '../../api/products';
import type { NewRecoupment, Recoupment, RecoupmentPatch } from '../../api/recoupments';
import type { UserList } from '../../api/users';

const recoupmentPath = (id: string) => `recoupments/${encodeURIComponent(id)}`;

export const readRecoupment = (api: ApiClient, id: string, signal?: AbortSignal) =>
  api.get<Recoupment>(recoupmentPath(id), signal ? { signal } : {});

/** Quiet: the form shows the server's refusal beside its fields. */
export const createRecoupment = (api: ApiClient, recoupment: NewRecoupment) =>
  api.post<Recoupment>('recoupments', recoupment, { quiet: true });

export const changeRecoupment = (api: ApiClient, id: string, change: RecoupmentPatch) =>
  api.patch<Recoupment>(recoupmentPath(id), change, { quiet: true });

/** The label's people and payees matching the text (creditor, debtors, warranter). */
export const searchPeople = (api: ApiClient, q: string, signal?: AbortSignal) =>
  api
    .get<UserList>('users', { query: { q, limit: 20 }, ...(signal ? { signal } : {}) })
    .then((answer) => answer.items);

export const searchProducts = (api: ApiClient, q: string, signal?: AbortSignal) =>
  api
    .get<ProductList>('products', { query: { q, limit: 20 }, ...(signal ? { signal } : {}) })
    .then((answer) => answer.items);
