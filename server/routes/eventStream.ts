import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServerResponse } from 'node:http';
import { Type } from 'typebox';
import { errorResponses } from '../../api/common';
import { LiveStreamQuery, type LiveEvent } from '../../api/events';
import { SESSION_COOKIE, findSession, type SessionUser } from '../auth/sessions';
import { LiveFeed, type LiveBatch, type LiveFeedOptions } from '../events/liveFeed';
import { readAllEvents } from '../events/store';
import { mayLearnOf, readsAuditLog } from '../live/streamVisibility';
import type { StoredEvent } from '../events/types';
import { sessionOf } from '../plugins/auth';
import { redact } from '../queries/events';

export interface EventStreamOptions extends LiveFeedOptions {
  /** A heartbeat on this beat keeps proxies from closing a quiet stream and checks the session. */
  heartbeatMs?: number;
}

/** More events missed than this, and the browser is told to read everything again instead. */
const BACKLOG_LIMIT = 1000;
/** How long a stream's visibility answer is reused for the same viewer. */
const VISIBILITY_MS = 10_000;
const VISIBILITY_ENTRIES = 50_000;

const viewerKey = (user: SessionUser) =>
  [user.id, user.accountId, user.roles.join(','), user.permissions.join(',')].join('|');

/**
 * `GET /api/events/stream`: every event the caller may learn of, as it commits. The feed reads
 * the events once per process; each stream asks, per stream id and viewer, the same question the
 * read APIs answer (`mayLearnOf`), remembered for a few seconds and shared by every tab of the
 * same viewer. Each message's id is the mark up to which the stream is complete, so a browser
 * that reconnects with `Last-Event-ID` misses nothing, at most receives an event twice.
 */
const eventStreamRoutes: FastifyPluginAsyncTypebox<EventStreamOptions> = async (app, options) => {
  const feed = new LiveFeed(app.db, options);
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const answers = new Map<string, { visible: Promise<boolean>; until: number }>();
  app.addHook('onClose', () => feed.close());

  const visible = (user: SessionUser, streamId: string): Promise<boolean> => {
    const key = `${viewerKey(user)}\u0000${streamId}`;
    const time = Date.now();
    const known = answers.get(key);
    if (known && known.until > time) return known.visible;
    if (answers.size >= VISIBILITY_ENTRIES) answers.clear();
    const answer = mayLearnOf(app.db, user, streamId).catch(() => false);
    answers.set(key, { visible: answer, until: time + VISIBILITY_MS });
    return answer;
  };

  app.get(
    '/api/events/stream',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['events'],
        summary: 'Server-Sent Events: each change the caller may see, as it commits',
        querystring: LiveStreamQuery,
        response: {
          200: {
            description: 'A stream of `change`, `heartbeat` and `reset` messages',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const user = session.user;
      const token = request.cookies[SESSION_COOKIE] ?? '';
      const lastId = request.headers['last-event-id'];
      const resumeFrom =
        (typeof lastId === 'string' && /^[0-9]{1,18}$/.test(lastId) && lastId) ||
        request.query.after;
      await feed.start();

      reply.hijack();
      const raw: ServerResponse = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write(`retry: 2000\n\n`);

      const withData = readsAuditLog(user);
      const sent = new Set<string>();
      let mark = feed.delivered;
      let open = true;
      // Writes happen in order, one batch after the other.
      let queue: Promise<void> = Promise.resolve();
      const enqueue = (work: () => Promise<void>) => {
        queue = queue.then(() => (open ? work() : undefined)).catch(() => close());
      };
      const write = (text: string) => {
        if (open) raw.write(text);
      };
      const send = async (events: readonly StoredEvent[], markAfter: string) => {
        const shown: LiveEvent[] = [];
        for (const event of events) {
          if (sent.has(event.seq) || !(await visible(user, event.streamId))) continue;
          sent.add(event.seq);
          const { seq, streamId, type } = event;
          const at = Math.floor(event.at.getTime() / 1000);
          shown.push(
            withData
              ? { seq, streamId, type, at, data: redact(event.data) }
              : { seq, streamId, type, at },
          );
        }
        if (BigInt(markAfter) > BigInt(mark)) mark = markAfter;
        // What is at or below the mark is never sent again: forget it.
        for (const seq of sent) if (BigInt(seq) <= BigInt(mark)) sent.delete(seq);
        shown.forEach((event, index) => {
          const id = index === shown.length - 1 ? `id: ${mark}\n` : '';
          write(`${id}event: change\ndata: ${JSON.stringify(event)}\n\n`);
        });
      };

      const unsubscribe = feed.subscribe((batch: LiveBatch) =>
        enqueue(() => send(batch.events, batch.mark)),
      );
      if (resumeFrom && BigInt(resumeFrom) < BigInt(mark)) {
        const since = mark;
        mark = resumeFrom;
        enqueue(async () => {
          const missed = await readAllEvents(app.db, resumeFrom, BACKLOG_LIMIT + 1);
          if (missed.length > BACKLOG_LIMIT) {
            mark = since;
            write(`id: ${mark}\nevent: reset\ndata: {}\n\n`);
            return;
          }
          await send(missed, since);
        });
      }

      const heartbeat = setInterval(() => {
        enqueue(async () => {
          const current = await findSession(app.db, token, app.now());
          if (!current || viewerKey(current.user) !== viewerKey(user)) {
            // Signed out, expired or now acting as someone else: the browser opens a new stream.
            close();
            return;
          }
          write(`id: ${mark}\nevent: heartbeat\ndata: {}\n\n`);
        });
      }, heartbeatMs);

      function close() {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        raw.end();
      }
      raw.on('close', close);
    },
  );
};

export default eventStreamRoutes;
