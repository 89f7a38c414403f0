import Dexie from 'dexie';
import type { HistoryEvent } from '../../api/history';
import { bySeq, memoryMirror, type MirrorStore } from './catchUp';

/** A kept event, under the history it belongs to (whose, which kind, which thing). */
interface KeptEvent extends HistoryEvent {
  key: string;
}

interface KeptHead {
  key: string;
  lastSeq: string;
}

/** The histories this browser has read, so they can be stepped through again offline. */
class HistoryMirrorDb extends Dexie {
  events!: Dexie.Table<KeptEvent, [string, string]>;
  heads!: Dexie.Table<KeptHead, string>;

  constructor() {
    super('portal-history-mirror');
    this.version(1).stores({ events: '[key+seq], key', heads: 'key' });
  }
}

const greater = (a: string, b: string) => (BigInt(a) > BigInt(b) ? a : b);

function dexieMirror(db: HistoryMirrorDb): MirrorStore {
  return {
    lastSeq: async (key) => (await db.heads.get(key))?.lastSeq ?? '0',
    keep: (key, events) =>
      db.transaction('rw', db.events, db.heads, async () => {
        // The key holds the seq: putting an event kept before replaces it with itself.
        await db.events.bulkPut(events.map((event) => ({ ...event, key })));
        const head = (await db.heads.get(key))?.lastSeq ?? '0';
        const last = events.reduce((highest, event) => greater(highest, event.seq), head);
        await db.heads.put({ key, lastSeq: last });
      }),
    read: async (key) => {
      const kept = await db.events.where('key').equals(key).toArray();
      return kept.map(({ key: _key, ...event }) => event).sort(bySeq);
    },
  };
}

let mirror: MirrorStore | null = null;

/** IndexedDB through Dexie; in memory where the browser has none (private modes). */
export function historyMirror(): MirrorStore {
  mirror ??= typeof indexedDB === 'undefined' ? memoryMirror() : dexieMirror(new HistoryMirrorDb());
  return mirror;
}
