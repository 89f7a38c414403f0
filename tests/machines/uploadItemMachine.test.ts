import { getShortestPaths } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import {
  UPLOAD_ITEM_REMOVAL_MS,
  displayedPercent,
  uploadItemMachine,
  uploadProgress,
  type UploadItemSnapshot,
} from '../../machines/uploadItemMachine';

const INPUT = { id: 'upload-1', name: 'orchard-2025-01.csv' };
const AFTER_REMOVAL = 'xstate.after.removal.uploadItem.success';

// createTestModel refuses machines with delayed transitions, so the paths come from the graph
// directly, the 4 s timer being one more event of the model.
const paths = getShortestPaths(uploadItemMachine, {
  input: INPUT,
  events: Object.values({
    'upload.progress': [
      { type: 'upload.progress', percent: 0.4 },
      { type: 'upload.progress', percent: 57.6 },
    ],
    'upload.succeed': [{ type: 'upload.succeed' }],
    'upload.fail': [
      { type: 'upload.fail', message: 'orchard-2025-01.csv was already uploaded.' },
      { type: 'upload.fail' },
    ],
    'upload.remove': [{ type: 'upload.remove' }],
    [AFTER_REMOVAL]: [{ type: AFTER_REMOVAL }],
  }).flat() as never,
});

const describePath = (steps: ReadonlyArray<{ event: EventObject }>) =>
  steps
    .slice(1)
    .map(({ event }) =>
      event.type === 'upload.progress'
        ? `progress ${(event as unknown as { percent: number }).percent}`
        : event.type.replace('xstate.after.removal.uploadItem.success', '4 s later'),
    )
    .join(' → ') || 'start';

describe('uploadItemMachine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches every state', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(
      ['expired', 'failed', 'removed', 'success', 'uploading'].sort(),
    );
  });

  for (const path of paths) {
    it(`reaches ${String(path.state.value)} via ${describePath(path.steps)}`, () => {
      const actor = createActor(uploadItemMachine, { input: INPUT }).start();
      const check = (expected: UploadItemSnapshot) => {
        const actual = actor.getSnapshot();
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
        expect(actual.status).toEqual(expected.status);
        expect(actual.output).toEqual(expected.output);
      };
      // The first step is the machine's start.
      for (const [index, step] of path.steps.entries()) {
        if (index > 0) {
          if ((step.event.type as string) === AFTER_REMOVAL)
            vi.advanceTimersByTime(UPLOAD_ITEM_REMOVAL_MS);
          else actor.send(step.event);
        }
        check(step.state);
      }
      check(path.state);
    });
  }
});

describe('uploadItemMachine details', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the rounded percent minus 1, clamped, so 100 only on success', () => {
    expect(displayedPercent(0)).toBe(0);
    expect(displayedPercent(0.4)).toBe(0);
    expect(displayedPercent(1.6)).toBe(1);
    expect(displayedPercent(57.5)).toBe(57);
    expect(displayedPercent(100)).toBe(99);
    expect(displayedPercent(250)).toBe(100);
    expect(displayedPercent(-3)).toBe(0);
    expect(displayedPercent(Number.NaN)).toBe(0);
  });

  it('starts at 0 percent in progress and reports SPEC section 3 progress', () => {
    const actor = createActor(uploadItemMachine, { input: INPUT }).start();
    expect(uploadProgress(actor.getSnapshot())).toEqual({
      name: INPUT.name,
      percentage: 0,
      isSuccess: false,
      isError: false,
      error: null,
    });
    actor.send({ type: 'upload.progress', percent: 100 });
    expect(uploadProgress(actor.getSnapshot()).percentage).toBe(99);
    actor.send({ type: 'upload.succeed' });
    expect(uploadProgress(actor.getSnapshot())).toMatchObject({ percentage: 100, isSuccess: true });
  });

  it('stays for exactly 4000 ms after success', () => {
    const actor = createActor(uploadItemMachine, { input: INPUT }).start();
    actor.send({ type: 'upload.succeed' });
    vi.advanceTimersByTime(UPLOAD_ITEM_REMOVAL_MS - 1);
    expect(actor.getSnapshot().status).toBe('active');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ id: INPUT.id, reason: 'expired' });
  });

  it('keeps a failed item with the server message until removed', () => {
    const actor = createActor(uploadItemMachine, { input: INPUT }).start();
    actor.send({ type: 'upload.progress', percent: 40 });
    actor.send({ type: 'upload.fail', message: 'No distributor supports upload.' });
    vi.advanceTimersByTime(60_000);
    expect(uploadProgress(actor.getSnapshot())).toMatchObject({
      isError: true,
      error: 'No distributor supports upload.',
      percentage: 39,
    });
    actor.send({ type: 'upload.remove' });
    expect(actor.getSnapshot().output).toEqual({ id: INPUT.id, reason: 'removed' });
  });

  it('keeps a blank server message out of the item', () => {
    const actor = createActor(uploadItemMachine, { input: INPUT }).start();
    actor.send({ type: 'upload.fail', message: '  ' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
