import { BehaviorSubject, Observable, Subject } from 'rxjs';
import type { LiveEvent } from '../../api/events';

/** Whether the live stream is up: `down` tells the views they may be out of date. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down';

/** The part of the browser's EventSource the stream uses, so tests can hand in their own. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveEventsOptions {
  /** Opens the stream at this address. */
  open: (url: string) => EventSourceLike;
  /** The csrf token GETs carry (SPEC section 7). */
  csrf: () => string | undefined;
  /** Waits before each new attempt after the stream failed; the last one repeats. */
  backoffMs?: readonly number[];
  /** With no message (heartbeats included) for this long, the stream is taken as dead. */
  silenceMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const CLOSED = 2;
const REMEMBERED = 500;

/**
 * The tab's one connection to `GET /api/events/stream`, as rxjs observables: `changes$` each
 * change the signed-in person may see (once, however often a reconnection sends it), `reset$`
 * when too much was missed to send it all, and `status$`. When the stream fails it is opened
 * again with growing pauses, from the last id received, so nothing committed meanwhile is lost.
 */
export class LiveEvents {
  readonly status$ = new BehaviorSubject<LiveStatus>('idle');
  private readonly changeSubject = new Subject<LiveEvent>();
  private readonly resetSubject = new Subject<void>();
  readonly changes$: Observable<LiveEvent> = this.changeSubject.asObservable();
  readonly reset$: Observable<void> = this.resetSubject.asObservable();
  private source: EventSourceLike | null = null;
  private lastId: string | null = null;
  private readonly seen: string[] = [];
  private readonly seenSet = new Set<string>();
  private failures = 0;
  private retryTimer: unknown = null;
  private silenceTimer: unknown = null;
  private wanted = false;
  private readonly backoffMs: readonly number[];
  private readonly silenceMs: number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly options: LiveEventsOptions) {
    this.backoffMs = options.backoffMs ?? [1000, 2000, 5000, 10_000, 30_000];
    this.silenceMs = options.silenceMs ?? 45_000;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer =
      options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /**
   * The changes that pass `test`, and `null` for each reset (read everything again). Built on the
   * two subjects directly: RxJS's merge and its operators would add 2 KB to every screen's code.
   */
  watch(test: (event: LiveEvent) => boolean): Observable<LiveEvent | null> {
    return new Observable<LiveEvent | null>((subscriber) => {
      const changes = this.changes$.subscribe((event) => {
        if (test(event)) subscriber.next(event);
      });
      const resets = this.reset$.subscribe(() => subscriber.next(null));
      return () => {
        changes.unsubscribe();
        resets.unsubscribe();
      };
    });
  }

  connect(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.open();
  }

  disconnect(): void {
    this.wanted = false;
    this.closeSource();
    this.clearTimer(this.retryTimer);
    this.retryTimer = null;
    this.status$.next('idle');
  }

  private open(): void {
    if (!this.wanted) return;
    this.closeSource();
    this.status$.next(this.status$.value === 'down' ? 'down' : 'connecting');
    const params = new URLSearchParams({ csrf: this.options.csrf() ?? '' });
    if (this.lastId) params.set('after', this.lastId);
    const source = this.options.open(`/api/events/stream?${params.toString()}`);
    this.source = source;
    source.onopen = () => {
      if (this.source !== source) return;
      this.failures = 0;
      this.status$.next('open');
      this.expectMessage();
    };
    source.onerror = () => {
      if (this.source !== source) return;
      // The browser retries a dropped connection itself, with Last-Event-ID; a refused one
      // (signed out, server error) is closed for good and opened again here, after a pause.
      this.status$.next('down');
      if (source.readyState === CLOSED) this.retryLater();
    };
    const message =
      (handle: (event: MessageEvent<string>) => void) => (event: MessageEvent<string>) => {
        if (this.source !== source) return;
        if (event.lastEventId) this.lastId = event.lastEventId;
        if (this.status$.value !== 'open') this.status$.next('open');
        this.expectMessage();
        handle(event);
      };
    source.addEventListener(
      'change',
      message((event) => this.receive(event.data)),
    );
    source.addEventListener(
      'reset',
      message(() => this.resetSubject.next()),
    );
    source.addEventListener(
      'heartbeat',
      message(() => undefined),
    );
  }

  private receive(data: string): void {
    let change: LiveEvent;
    try {
      change = JSON.parse(data) as LiveEvent;
    } catch {
      return;
    }
    if (this.seenSet.has(change.seq)) return;
    this.seenSet.add(change.seq);
    this.seen.push(change.seq);
    if (this.seen.length > REMEMBERED) this.seenSet.delete(this.seen.shift() ?? '');
    this.changeSubject.next(change);
  }

  /** A stream silent for longer than its heartbeats allow is dead even if the socket says not. */
  private expectMessage(): void {
    this.clearTimer(this.silenceTimer);
    this.silenceTimer = this.setTimer(() => {
      this.status$.next('down');
      this.retryLater();
    }, this.silenceMs);
  }

  private retryLater(): void {
    this.closeSource();
    if (!this.wanted || this.retryTimer !== null) return;
    const pause = this.backoffMs[Math.min(this.failures, this.backoffMs.length - 1)] ?? 30_000;
    this.failures += 1;
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      this.open();
    }, pause);
  }

  private closeSource(): void {
    this.clearTimer(this.silenceTimer);
    this.silenceTimer = null;
    this.source?.close();
    this.source = null;
  }
}

/**
 * Calls `run` once for each burst of `changes`: `settleMs` after the first of it, for it and for
 * those that arrive meanwhile. Answers the stop, which also drops a call still waiting.
 */
export function onSettled(
  changes: Observable<unknown>,
  settleMs: number,
  run: () => void,
): () => void {
  let settling: ReturnType<typeof setTimeout> | null = null;
  const subscription = changes.subscribe(() => {
    settling ??= setTimeout(() => {
      settling = null;
      run();
    }, settleMs);
  });
  return () => {
    subscription.unsubscribe();
    if (settling !== null) clearTimeout(settling);
  };
}
