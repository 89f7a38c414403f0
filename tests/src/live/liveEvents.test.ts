import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../api/events';
import { LiveEvents, onSettled, type EventSourceLike } from '../../../src/live/liveEvents';

/** An EventSource the test drives: it opens, sends, fails and closes when told. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  opened(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(type: string, data: unknown, lastEventId = ''): void {
    const event = { data: JSON.stringify(data), lastEventId } as MessageEvent<string>;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** A refused or broken connection the browser gives up on. */
  refused(): void {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const live = new LiveEvents({
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    csrf: () => 'token',
    backoffMs: [100, 200, 400],
    silenceMs: 1000,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      if (timer) (timer as { cleared: boolean }).cleared = true;
    },
  });
  /** Runs the pending timers of `ms`, as if that much time passed. */
  const elapse = (ms: number) => {
    for (const timer of timers.filter((t) => !t.cleared && t.ms === ms)) {
      timer.cleared = true;
      timer.run();
    }
  };
  return { live, sources, timers, elapse, last: () => sources[sources.length - 1] as FakeSource };
}

const change = (seq: string, streamId = 'statement-s1'): LiveEvent => ({
  seq,
  streamId,
  type: 'StatementCalculated',
  at: 1,
});

describe('the live stream in the browser', () => {
  it('opens one stream with the csrf token and passes each change on once', () => {
    const { live, sources, last } = harness();
    const seen: string[] = [];
    live.changes$.subscribe((event) => seen.push(event.seq));
    live.connect();
    live.connect();
    expect(sources).toHaveLength(1);
    expect(last().url).toBe('/api/events/stream?csrf=token');
    last().opened();
    expect(live.status$.value).toBe('open');
    last().send('change', change('5'), '5');
    last().send('change', change('5'), '5');
    last().send('change', change('6'), '6');
    expect(seen).toEqual(['5', '6']);
  });

  it('filters by stream and passes a reset on as null', () => {
    const { live, last } = harness();
    const seen: (string | null)[] = [];
    live
      .watch((event) => event.streamId === 'payment-p1')
      .subscribe((event) => seen.push(event?.seq ?? null));
    live.connect();
    last().opened();
    last().send('change', change('7', 'statement-s1'), '7');
    last().send('change', change('8', 'payment-p1'), '8');
    last().send('reset', {}, '9');
    expect(seen).toEqual(['8', null]);
  });

  it('says the view may be stale when the stream fails, and reopens it from the last id with growing pauses', () => {
    const { live, sources, last, elapse } = harness();
    live.connect();
    last().opened();
    last().send('change', change('12'), '12');
    last().refused();
    expect(live.status$.value).toBe('down');
    expect(sources).toHaveLength(1);
    elapse(100);
    expect(sources).toHaveLength(2);
    expect(last().url).toBe('/api/events/stream?csrf=token&after=12');
    last().refused();
    elapse(100);
    expect(sources).toHaveLength(2);
    elapse(200);
    expect(sources).toHaveLength(3);
    last().opened();
    expect(live.status$.value).toBe('open');
  });

  it('takes a stream with no heartbeat for too long as dead', () => {
    const { live, sources, last, elapse } = harness();
    live.connect();
    last().opened();
    elapse(1000);
    expect(live.status$.value).toBe('down');
    expect(sources[0]?.closed).toBe(true);
    elapse(100);
    expect(sources).toHaveLength(2);
  });

  it('closes the stream and stops reconnecting when the person signs out', () => {
    const { live, sources, last, elapse } = harness();
    live.connect();
    last().opened();
    last().refused();
    live.disconnect();
    elapse(100);
    expect(sources).toHaveLength(1);
    expect(live.status$.value).toBe('idle');
  });
});

describe('a view reading again after changes', () => {
  afterEach(() => vi.useRealTimers());

  it('reads once per burst, the wait counted from its first change, and never after it stopped', () => {
    vi.useFakeTimers();
    const changes = new Subject<string>();
    let reads = 0;
    const stop = onSettled(changes, 150, () => (reads += 1));
    changes.next('a');
    vi.advanceTimersByTime(100);
    changes.next('b');
    vi.advanceTimersByTime(49);
    expect(reads).toBe(0);
    // 150 ms after the first change, not after the last: a steady stream still shows.
    vi.advanceTimersByTime(1);
    expect(reads).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(reads).toBe(1);
    changes.next('c');
    vi.advanceTimersByTime(150);
    expect(reads).toBe(2);
    // A change waiting when the view goes is never read.
    changes.next('d');
    stop();
    vi.advanceTimersByTime(1000);
    changes.next('e');
    vi.advanceTimersByTime(1000);
    expect(reads).toBe(2);
  });
});
