import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { UploadRequest } from '../api/statementUpload';
import {
  uploadItemMachine,
  type UploadFileItem,
  type UploadItemOutput,
  type UploadItemRef,
} from './uploadItemMachine';

/** Sends one statement/upload request; rejects with the server's message (SPEC section 7). */
export type StatementUploader = (
  request: UploadRequest,
  files: readonly File[],
  options: { onProgress: (percent: number) => void; signal: AbortSignal },
) => Promise<ReadonlyArray<{ id: string }>>;

export interface UploadRequestInput {
  requestId: string;
  request: UploadRequest;
  files: readonly File[];
}

export type UploadRequestEvent =
  | { type: 'request.progress'; requestId: string; percent: number }
  | { type: 'request.done'; requestId: string; statementId: string | null }
  | { type: 'request.fail'; requestId: string; message: string | null };

const messageOf = (error: unknown): string | null =>
  error instanceof Error && error.message.trim() ? error.message : null;

/** One request in flight: stopping the actor aborts it. */
export function uploadRequestLogic(upload: StatementUploader) {
  return fromCallback<UploadRequestEvent, UploadRequestInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const { requestId } = input;
    const send = (event: UploadRequestEvent) => {
      // An aborted request has been replaced or removed: its late answers mean nothing.
      if (!controller.signal.aborted) sendBack(event);
    };
    upload(input.request, input.files, {
      signal: controller.signal,
      onProgress: (percent) => send({ type: 'request.progress', requestId, percent }),
    }).then(
      (answer) => send({ type: 'request.done', requestId, statementId: answer[0]?.id ?? null }),
      (error: unknown) => send({ type: 'request.fail', requestId, message: messageOf(error) }),
    );
    return () => controller.abort();
  });
}

/** One tracked file: its item actor (read by its row) and the file, kept for a re-send. */
export interface UploadEntry {
  id: string;
  name: string;
  file: File;
  ref: UploadItemRef;
}

/** A request in flight and the items that follow its progress. */
export interface InFlightRequest {
  id: string;
  body: UploadRequest;
  itemIds: string[];
}

/** A statement created by an upload of this session. */
export interface UploadedStatement {
  id: string;
  distributor: string;
  /** `YYYY-MM`. */
  reportMonth: string;
  fileNames: string[];
}

export interface UploadDrawerContext {
  items: UploadEntry[];
  requests: InFlightRequest[];
  /** Server messages of failed uploads, each once, for the red bar. */
  messages: string[];
  failedItemIds: string[];
  statements: UploadedStatement[];
  /** Statements uploaded since the last 'uploads.succeeded'. */
  unannounced: string[];
  nextId: number;
}

export type UploadDrawerEvent =
  | { type: 'upload.add'; uploads: readonly UploadFileItem[] }
  | { type: 'upload.remove'; id: string }
  | { type: 'drawer.collapse' }
  | { type: 'drawer.expand' }
  | { type: 'drawer.toggle' }
  | { type: 'messages.dismiss' }
  | UploadRequestEvent
  | { type: `xstate.done.actor.${string}`; output: UploadItemOutput };

/** Emitted when every tracked upload has succeeded: statement lists refresh on it. */
export type UploadDrawerEmitted = { type: 'uploads.succeeded'; statementIds: string[] };

export const reportMonth = (year: number, month: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/**
 * SPEC section 4: files of the same month, year and distributor go in one request (and of one
 * label account, when an admin chooses it).
 */
export function groupUploads(uploads: readonly UploadFileItem[]): UploadFileItem[][] {
  const groups = new Map<string, UploadFileItem[]>();
  for (const upload of uploads) {
    const key = `${reportMonth(upload.year, upload.month)}|${upload.distributor}|${upload.accountId ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), upload]);
  }
  return [...groups.values()];
}

function requestBody(group: readonly UploadFileItem[]): UploadRequest {
  const first = group[0] as UploadFileItem;
  // SPEC section 7's body; the exchange rate only when the uploader gave one.
  const exchange = group.find((upload) => upload.exchange)?.exchange;
  const encodings = Object.fromEntries(
    group.flatMap((upload) => (upload.encoding ? [[upload.file.name, upload.encoding]] : [])),
  );
  return {
    distributor: first.distributor,
    report_month: reportMonth(first.year, first.month),
    expected: group.find((upload) => upload.expectedPayment !== null)?.expectedPayment ?? null,
    ...(exchange ? { exchange } : {}),
    ...(first.accountId ? { accountId: first.accountId } : {}),
    ...(Object.keys(encodings).length > 0 ? { encodings } : {}),
  };
}

/** How many files are still being sent. */
export const uploadingCount = (context: UploadDrawerContext): number =>
  context.requests.reduce((count, request) => count + request.itemIds.length, 0);

const isItemDone = (
  event: UploadDrawerEvent,
): event is { type: `xstate.done.actor.${string}`; output: UploadItemOutput } =>
  event.type.startsWith('xstate.done.actor.') && 'output' in event;

/**
 * The statement upload drawer (SPEC section 4): one child actor per file, one request per month,
 * year and distributor; opens when files are added and disappears when none remain.
 */
export const uploadDrawerMachine = setup({
  types: {
    context: {} as UploadDrawerContext,
    events: {} as UploadDrawerEvent,
    emitted: {} as UploadDrawerEmitted,
  },
  actors: {
    uploadItem: uploadItemMachine,
    uploadRequest: uploadRequestLogic(() =>
      Promise.reject(new Error('No statement uploader was provided.')),
    ),
  },
  actions: {
    addUploads: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'upload.add') return;
      let nextId = context.nextId;
      const planned = groupUploads(event.uploads).map((group) => ({
        requestId: `request-${nextId++}`,
        body: requestBody(group),
        items: group.map((upload) => ({ id: `upload-${nextId++}`, file: upload.file })),
      }));
      enqueue.assign(({ spawn }) => ({
        items: [
          ...context.items,
          ...planned.flatMap((request) =>
            request.items.map(({ id, file }) => ({
              id,
              name: file.name,
              file,
              ref: spawn('uploadItem', { id, input: { id, name: file.name } }),
            })),
          ),
        ],
        requests: [
          ...context.requests,
          ...planned.map((request) => ({
            id: request.requestId,
            body: request.body,
            itemIds: request.items.map((item) => item.id),
          })),
        ],
        nextId,
      }));
      for (const request of planned) {
        enqueue.spawnChild('uploadRequest', {
          id: request.requestId,
          input: {
            requestId: request.requestId,
            request: request.body,
            files: request.items.map((item) => item.file),
          },
        });
      }
    }),
    forwardProgress: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'request.progress') return;
      for (const item of itemsOf(context, event.requestId)) {
        enqueue.sendTo(item.ref, { type: 'upload.progress', percent: event.percent });
      }
    }),
    completeRequest: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'request.done') return;
      const request = context.requests.find((candidate) => candidate.id === event.requestId);
      if (!request) return;
      const items = itemsOf(context, request.id);
      for (const item of items) enqueue.sendTo(item.ref, { type: 'upload.succeed' });
      enqueue.stopChild(request.id);
      const requests = context.requests.filter((candidate) => candidate !== request);
      const statement: UploadedStatement | null = event.statementId
        ? {
            id: event.statementId,
            distributor: request.body.distributor,
            reportMonth: request.body.report_month,
            fileNames: items.map((item) => item.name),
          }
        : null;
      const unannounced = statement ? [...context.unannounced, statement.id] : context.unannounced;
      enqueue.assign({
        requests,
        statements: statement ? [...context.statements, statement] : context.statements,
        unannounced,
      });
      const statementIds = statementsToAnnounce(requests, context.failedItemIds, unannounced);
      if (statementIds) {
        enqueue.emit({ type: 'uploads.succeeded', statementIds });
        enqueue.assign({ unannounced: [] });
      }
    }),
    failRequest: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'request.fail') return;
      const request = context.requests.find((candidate) => candidate.id === event.requestId);
      if (!request) return;
      for (const item of itemsOf(context, request.id)) {
        enqueue.sendTo(item.ref, { type: 'upload.fail', message: event.message });
      }
      enqueue.stopChild(request.id);
      const message = event.message;
      enqueue.assign({
        requests: context.requests.filter((candidate) => candidate !== request),
        failedItemIds: [...context.failedItemIds, ...request.itemIds],
        messages:
          message && !context.messages.includes(message)
            ? [...context.messages, message]
            : context.messages,
      });
    }),
    removeUpload: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'upload.remove') return;
      const item = context.items.find((candidate) => candidate.id === event.id);
      if (item) enqueue.sendTo(item.ref, { type: 'upload.remove' });
    }),
    dropItem: enqueueActions(({ context, event, enqueue }) => {
      if (!isItemDone(event)) return;
      const { id } = event.output;
      enqueue.stopChild(id);
      const items = context.items.filter((item) => item.id !== id);
      const failedItemIds = context.failedItemIds.filter((failedId) => failedId !== id);
      let nextId = context.nextId;
      const requests: InFlightRequest[] = [];
      for (const request of context.requests) {
        if (!request.itemIds.includes(id)) {
          requests.push(request);
          continue;
        }
        // Removing a file aborts its request; the other files of that request go again without it.
        enqueue.stopChild(request.id);
        const itemIds = request.itemIds.filter((itemId) => itemId !== id);
        if (itemIds.length === 0) continue;
        const resent: InFlightRequest = { id: `request-${nextId++}`, body: request.body, itemIds };
        requests.push(resent);
        const resentItems = items.filter((candidate) => itemIds.includes(candidate.id));
        for (const resentItem of resentItems) {
          enqueue.sendTo(resentItem.ref, { type: 'upload.progress', percent: 0 });
        }
        enqueue.spawnChild('uploadRequest', {
          id: resent.id,
          input: {
            requestId: resent.id,
            request: resent.body,
            files: resentItems.map((candidate) => candidate.file),
          },
        });
      }
      enqueue.assign({ items, failedItemIds, requests, nextId });
      const statementIds = statementsToAnnounce(requests, failedItemIds, context.unannounced);
      if (statementIds) {
        enqueue.emit({ type: 'uploads.succeeded', statementIds });
        enqueue.assign({ unannounced: [] });
      }
    }),
    clearMessages: assign({ messages: [] }),
  },
  guards: {
    hasNoItems: ({ context }) => context.items.length === 0,
  },
}).createMachine({
  id: 'uploadDrawer',
  context: {
    items: [],
    requests: [],
    messages: [],
    failedItemIds: [],
    statements: [],
    unannounced: [],
    nextId: 1,
  },
  initial: 'hidden',
  on: {
    'request.progress': { actions: 'forwardProgress' },
    'request.done': { actions: 'completeRequest' },
    'request.fail': { actions: 'failRequest' },
    'upload.remove': { actions: 'removeUpload' },
    'xstate.done.actor.*': { actions: 'dropItem' },
  },
  states: {
    hidden: {
      on: { 'upload.add': { target: 'shown', actions: 'addUploads' } },
    },
    shown: {
      tags: ['visible'],
      always: { guard: 'hasNoItems', target: 'hidden', actions: 'clearMessages' },
      initial: 'open',
      on: {
        // The drawer opens whenever items are added, even when collapsed.
        'upload.add': { target: '.open', actions: 'addUploads' },
        'messages.dismiss': { actions: 'clearMessages' },
      },
      states: {
        open: {
          tags: ['open'],
          on: { 'drawer.collapse': 'collapsed', 'drawer.toggle': 'collapsed' },
        },
        collapsed: {
          on: { 'drawer.expand': 'open', 'drawer.toggle': 'open' },
        },
      },
    },
  },
});

function itemsOf(context: UploadDrawerContext, requestId: string): UploadEntry[] {
  const request = context.requests.find((candidate) => candidate.id === requestId);
  return request ? context.items.filter((item) => request.itemIds.includes(item.id)) : [];
}

/**
 * SPEC section 4: when all tracked uploads have succeeded, the statement lists refresh. The
 * statements to announce then, or null while a request is in flight or an item failed.
 */
function statementsToAnnounce(
  requests: readonly InFlightRequest[],
  failedItemIds: readonly string[],
  unannounced: readonly string[],
): string[] | null {
  if (requests.length > 0 || failedItemIds.length > 0 || unannounced.length === 0) return null;
  return [...unannounced];
}

export type UploadDrawerRef = ActorRefFrom<typeof uploadDrawerMachine>;
