import { assign, sendParent, setup, stopChild, type ActorRefFrom } from 'xstate';

export type ToastType = 'info' | 'success' | 'warning' | 'error' | 'default';

/** What a caller asks to show; the toasts machine gives it an id. */
export interface ToastRequest {
  type: ToastType;
  title?: string;
  content: string;
  /** Seconds before the toast closes itself. */
  timer?: number;
  cancelable?: boolean;
}

/** Toasts without a timer close after this many seconds. */
export const DEFAULT_TOAST_SECONDS = 5;

export interface Toast extends ToastRequest {
  id: string;
}

/** One toast: visible until closed or until its timer runs out. */
export const toastMachine = setup({
  types: {
    context: {} as Toast,
    input: {} as Toast,
    events: {} as { type: 'toast.close' },
  },
  actions: {
    notifyClosed: sendParent(({ context }) => ({ type: 'toast.closed' as const, id: context.id })),
  },
  guards: {
    hasTimer: ({ context }) => (context.timer ?? DEFAULT_TOAST_SECONDS) > 0,
  },
  delays: {
    timer: ({ context }) => (context.timer ?? DEFAULT_TOAST_SECONDS) * 1000,
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => input,
  initial: 'visible',
  states: {
    visible: {
      always: { guard: { type: 'hasTimer' }, target: 'timed' },
      on: { 'toast.close': 'closed' },
    },
    timed: {
      after: { timer: 'closed' },
      on: { 'toast.close': 'closed' },
    },
    closed: {
      type: 'final',
      entry: 'notifyClosed',
    },
  },
});

export type ToastRef = ActorRefFrom<typeof toastMachine>;

export interface ToastItem {
  toast: Toast;
  ref: ToastRef;
}

export type ToastsEvent =
  | { type: 'toast.add'; toast: ToastRequest }
  | { type: 'toast.close'; id: string }
  | { type: 'toast.closed'; id: string };

/** The live toasts: one child actor per toast; identical error toasts are not duplicated. */
export const toastsMachine = setup({
  types: {
    context: {} as { items: ToastItem[]; nextId: number },
    events: {} as ToastsEvent,
  },
  actors: { toast: toastMachine },
  actions: {
    spawnToast: assign(({ context, event, spawn }) => {
      if (event.type !== 'toast.add') return {};
      const id = `toast-${context.nextId}`;
      const toast: Toast = { ...event.toast, id };
      const ref = spawn('toast', { id, input: toast });
      return { items: [...context.items, { toast, ref }], nextId: context.nextId + 1 };
    }),
    closeToast: ({ context, event }) => {
      if (event.type !== 'toast.close') return;
      context.items.find((item) => item.toast.id === event.id)?.ref.send({ type: 'toast.close' });
    },
    stopToast: stopChild(({ event }) => (event.type === 'toast.closed' ? event.id : '')),
    removeToast: assign({
      items: ({ context, event }) =>
        event.type === 'toast.closed'
          ? context.items.filter((item) => item.toast.id !== event.id)
          : context.items,
    }),
  },
  guards: {
    isDuplicateError: ({ context, event }) =>
      event.type === 'toast.add' &&
      event.toast.type === 'error' &&
      context.items.some(
        ({ toast }) =>
          toast.type === 'error' &&
          toast.title === event.toast.title &&
          toast.content === event.toast.content,
      ),
  },
}).createMachine({
  id: 'toasts',
  context: { items: [], nextId: 1 },
  on: {
    'toast.add': [{ guard: 'isDuplicateError' }, { actions: 'spawnToast' }],
    'toast.close': { actions: 'closeToast' },
    'toast.closed': { actions: ['stopToast', 'removeToast'] },
  },
});
