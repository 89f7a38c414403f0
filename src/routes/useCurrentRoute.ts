import { useMatches } from 'react-router';
import type { AppRoute } from './types';

export interface RouteHandle {
  route: AppRoute;
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  !!handle && typeof handle === 'object' && 'route' in handle;

/** The table entry of the deepest matched route, with its path parameters. */
export function useCurrentRoute(): { route: AppRoute | null; params: Record<string, string> } {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index];
    if (match && isRouteHandle(match.handle)) {
      const params = Object.fromEntries(
        Object.entries(match.params).filter((entry): entry is [string, string] => !!entry[1]),
      );
      return { route: match.handle.route, params };
    }
  }
  return { route: null, params: {} };
}
