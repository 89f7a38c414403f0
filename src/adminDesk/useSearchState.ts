import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters kept in the address, so a filtered view can be linked to (the overview links to the
 * logs of one statement) and survives a reload. Changing a filter goes back to the first page.
 */
export function useSearchState<Name extends string>(
  names: readonly Name[],
): {
  values: Record<Name, string>;
  offset: number;
  set: (name: Name | 'offset', value: string) => void;
  /** Several filters at once (a tab and the filters it drops). */
  setMany: (changes: Partial<Record<Name, string>>) => void;
} {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<
    Name,
    string
  >;
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const set = useCallback(
    (name: Name | 'offset', value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          if (name !== 'offset') next.delete('offset');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setMany = useCallback(
    (changes: Partial<Record<Name, string>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries<string | undefined>(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          next.delete('offset');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { values, offset, set, setMany };
}
