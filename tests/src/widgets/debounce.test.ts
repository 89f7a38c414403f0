import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, INPUT_DEBOUNCE_MS, TYPEAHEAD_DEBOUNCE_MS } from '../../../src/widgets/debounce';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the delays of SPEC section 9', () => {
    expect(INPUT_DEBOUNCE_MS).toBe(200);
    expect(TYPEAHEAD_DEBOUNCE_MS).toBe(500);
  });

  it('calls once with the last arguments after the wait', () => {
    const run = vi.fn();
    const later = debounce(run, INPUT_DEBOUNCE_MS);
    later('a');
    vi.advanceTimersByTime(150);
    later('ab');
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    expect(later.pending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledExactlyOnceWith('ab');
    expect(later.pending()).toBe(false);
  });

  it('runs a pending call at once on flush, and drops it on cancel', () => {
    const run = vi.fn();
    const later = debounce(run, 500);
    later('x');
    later.flush();
    expect(run).toHaveBeenCalledExactlyOnceWith('x');
    later.flush();
    later('y');
    later.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledOnce();
  });
});
