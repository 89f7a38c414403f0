import { replayAll } from '../events/replay';
import { openConfiguredDatabase } from './environment';

// npm run replay: rebuild every read model from the event log (same DATA_DIR / DATABASE_URL as the server).
const db = await openConfiguredDatabase();
try {
  const started = performance.now();
  const count = await replayAll(db);
  console.log(`Replayed ${count} events in ${Math.round(performance.now() - started)} ms.`);
} finally {
  await db.close();
}
