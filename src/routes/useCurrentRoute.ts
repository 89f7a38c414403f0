import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { ROUTES } from './table';
import type { AppRoute } from './types';

// The shell serves every route of the table (tests/src/shell checks it), so matching the table
// finds the route the router shows; anything else is the not-found page.
const MATCHABLE = ROUTES.map((route) => ({ path: route.path, route }));

/** The table entry of the route shown, with its path parameters. */
export function useCurrentRoute(): { route: AppRoute | null; params: Record<string, string> } {
  // Matched by the path alone: a new search (a tab chosen) is the same route with the same
  // parameters, the same objects for whoever depends on them.
  const { pathname } = useLocation();
  return useMemo(() => {
    const match = matchRoutes(MATCHABLE, pathname)?.at(-1);
    if (!match) return { route: null, params: {} };
    const params = Object.fromEntries(
      Object.entries(match.params).filter((entry): entry is [string, string] => !!entry[1]),
    );
    return { route: match.route.route, params };
  }, [pathname]);
}
