import { useCallback, useEffect, useMemo, useState, type DependencyList } from 'react';

/**
 * Reads something for a component; the signal aborts when the answer is no longer wanted.
 * Answering `null` instead of a promise reads nothing this time and keeps the state as it is.
 */
export type Loader<T> = (signal: AbortSignal) => Promise<T> | null;

/**
 * `loading` until the first answer. A failure keeps the last good data: the API client has
 * already shown the failure (toast, session expiry), so the component only picks what to render.
 */
export type Loaded<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined }
  | { status: 'failed'; data: T | undefined; error: unknown };

export type Load<T> = Loaded<T> & {
  /** Runs the loader again with the same deps. */
  reload: () => void;
};

export interface LoadOptions {
  /** Values the loader does not read whose change reads again (a version, a generation). */
  reloadOn?: DependencyList;
}

const LOADING = { status: 'loading', data: undefined, error: undefined } as const;

/**
 * Runs `loader` whenever `deps` change (like an effect) and on `reload()`. The last answer stays
 * on screen while a newer one is on its way; the answer of a superseded run is dropped, and a run
 * is aborted when superseded or unmounted.
 */
export function useLoad<T>(
  loader: Loader<T>,
  deps: DependencyList,
  { reloadOn = [] }: LoadOptions = {},
): Load<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>(LOADING);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const current = () => !controller.signal.aborted;
    const run = () =>
      loader(controller.signal)?.then(
        (data) => {
          if (!current()) return;
          setLoaded({ status: 'ready', data, error: undefined });
        },
        (error: unknown) =>
          current() && setLoaded((previous) => ({ status: 'failed', data: previous.data, error })),
      );
    void run();
    return () => controller.abort();
    // The caller's deps decide when to load again, as with useEffect (checked: eslint settings).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, ...reloadOn, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return useMemo(() => ({ ...loaded, reload }), [loaded, reload]);
}
