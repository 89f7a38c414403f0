import Dexie, { type EntityTable } from 'dexie';
import type { StatementHistoryEvent } from '../../api/statements';

/** A seen event, keyed by its statement and stream version. */
interface StoredEvent extends StatementHistoryEvent {
  statementId: string;
}

interface SeenStatement {
  id: string;
  title: string;
  /** Epoch seconds of the last copy taken. */
  savedAt: number;
}

/** The statement streams this browser has seen, so an admin can replay them offline. */
class StatementHistoryDb extends Dexie {
  events!: Dexie.Table<StoredEvent, [string, number]>;
  statements!: EntityTable<SeenStatement, 'id'>;

  constructor() {
    super('portal-statement-history');
    this.version(1).stores({
      events: '[statementId+version], statementId',
      statements: 'id',
    });
  }
}

let database: StatementHistoryDb | null = null;

/** Null where the browser has no IndexedDB (tests, private modes): the page works online only. */
function historyDb(): StatementHistoryDb | null {
  if (typeof indexedDB === 'undefined') return null;
  database ??= new StatementHistoryDb();
  return database;
}

/** Keeps a copy of the events; events are append-only, so a put never loses anything. */
export async function saveHistory(
  statementId: string,
  title: string,
  events: readonly StatementHistoryEvent[],
): Promise<void> {
  const db = historyDb();
  if (!db) return;
  await db.transaction('rw', db.events, db.statements, async () => {
    await db.events.bulkPut(events.map((event) => ({ ...event, statementId })));
    await db.statements.put({ id: statementId, title, savedAt: Math.floor(Date.now() / 1000) });
  });
}

/** The copy kept of a statement's events, in stream order; null when none was kept. */
export async function loadHistory(
  statementId: string,
): Promise<{ title: string; savedAt: number; events: StatementHistoryEvent[] } | null> {
  const db = historyDb();
  if (!db) return null;
  const seen = await db.statements.get(statementId);
  if (!seen) return null;
  const stored = await db.events.where('statementId').equals(statementId).sortBy('version');
  const events = stored.map(({ statementId: _statementId, ...event }) => event);
  return { title: seen.title, savedAt: seen.savedAt, events };
}
