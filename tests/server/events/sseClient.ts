import type { LoggedIn } from '../harness';

export interface SseMessage {
  event: string;
  /** The `id:` line of the message, or null when it had none. */
  id: string | null;
  data: string;
}

/** A reader of one `text/event-stream` answer, as a browser's EventSource would read it. */
export class SseClient {
  readonly messages: SseMessage[] = [];
  status = 0;
  private waiters: { test: (message: SseMessage) => boolean; done: (m: SseMessage) => void }[] = [];
  private ended = false;
  private readonly endWaiters: (() => void)[] = [];

  constructor(private readonly controller: AbortController) {}

  /** The change events received so far, parsed. */
  changes(): { seq: string; streamId: string; type: string; data?: unknown }[] {
    return this.messages
      .filter((message) => message.event === 'change')
      .map(
        (message) => JSON.parse(message.data) as { seq: string; streamId: string; type: string },
      );
  }

  /** The last id received, as a browser would send it back in Last-Event-ID. */
  lastId(): string | null {
    return this.messages.reduce<string | null>((id, message) => message.id ?? id, null);
  }

  waitFor(test: (message: SseMessage) => boolean, timeoutMs = 5000): Promise<SseMessage> {
    const found = this.messages.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no such message within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        test,
        done: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }

  /** Resolves when the server ends the stream. */
  whenEnded(timeoutMs = 5000): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the stream stayed open')), timeoutMs);
      this.endWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close(): void {
    this.controller.abort();
  }

  receive(message: SseMessage): void {
    this.messages.push(message);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.test(message)) return true;
      waiter.done(message);
      return false;
    });
  }

  end(): void {
    this.ended = true;
    for (const waiter of this.endWaiters.splice(0)) waiter();
  }
}

/** Opens `GET /api/events/stream` on a listening portal as `who`. */
export async function openStream(
  baseUrl: string,
  who: Pick<LoggedIn, 'cookies' | 'csrf'>,
  { lastEventId }: { lastEventId?: string } = {},
): Promise<SseClient> {
  const controller = new AbortController();
  const client = new SseClient(controller);
  const cookie = Object.entries(who.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const response = await fetch(
    `${baseUrl}/api/events/stream?csrf=${encodeURIComponent(who.csrf)}`,
    {
      headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: controller.signal,
    },
  );
  client.status = response.status;
  if (!response.ok || !response.body) {
    client.end();
    return client;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { event: 'message', id: null, data: '' };
          let fields = 0;
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon === 0) continue;
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'event') message.event = value;
            else if (name === 'id') message.id = value;
            else if (name === 'data') message.data += value;
            else continue;
            fields += 1;
          }
          if (fields > 0) client.receive(message);
        }
      }
    } catch {
      // Aborted by the test.
    }
    client.end();
  })();
  return client;
}
