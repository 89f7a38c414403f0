// The browser's mirror of a history: what it holds is read again only from the last sequence
// number it keeps, so each event crosses the network once and is kept once.
import type { HistoryEvent, StreamHistory } from '../../api/history';

export interface MirrorStore {
  /** The highest sequence number kept of this history; '0' when none is. */
  lastSeq(key: string): Promise<string>;
  /** Keeps `events`; an event already kept stays one event. */
  keep(key: string, events: readonly HistoryEvent[]): Promise<void>;
  /** Every event kept of this history, in sequence order. */
  read(key: string): Promise<HistoryEvent[]>;
}

/** One answer of the server: the history's events after `after`, and whether more follow. */
export type PageReader = (after: string) => Promise<StreamHistory>;

export interface CaughtUp {
  events: HistoryEvent[];
  /** How many events this catch-up read from the server. */
  fetched: number;
  /** The server could not be reached: the events are the copy this browser kept. */
  offline: boolean;
}

export const bySeq = (a: HistoryEvent, b: HistoryEvent) => {
  const difference = BigInt(a.seq) - BigInt(b.seq);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
};

/** An aborted read, or a refusal (403, 404): the server answered, so no copy stands in for it. */
function isAnswer(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as Error & { status?: unknown }).status;
  return (
    error.name === 'AbortError' || (typeof status === 'number' && status >= 400 && status < 500)
  );
}

/** Reads what the server has after the last event kept, keeps it, and answers the whole history. */
export async function catchUp(
  store: MirrorStore,
  key: string,
  readPage: PageReader,
): Promise<CaughtUp> {
  let after = await store.lastSeq(key);
  let fetched = 0;
  let offline = false;
  try {
    for (;;) {
      const page = await readPage(after);
      const fresh = page.items.filter((event) => BigInt(event.seq) > BigInt(after));
      if (fresh.length > 0) {
        await store.keep(key, fresh);
        after = [...fresh].sort(bySeq).at(-1)?.seq ?? after;
        fetched += fresh.length;
      }
      // A page that brought nothing new ends it, whatever `more` says: no endless loop.
      if (!page.more || fresh.length === 0) break;
    }
  } catch (error) {
    if (isAnswer(error)) throw error;
    offline = true;
  }
  return { events: await store.read(key), fetched, offline };
}

/** A mirror kept in memory: where the browser has no IndexedDB, and in tests. */
export function memoryMirror(): MirrorStore {
  const kept = new Map<string, Map<string, HistoryEvent>>();
  const of = (key: string) => {
    let events = kept.get(key);
    if (!events) {
      events = new Map<string, HistoryEvent>();
      kept.set(key, events);
    }
    return events;
  };
  return {
    lastSeq: (key) => Promise.resolve([...of(key).values()].sort(bySeq).at(-1)?.seq ?? '0'),
    keep: (key, events) => {
      for (const event of events) of(key).set(event.seq, event);
      return Promise.resolve();
    },
    read: (key) => Promise.resolve([...of(key).values()].sort(bySeq)),
  };
}
