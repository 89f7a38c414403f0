import { getShortestPaths } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import {
  groupUploads,
  uploadDrawerMachine,
  uploadRequestLogic,
  uploadingCount,
  type StatementUploader,
  type UploadDrawerEvent,
} from '../../machines/uploadDrawerMachine';
import { UPLOAD_ITEM_REMOVAL_MS, type UploadFileItem } from '../../machines/uploadItemMachine';
import type { UploadRequest } from '../../src/api/upload';

type Snapshot = SnapshotFrom<typeof uploadDrawerMachine>;

const file = (name: string) => new File([`ISRC,Units\n${name}`], name, { type: 'text/csv' });
const upload = (name: string, month: number, distributor = 'dist-1'): UploadFileItem => ({
  file: file(name),
  month,
  year: 2025,
  distributor,
  expectedPayment: month === 1 ? '1234.56' : null,
});
const DUPLICATE = 'a.csv was already uploaded on 01-02-2025.';

/** Two files of January and one of February, from one distributor: two requests. */
const FIRST_ADD: UploadDrawerEvent = {
  type: 'upload.add',
  uploads: [upload('a.csv', 1), upload('b.csv', 1), upload('c.csv', 2)],
};

/** The events the model offers in a state: actor answers and item exits follow the context. */
function modelEvents(state: Snapshot): UploadDrawerEvent[] {
  const { context } = state;
  const events: UploadDrawerEvent[] = [
    { type: 'drawer.toggle' },
    { type: 'drawer.collapse' },
    { type: 'drawer.expand' },
    { type: 'messages.dismiss' },
  ];
  if (context.nextId === 1) events.push(FIRST_ADD);
  for (const request of context.requests) {
    events.push(
      { type: 'request.progress', requestId: request.id, percent: 50 },
      { type: 'request.done', requestId: request.id, statementId: `statement-${request.id}` },
      { type: 'request.fail', requestId: request.id, message: DUPLICATE },
    );
  }
  const inFlight = new Set(context.requests.flatMap((request) => request.itemIds));
  for (const item of context.items) {
    events.push({
      type: `xstate.done.actor.${item.id}`,
      output: { id: item.id, reason: 'removed' },
    });
    if (!inFlight.has(item.id) && !context.failedItemIds.includes(item.id)) {
      events.push({
        type: `xstate.done.actor.${item.id}`,
        output: { id: item.id, reason: 'expired' },
      });
    }
  }
  return events;
}

const summary = (state: Snapshot) => ({
  value: state.value,
  items: state.context.items.map((item) => [item.id, item.name]),
  requests: state.context.requests,
  messages: state.context.messages,
  failedItemIds: state.context.failedItemIds,
  statements: state.context.statements,
  unannounced: state.context.unannounced,
  nextId: state.context.nextId,
});

const paths = getShortestPaths(uploadDrawerMachine, {
  events: modelEvents as never,
  serializeState: (state) => JSON.stringify(summary(state)),
});

interface PendingCall {
  request: UploadRequest;
  names: string[];
  onProgress: (percent: number) => void;
  signal: AbortSignal;
  resolve: (answer: Array<{ id: string }>) => void;
  reject: (error: Error) => void;
}

/** The real machine; each request answers only when a path step says so. */
function createSystemUnderTest() {
  const calls: PendingCall[] = [];
  const uploader: StatementUploader = (request, files, options) =>
    new Promise((resolve, reject) => {
      calls.push({ request, names: files.map((f) => f.name), ...options, resolve, reject });
    });
  const actor = createActor(
    uploadDrawerMachine.provide({ actors: { uploadRequest: uploadRequestLogic(uploader) } }),
  );
  const announced: string[][] = [];
  actor.on('uploads.succeeded', (event) => announced.push(event.statementIds));
  actor.start();
  return { actor, calls, announced };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

function describeStep(event: EventObject): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return `${(event as { output?: { reason?: string } }).output?.reason} ${done[1]}`;
  const request = (event as { requestId?: string }).requestId;
  return request ? `${event.type} ${request}` : event.type;
}

describe('uploadDrawerMachine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches every state, and collapses only with files in it', () => {
    const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect([...values].sort()).toEqual(
      ['"hidden"', '{"shown":"collapsed"}', '{"shown":"open"}'].sort(),
    );
    expect(paths.length).toBeGreaterThan(50);
  });

  for (const path of paths) {
    const route = path.steps.slice(1).map((step) => describeStep(step.event));
    it(`reaches ${JSON.stringify(summary(path.state).value)} via ${route.join(' → ') || 'start'}`, async () => {
      const sut = createSystemUnderTest();
      const callFor = (requestId: string): PendingCall => {
        const request = sut.actor.getSnapshot().context.requests.find((r) => r.id === requestId);
        const names = sut.actor
          .getSnapshot()
          .context.items.filter((item) => request?.itemIds.includes(item.id))
          .map((item) => item.name);
        const call = sut.calls.find(
          (candidate) => !candidate.signal.aborted && candidate.names.join() === names.join(),
        );
        if (!call) throw new Error(`No pending upload for ${requestId}`);
        return call;
      };
      const exec = async (event: UploadDrawerEvent) => {
        if (event.type === 'request.progress') callFor(event.requestId).onProgress(event.percent);
        else if (event.type === 'request.done')
          callFor(event.requestId).resolve([{ id: event.statementId ?? '' }]);
        else if (event.type === 'request.fail')
          callFor(event.requestId).reject(new Error(event.message ?? ''));
        else if (event.type.startsWith('xstate.done.actor.')) {
          const { id, reason } = (event as { output: { id: string; reason: string } }).output;
          const item = sut.actor.getSnapshot().context.items.find((entry) => entry.id === id);
          // The item's own 4 s timer, fired for this item alone.
          if (reason === 'expired')
            item?.ref.send({ type: 'xstate.after.removal.uploadItem.success' } as never);
          else sut.actor.send({ type: 'upload.remove', id });
        } else sut.actor.send(event);
        await settle();
      };
      const check = (expected: Snapshot) => {
        const actual = sut.actor.getSnapshot();
        expect(summary(actual)).toEqual(summary(expected));
        const inFlight = new Set(actual.context.requests.flatMap((request) => request.itemIds));
        for (const item of actual.context.items) {
          const child = item.ref.getSnapshot();
          const wanted = inFlight.has(item.id)
            ? 'uploading'
            : actual.context.failedItemIds.includes(item.id)
              ? 'failed'
              : 'success';
          expect(child.value, item.id).toBe(wanted);
        }
        // Each request in flight is one upload call that has not been aborted.
        expect(
          sut.calls.filter((call) => !call.signal.aborted && call.names.length > 0).length,
        ).toBeGreaterThanOrEqual(actual.context.requests.length);
      };
      for (const [index, step] of path.steps.entries()) {
        if (index > 0) await exec(step.event);
        check(step.state);
      }
      check(path.state);
      sut.actor.stop();
    });
  }
});

describe('uploadDrawerMachine details', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('groups files by month, year and distributor', () => {
    const groups = groupUploads([
      upload('a.csv', 1),
      upload('b.csv', 2),
      upload('c.csv', 1),
      upload('d.csv', 1, 'dist-2'),
      { ...upload('e.csv', 1), year: 2024 },
    ]);
    expect(groups.map((group) => group.map((item) => item.file.name))).toEqual([
      ['a.csv', 'c.csv'],
      ['b.csv'],
      ['d.csv'],
      ['e.csv'],
    ]);
  });

  it('sends one request per group with the SPEC section 7 body, and every file follows it', async () => {
    const sut = createSystemUnderTest();
    sut.actor.send(FIRST_ADD);
    expect(sut.calls.map((call) => [call.request, call.names])).toEqual([
      [{ distributor: 'dist-1', report_month: '2025-01', expected: '1234.56' }, ['a.csv', 'b.csv']],
      [{ distributor: 'dist-1', report_month: '2025-02', expected: null }, ['c.csv']],
    ]);
    const percents = () =>
      sut.actor
        .getSnapshot()
        .context.items.map((item) => item.ref.getSnapshot().context.percentage);
    expect(percents()).toEqual([0, 0, 0]);
    expect(sut.actor.getSnapshot().hasTag('open')).toBe(true);
    expect(uploadingCount(sut.actor.getSnapshot().context)).toBe(3);
    sut.calls[0]?.onProgress(42.6);
    expect(percents()).toEqual([42, 42, 0]);
    sut.calls[0]?.onProgress(100);
    expect(percents()).toEqual([99, 99, 0]);
    sut.calls[0]?.resolve([{ id: 'statement-1' }]);
    await settle();
    expect(percents()).toEqual([100, 100, 0]);
    expect(uploadingCount(sut.actor.getSnapshot().context)).toBe(1);
    expect(sut.announced).toEqual([]);
    sut.calls[1]?.resolve([{ id: 'statement-2' }]);
    await settle();
    expect(sut.announced).toEqual([['statement-1', 'statement-2']]);
    expect(sut.actor.getSnapshot().context.statements.map((s) => s.id)).toEqual([
      'statement-1',
      'statement-2',
    ]);
  });

  it('removes successful items after 4000 ms and then disappears', async () => {
    const sut = createSystemUnderTest();
    sut.actor.send({ type: 'upload.add', uploads: [upload('a.csv', 1)] });
    sut.calls[0]?.resolve([{ id: 'statement-1' }]);
    await settle();
    await vi.advanceTimersByTimeAsync(UPLOAD_ITEM_REMOVAL_MS - 1);
    expect(sut.actor.getSnapshot().hasTag('visible')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.actor.getSnapshot().value).toBe('hidden');
    expect(sut.actor.getSnapshot().children).toEqual({});
  });

  it('marks failed items with the server message, deduplicated in the bar, and does not announce', async () => {
    const sut = createSystemUnderTest();
    sut.actor.send({
      type: 'upload.add',
      uploads: [upload('a.csv', 1), upload('b.csv', 2), upload('c.csv', 3)],
    });
    sut.calls[0]?.reject(new Error(DUPLICATE));
    sut.calls[1]?.reject(new Error(DUPLICATE));
    sut.calls[2]?.resolve([{ id: 'statement-3' }]);
    await settle();
    const { context } = sut.actor.getSnapshot();
    expect(context.messages).toEqual([DUPLICATE]);
    expect(context.items.map((item) => item.ref.getSnapshot().context.error)).toEqual([
      DUPLICATE,
      DUPLICATE,
      null,
    ]);
    expect(sut.announced).toEqual([]);
    // Failed items stay until the user removes them; then the rest counts as all succeeded.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sut.actor.getSnapshot().context.items).toHaveLength(2);
    sut.actor.send({ type: 'upload.remove', id: 'upload-2' });
    expect(sut.announced).toEqual([]);
    sut.actor.send({ type: 'upload.remove', id: 'upload-4' });
    expect(sut.announced).toEqual([['statement-3']]);
    expect(sut.actor.getSnapshot().value).toBe('hidden');
    expect(sut.actor.getSnapshot().context.messages).toEqual([]);
  });

  it('aborts the request of a removed file and sends the other files of it again', async () => {
    const sut = createSystemUnderTest();
    sut.actor.send({ type: 'upload.add', uploads: [upload('a.csv', 1), upload('b.csv', 1)] });
    const first = sut.calls[0];
    first?.onProgress(60);
    sut.actor.send({ type: 'upload.remove', id: 'upload-2' });
    expect(first?.signal.aborted).toBe(true);
    expect(sut.calls[1]?.names).toEqual(['b.csv']);
    const [remaining] = sut.actor.getSnapshot().context.items;
    expect(remaining?.ref.getSnapshot().context.percentage).toBe(0);
    // A late answer of the aborted request changes nothing.
    first?.resolve([{ id: 'statement-old' }]);
    await settle();
    expect(sut.actor.getSnapshot().context.statements).toEqual([]);
    sut.actor.send({ type: 'upload.remove', id: 'upload-3' });
    expect(sut.calls[1]?.signal.aborted).toBe(true);
    expect(sut.actor.getSnapshot().value).toBe('hidden');
  });

  it('opens again when files are added while collapsed', () => {
    const sut = createSystemUnderTest();
    sut.actor.send({ type: 'upload.add', uploads: [upload('a.csv', 1)] });
    sut.actor.send({ type: 'drawer.collapse' });
    expect(sut.actor.getSnapshot().value).toEqual({ shown: 'collapsed' });
    sut.actor.send({ type: 'upload.add', uploads: [upload('b.csv', 2)] });
    expect(sut.actor.getSnapshot().value).toEqual({ shown: 'open' });
    expect(uploadingCount(sut.actor.getSnapshot().context)).toBe(2);
  });

  it('shows no server text when the upload failed without one', async () => {
    const sut = createSystemUnderTest();
    sut.actor.send({ type: 'upload.add', uploads: [upload('a.csv', 1)] });
    sut.calls[0]?.reject(new Error(''));
    await settle();
    expect(sut.actor.getSnapshot().context.messages).toEqual([]);
    expect(sut.actor.getSnapshot().context.items[0]?.ref.getSnapshot().value).toBe('failed');
  });
});
