import { useCallback, useState } from 'react';

/**
 * A loaded value the page changes locally (an edit, a save's answer, a chosen step). A new
 * `source` (a fresh answer of the loader; by default `base` itself) discards the local change,
 * as a fresh answer would overwrite the loaded value.
 */
export function useLocalCopy<T>(base: T, source: unknown = base): [T, (next: T) => void] {
  const [copy, setCopy] = useState<{ source: unknown; value: T } | null>(null);
  const value = copy !== null && copy.source === source ? copy.value : base;
  const change = useCallback((next: T) => setCopy({ source, value: next }), [source]);
  return [value, change];
}
