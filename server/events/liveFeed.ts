import type { Database } from '../db/database';
import { EVENTS_CHANNEL, readAllEvents } from './store';
import type { StoredEvent } from './types';

/** Events newly committed, and the mark every sequence number up to which has been delivered. */
export interface LiveBatch {
  events: StoredEvent[];
  mark: string;
}

export interface LiveFeedOptions {
  /**
   * How long a missing sequence number is waited for before it is taken as never coming (a
   * transaction that rolled back). A transaction that took its number earlier than this before
   * committing would be missed by open streams; the browser reads again on navigation.
   */
  gapWaitMs?: number;
  /** The feed also reads on this beat, so a lost notification delays an event, never loses it. */
  beatMs?: number;
  now?: () => number;
}

const PAGE = 1000;

/**
 * The events as they commit, read once per process for every open stream. A commit announces
 * itself on `EVENTS_CHANNEL` (PostgreSQL's NOTIFY, from any process, or PGlite's own); the feed
 * then reads the events table after its mark. Sequence numbers are taken before commit, so a
 * later number can commit first: the feed delivers each event once as it becomes visible, and
 * its mark only passes a number once that number's event was delivered or given up on.
 */
export class LiveFeed {
  private mark = 0n;
  /** Delivered sequence numbers above the mark, waiting for the ones below them. */
  private readonly above = new Set<bigint>();
  private gapSince: number | null = null;
  private readonly listeners = new Set<(batch: LiveBatch) => void>();
  private started: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private beat: ReturnType<typeof setInterval> | undefined;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private closed = false;
  private readonly gapWaitMs: number;
  private readonly beatMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    options: LiveFeedOptions = {},
  ) {
    this.gapWaitMs = options.gapWaitMs ?? 30_000;
    this.beatMs = options.beatMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** Starts on the first stream opened, so a process nobody watches live does no extra work. */
  start(): Promise<void> {
    this.started ??= (async () => {
      const rows = await this.db.query<{ seq: string | null }>(
        'select max(seq)::text as seq from events',
      );
      this.mark = BigInt(rows[0]?.seq ?? '0');
      this.stopListening = await this.db.listen(EVENTS_CHANNEL, () => void this.wake());
      this.beat = setInterval(() => void this.wake(), this.beatMs);
      this.beat.unref();
    })();
    return this.started;
  }

  /** Every sequence number up to this one has been delivered (or will never exist). */
  get delivered(): string {
    return String(this.mark);
  }

  subscribe(listener: (batch: LiveBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads what committed since the last read; a call while reading reads once more after it. */
  wake(): Promise<void> {
    if (this.closed || !this.started) return Promise.resolve();
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.readAgain = false;
          await this.read();
        } while (this.readAgain && !this.closed);
      } catch {
        // The database is briefly out of reach: the next notification or beat reads again.
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.beat);
    await this.reading;
    await this.stopListening?.();
    this.listeners.clear();
  }

  private async read(): Promise<void> {
    const fresh: StoredEvent[] = [];
    let after = String(this.mark);
    for (;;) {
      const page = await readAllEvents(this.db, after, PAGE);
      for (const event of page) {
        const seq = BigInt(event.seq);
        if (this.above.has(seq)) continue;
        this.above.add(seq);
        fresh.push(event);
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1]?.seq ?? after;
    }
    const before = this.mark;
    this.advance();
    if (fresh.length === 0 && this.mark === before) return;
    const batch: LiveBatch = { events: fresh, mark: String(this.mark) };
    for (const listener of this.listeners) listener(batch);
  }

  /** Moves the mark over every delivered number, and over a gap waited for long enough. */
  private advance(): void {
    for (;;) {
      while (this.above.delete(this.mark + 1n)) this.mark += 1n;
      if (this.above.size === 0) {
        this.gapSince = null;
        return;
      }
      const time = this.now();
      this.gapSince ??= time;
      if (time - this.gapSince < this.gapWaitMs) return;
      this.mark += 1n;
      this.gapSince = null;
    }
  }
}
