import { describe, expect, it } from 'vitest';
import {
  PRELOAD_RELOAD_KEY,
  PRELOAD_RELOAD_WINDOW_MS,
  onPreloadError,
} from '../../../src/app/preloadError';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const preloadError = () => new Event('vite:preloadError', { cancelable: true });

describe('a page chunk that fails to load', () => {
  it('reloads the tab once, so an updated portal is picked up, and keeps the error from the page', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const event = preloadError();
    const reloaded = onPreloadError(event, { storage, now: () => 1_000, reload: () => reloads++ });
    expect(reloaded).toBe(true);
    expect(reloads).toBe(1);
    expect(event.defaultPrevented).toBe(true);
    expect(storage.getItem(PRELOAD_RELOAD_KEY)).toBe('1000');
  });

  it('does not reload again within a minute: the page says it could not load instead', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const deps = (now: number) => ({ storage, now: () => now, reload: () => reloads++ });
    onPreloadError(preloadError(), deps(1_000));
    const second = preloadError();
    expect(onPreloadError(second, deps(1_000 + PRELOAD_RELOAD_WINDOW_MS - 1))).toBe(false);
    expect(second.defaultPrevented).toBe(false);
    expect(reloads).toBe(1);
    // A failure long after (another update) reloads again.
    expect(onPreloadError(preloadError(), deps(1_000 + PRELOAD_RELOAD_WINDOW_MS))).toBe(true);
    expect(reloads).toBe(2);
  });

  it('never reloads when it cannot remember having done so (storage refused)', () => {
    let reloads = 0;
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(
      onPreloadError(preloadError(), { storage: refusing, now: () => 1, reload: () => reloads++ }),
    ).toBe(false);
    expect(
      onPreloadError(preloadError(), { storage: null, now: () => 1, reload: () => reloads++ }),
    ).toBe(false);
    expect(reloads).toBe(0);
  });
});
