import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { DEFAULT_TOAST_SECONDS, toastsMachine } from '../../machines/toastsMachine';

const start = () => createActor(toastsMachine).start();
const contents = (actor: ReturnType<typeof start>) =>
  actor.getSnapshot().context.items.map((item) => item.toast.content);

describe('toastsMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('spawns one child per toast and removes it when its timer runs out', () => {
    const actor = start();
    actor.send({ type: 'toast.add', toast: { type: 'error', content: 'Boom', timer: 10 } });
    actor.send({ type: 'toast.add', toast: { type: 'info', content: 'Copied', timer: 2 } });
    expect(contents(actor)).toEqual(['Boom', 'Copied']);
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['toast-1', 'toast-2']);
    vi.advanceTimersByTime(2_000);
    expect(contents(actor)).toEqual(['Boom']);
    vi.advanceTimersByTime(7_999);
    expect(contents(actor)).toEqual(['Boom']);
    vi.advanceTimersByTime(1);
    expect(contents(actor)).toEqual([]);
    expect(Object.keys(actor.getSnapshot().children)).toEqual([]);
  });

  it('removes a toast on close, by the parent or by the row', () => {
    const actor = start();
    actor.send({ type: 'toast.add', toast: { type: 'success', content: 'Saved' } });
    actor.send({ type: 'toast.add', toast: { type: 'warning', content: 'Careful' } });
    actor.send({ type: 'toast.close', id: 'toast-1' });
    expect(contents(actor)).toEqual(['Careful']);
    actor.getSnapshot().context.items[0]?.ref.send({ type: 'toast.close' });
    expect(contents(actor)).toEqual([]);
  });

  it('does not duplicate identical error toasts', () => {
    const actor = start();
    const error = { type: 'error', title: 'Not Found', content: 'Gone' } as const;
    actor.send({ type: 'toast.add', toast: error });
    actor.send({ type: 'toast.add', toast: error });
    actor.send({ type: 'toast.add', toast: { ...error, content: 'Other' } });
    actor.send({ type: 'toast.add', toast: { type: 'success', content: 'Saved' } });
    actor.send({ type: 'toast.add', toast: { type: 'success', content: 'Saved' } });
    expect(contents(actor)).toEqual(['Gone', 'Other', 'Saved', 'Saved']);
  });

  it('shows the same error again once the first is gone', () => {
    const actor = start();
    actor.send({ type: 'toast.add', toast: { type: 'error', content: 'Boom', timer: 10 } });
    vi.advanceTimersByTime(10_000);
    actor.send({ type: 'toast.add', toast: { type: 'error', content: 'Boom', timer: 10 } });
    expect(contents(actor)).toEqual(['Boom']);
  });

  it('gives toasts without a timer the default duration, and keeps a zero timer until closed', () => {
    const actor = start();
    actor.send({ type: 'toast.add', toast: { type: 'default', content: 'Hello' } });
    actor.send({ type: 'toast.add', toast: { type: 'info', content: 'Sticky', timer: 0 } });
    vi.advanceTimersByTime(DEFAULT_TOAST_SECONDS * 1000);
    expect(contents(actor)).toEqual(['Sticky']);
    vi.advanceTimersByTime(3_600_000);
    expect(contents(actor)).toEqual(['Sticky']);
  });
});
