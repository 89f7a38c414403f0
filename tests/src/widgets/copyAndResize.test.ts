import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastRequest } from '../../../machines/toastsMachine';
import { COPY_TOAST_SECONDS, copyToClipboard } from '../../../src/widgets/copyToClipboard';
import { RESIZE_DEBOUNCE_MS, watchWindowSize } from '../../../src/widgets/windowSize';

const messages = { done: 'Copied to the clipboard', failed: 'Could not copy to the clipboard' };

describe('copy to clipboard', () => {
  it('copies the text and says so in an info toast lasting 2 s', async () => {
    const written: string[] = [];
    const toasts: ToastRequest[] = [];
    const copied = await copyToClipboard('acc-123', {
      clipboard: { writeText: (text) => Promise.resolve(void written.push(text)) },
      notify: (toast) => toasts.push(toast),
      messages,
    });
    expect(copied).toBe(true);
    expect(written).toEqual(['acc-123']);
    expect(COPY_TOAST_SECONDS).toBe(2);
    expect(toasts).toEqual([{ type: 'info', content: 'Copied to the clipboard', timer: 2 }]);
  });

  it('says in an error toast when the browser refuses or has no clipboard', async () => {
    const toasts: ToastRequest[] = [];
    const notify = (toast: ToastRequest) => toasts.push(toast);
    const refused = { writeText: () => Promise.reject(new Error('NotAllowedError')) };
    expect(await copyToClipboard('x', { clipboard: refused, notify, messages })).toBe(false);
    expect(await copyToClipboard('x', { clipboard: undefined, notify, messages })).toBe(false);
    expect(toasts.map((toast) => [toast.type, toast.content])).toEqual([
      ['error', 'Could not copy to the clipboard'],
      ['error', 'Could not copy to the clipboard'],
    ]);
  });
});

describe('window resize', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const fakeWindow = () => {
    const target = new EventTarget() as EventTarget & { innerWidth: number; innerHeight: number };
    target.innerWidth = 1200;
    target.innerHeight = 800;
    return target;
  };

  it('follows only the last size, 200 ms after resizing stops', () => {
    const target = fakeWindow();
    const sizes: { width: number; height: number }[] = [];
    watchWindowSize(target, (size) => sizes.push(size));
    expect(RESIZE_DEBOUNCE_MS).toBe(200);
    for (const width of [1100, 1000, 900]) {
      target.innerWidth = width;
      target.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(150);
    }
    expect(sizes).toEqual([]);
    vi.advanceTimersByTime(49);
    expect(sizes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sizes).toEqual([{ width: 900, height: 800 }]);
  });

  it('stops listening, a pending resize included, when unwatched', () => {
    const target = fakeWindow();
    const sizes: unknown[] = [];
    const stop = watchWindowSize(target, (size) => sizes.push(size));
    target.dispatchEvent(new Event('resize'));
    stop();
    target.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(1000);
    expect(sizes).toEqual([]);
  });
});
