import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { LiveFeed, type LiveBatch } from '../../../server/events/liveFeed';
import { freshDatabase } from '../harness';

/**
 * Sequence numbers are taken before commit, so a later number can become visible first. These
 * write rows with chosen numbers to play that out and check nothing is lost or sent twice. Each
 * test has a feed of its own, started above every number an earlier test wrote.
 */
describe('the live feed', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let feed: LiveFeed;
  let time: number;
  let batches: LiveBatch[];
  let base: bigint;

  const commit = (seq: bigint) =>
    db.query(
      `insert into events (seq, stream_id, stream_version, type, data, at)
       values ($1, $2, 1, 'ArtistCreated', '{}', now())`,
      [String(seq), `artist-feed-${seq}`],
    );
  const received = () => batches.flatMap((batch) => batch.events.map((event) => BigInt(event.seq)));

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
  });
  afterAll(() => drop());

  beforeEach(async () => {
    time = 0;
    batches = [];
    feed = new LiveFeed(db, { gapWaitMs: 1000, beatMs: 60_000, now: () => time });
    await feed.start();
    base = BigInt(feed.delivered);
    feed.subscribe((batch) => batches.push(batch));
  });
  afterEach(() => feed.close());

  it('delivers a later number that commits first, and the earlier one when it commits', async () => {
    await commit(base + 2n);
    await feed.wake();
    expect(received()).toEqual([base + 2n]);
    expect(feed.delivered).toBe(String(base));

    await commit(base + 1n);
    await feed.wake();
    expect(received()).toEqual([base + 2n, base + 1n]);
    expect(feed.delivered).toBe(String(base + 2n));
  });

  it('reads each event once however often it is woken', async () => {
    await commit(base + 1n);
    await feed.wake();
    await commit(base + 2n);
    await Promise.all([feed.wake(), feed.wake(), feed.wake()]);
    await feed.wake();
    expect(received()).toEqual([base + 1n, base + 2n]);
  });

  it('passes a number that never commits once it has waited long enough', async () => {
    await commit(base + 1n);
    await commit(base + 3n);
    await feed.wake();
    expect(feed.delivered).toBe(String(base + 1n));
    time += 999;
    await feed.wake();
    expect(feed.delivered).toBe(String(base + 1n));
    time += 2;
    await feed.wake();
    expect(feed.delivered).toBe(String(base + 3n));
    expect(batches.at(-1)).toEqual({ events: [], mark: String(base + 3n) });
  });

  it('is woken by the commit itself', async () => {
    const before = batches.length;
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into events (seq, stream_id, stream_version, type, data, at)
         values ($1, 'artist-feed-notified', 1, 'ArtistCreated', '{}', now())`,
        [String(base + 1n)],
      );
      await tx.query("select pg_notify('portal_events', $1)", [String(base + 1n)]);
    });
    for (let tries = 0; tries < 50 && batches.length === before; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received()).toContain(base + 1n);
  });
});
