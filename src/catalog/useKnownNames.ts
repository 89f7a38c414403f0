import { useMemo } from 'react';
import type { ApiClient } from '../api/client';
import { useLoad } from '../app/useLoad';
import type { Product } from '../../api/products';

/** The most users the name lookup reads at once. */
const NAME_LOOKUP_LIMIT = 1000;

/** Payee names by id: the product's own lines, then the account's users (presets and history name ids only). */
export function useKnownNames(
  api: ApiClient,
  product: Pick<Product, 'splitSets'>,
  lookUp: boolean,
) {
  const { data: users } = useLoad(
    (signal) =>
      lookUp
        ? api.get<{ items: { id: string; fullname: string }[] }>('users', {
            query: { limit: NAME_LOOKUP_LIMIT },
            quiet: true,
            signal,
          })
        : null,
    [api, lookUp],
  );

  return useMemo(() => {
    const names = new Map(users?.items.map((user) => [user.id, user.fullname]));
    for (const set of product.splitSets) {
      for (const share of set.shares) {
        for (const line of [share, ...share.members]) {
          if (line.payeeId && line.fullname) names.set(line.payeeId, line.fullname);
        }
      }
    }
    return (payeeId: string) => names.get(payeeId) ?? payeeId;
  }, [users, product]);
}
