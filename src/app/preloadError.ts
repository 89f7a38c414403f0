/**
 * SPEC section 8: a page chunk that fails to load raises a preload-error event (Vite's
 * `vite:preloadError`). It usually means the portal was updated since this tab opened and the old
 * files are gone: the tab reloads once to pick up the new ones. A second failure within a minute
 * is not reloaded again (that would loop while offline); the page says it could not load instead.
 */
export const PRELOAD_RELOAD_KEY = 'portal:preload-reload';
export const PRELOAD_RELOAD_WINDOW_MS = 60_000;

export interface PreloadErrorDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  reload: () => void;
}

/** Handles one preload-error event; true when the tab reloads. */
export function onPreloadError(event: Event, deps: PreloadErrorDeps): boolean {
  let last = Number.NaN;
  try {
    last = Number(deps.storage?.getItem(PRELOAD_RELOAD_KEY) ?? Number.NaN);
  } catch {
    // Storage refused: reload as if for the first time, but only if the mark can be written.
  }
  if (Number.isFinite(last) && deps.now() - last < PRELOAD_RELOAD_WINDOW_MS) return false;
  try {
    if (!deps.storage) return false;
    deps.storage.setItem(PRELOAD_RELOAD_KEY, String(deps.now()));
  } catch {
    // Without a mark a reload could loop: the page shows its message instead.
    return false;
  }
  event.preventDefault();
  deps.reload();
  return true;
}

function sessionStorageOf(target: Window): Storage | null {
  try {
    return target.sessionStorage;
  } catch {
    // Reading it throws where storage is blocked.
    return null;
  }
}

/** Installed once at start (main.tsx); returns the way to remove it. */
export function listenForPreloadErrors(target: Window = window): () => void {
  const handler = (event: Event) => {
    onPreloadError(event, {
      storage: sessionStorageOf(target),
      now: Date.now,
      reload: () => target.location.reload(),
    });
  };
  target.addEventListener('vite:preloadError', handler);
  return () => target.removeEventListener('vite:preloadError', handler);
}
