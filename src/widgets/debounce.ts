/** SPEC section 9: inputs update after 200 ms, type-ahead searches after 500 ms. */
export const INPUT_DEBOUNCE_MS = 200;
export const TYPEAHEAD_DEBOUNCE_MS = 500;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Runs a pending call now. */
  flush: () => void;
  cancel: () => void;
  pending: () => boolean;
}

/** Calls `run` once `waitMs` have passed without another call, with the last arguments. */
export function debounce<A extends unknown[]>(
  run: (...args: A) => void,
  waitMs: number,
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastArgs: A | undefined;
  const fire = () => {
    timer = undefined;
    const args = lastArgs;
    lastArgs = undefined;
    if (args) run(...args);
  };
  const debounced = (...args: A) => {
    lastArgs = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(fire, waitMs);
  };
  debounced.flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    fire();
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
  };
  debounced.pending = () => timer !== undefined;
  return debounced;
}
