import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../api/client';
import type { Product } from './catalogApi';

/** The most users the name lookup reads at once. */
const NAME_LOOKUP_LIMIT = 1000;

/** Payee names by id: the product's own lines, then the account's users (presets and history name ids only). */
export function useKnownNames(
  api: ApiClient,
  product: Pick<Product, 'splitSets'>,
  lookUp: boolean,
) {
  const [users, setUsers] = useState<Map<string, string>>(() => new Map());
  useEffect(() => {
    if (!lookUp) return;
    let cancelled = false;
    api
      .get<{ items: { id: string; fullname: string }[] }>('users', {
        query: { limit: NAME_LOOKUP_LIMIT },
        quiet: true,
      })
      .then(
        (answer) =>
          !cancelled && setUsers(new Map(answer.items.map((user) => [user.id, user.fullname]))),
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [api, lookUp]);

  return useMemo(() => {
    const names = new Map(users);
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
