import { describe, expect, it } from 'vitest';
import type { HistoryEvent, StreamHistory } from '../../../api/history';
import { catchUp, memoryMirror } from '../../../src/history/catchUp';

const event = (seq: number, type = 'ProductChanged'): HistoryEvent => ({
  seq: String(seq),
  streamId: 'product-1',
  version: seq,
  type,
  data: {},
  actor: null,
  actorName: null,
  emulatingActor: null,
  at: 1_760_000_000 + seq,
});

/** A server holding `log`, answering `pageSize` events at a time, and the `after` of each call. */
function server(log: HistoryEvent[], pageSize = 100) {
  const asked: string[] = [];
  const read = (after: string): Promise<StreamHistory> => {
    asked.push(after);
    const newer = log.filter((item) => BigInt(item.seq) > BigInt(after));
    return Promise.resolve({ items: newer.slice(0, pageSize), more: newer.length > pageSize });
  };
  return { asked, read };
}

describe('the history mirror', () => {
  it('reads everything the first time, then only what came after the last sequence number it holds', async () => {
    const store = memoryMirror();
    const log = [event(3, 'ProductCreated'), event(10), event(12)];
    const first = server(log);
    const once = await catchUp(store, 'paco|product|1', first.read);
    expect(once.events.map((item) => item.seq)).toEqual(['3', '10', '12']);
    expect(once.fetched).toBe(3);
    expect(first.asked).toEqual(['0']);

    log.push(event(40), event(41));
    const second = server(log);
    const again = await catchUp(store, 'paco|product|1', second.read);
    expect(second.asked).toEqual(['12']);
    expect(again.fetched).toBe(2);
    expect(again.events.map((item) => item.seq)).toEqual(['3', '10', '12', '40', '41']);
  });

  it('keeps an event the server sends twice once, and orders sequence numbers as numbers', async () => {
    const store = memoryMirror();
    await store.keep('k', [event(9), event(100)]);
    // A server that ignores `after` and answers the whole log again.
    const sloppy = (): Promise<StreamHistory> =>
      Promise.resolve({ items: [event(9), event(100), event(1000)], more: false });
    const caught = await catchUp(store, 'k', sloppy);
    expect(caught.fetched).toBe(1);
    expect(caught.events.map((item) => item.seq)).toEqual(['9', '100', '1000']);
  });

  it('follows the pages until the server has no more', async () => {
    const store = memoryMirror();
    const log = Array.from({ length: 7 }, (_, index) => event(index + 1));
    const paged = server(log, 3);
    const caught = await catchUp(store, 'k', paged.read);
    expect(paged.asked).toEqual(['0', '3', '6']);
    expect(caught.events).toHaveLength(7);
  });

  it('replays the copy it keeps when the server cannot be reached', async () => {
    const store = memoryMirror();
    await catchUp(store, 'k', server([event(1), event(2)]).read);
    const down = (): Promise<StreamHistory> => Promise.reject(new TypeError('Failed to fetch'));
    const offline = await catchUp(store, 'k', down);
    expect(offline.offline).toBe(true);
    expect(offline.events.map((item) => item.seq)).toEqual(['1', '2']);
  });

  it('lets a refusal through instead of showing a copy, and keeps each reader’s copy apart', async () => {
    const store = memoryMirror();
    await catchUp(store, 'ada|payment|p', server([event(5)]).read);
    const refused = (): Promise<StreamHistory> =>
      Promise.reject(Object.assign(new Error('Not allowed'), { status: 403 }));
    await expect(catchUp(store, 'ada|payment|p', refused)).rejects.toThrow('Not allowed');
    expect(await store.read('paco|payment|p')).toEqual([]);
  });
});
