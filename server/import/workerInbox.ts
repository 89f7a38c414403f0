import type { Worker } from 'node:worker_threads';

/** The messages of a worker thread, taken in order, and what stopped it. */
export interface WorkerInbox<Message> {
  /** The next message; once none is left and the thread failed, throws why. */
  next(): Promise<Message>;
  /** Records why the thread cannot go on; a reason already given stays unless `replace`. */
  fail(reason: Error, replace?: boolean): void;
  /** Why the thread stopped, if it did. */
  readonly failure: Error | null;
}

export interface WorkerInboxOptions<Message> {
  /** The reason for an error the thread threw, in the reader's words. */
  failed: (error: Error & { code?: string }) => Error;
  /** The reason when the thread ended without saying why. */
  stopped: () => Error;
  /** A message handled as it arrives, not queued: true when it was. */
  handle?: (message: Message) => boolean;
}

/** Takes a worker thread's messages as they come, to be read one at a time. */
export function workerInbox<Message>(
  worker: Worker,
  options: WorkerInboxOptions<Message>,
): WorkerInbox<Message> {
  const messages: Message[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    wake?.();
    wake = null;
  };
  const fail = (reason: Error, replace = true): void => {
    if (replace || failure === null) failure = reason;
    notify();
  };
  worker.on('message', (message: Message) => {
    if (options.handle?.(message)) return;
    messages.push(message);
    notify();
  });
  worker.on('error', (error: Error) => fail(options.failed(error)));
  worker.on('exit', () => fail(options.stopped(), false));
  return {
    async next() {
      for (;;) {
        const message = messages.shift();
        if (message !== undefined) return message;
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    fail,
    get failure() {
      return failure;
    },
  };
}
