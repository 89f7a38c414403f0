import { assign, fromPromise, setup } from 'xstate';
import type { FilePreview, StatementPreview } from '../api/statementUpload';
import type { TextEncoding } from '../rules/encodings';

/** What the preview call is asked: the files, and what the uploader has chosen so far. */
export interface PreviewInput {
  files: readonly File[];
  /** '' when the uploader has not chosen a distributor. */
  distributor: string;
  /** The encoding the uploader picked instead of the detected one; null: detect. */
  encoding: TextEncoding | null;
}

export interface UploadPreviewContext extends PreviewInput {
  answer: StatementPreview | null;
  /** The server's message when the preview failed. */
  error: string | null;
  /** The uploader accepted the proposed distributor and the encoding shown. */
  confirmed: boolean;
}

export type UploadPreviewEvent =
  | { type: 'preview.files'; files: readonly File[]; distributor: string }
  | { type: 'preview.distributor'; distributor: string }
  | { type: 'preview.encoding'; encoding: TextEncoding | null }
  | { type: 'preview.confirm' }
  | { type: 'preview.clear' };

/** A text file whose encoding was a guess, and the uploader did not pick one. */
export const unsureFiles = (context: UploadPreviewContext): FilePreview[] =>
  context.encoding
    ? []
    : (context.answer?.files ?? []).filter((file) => file.encoding !== null && !file.encodingSure);

/** The distributor the preview proposes when the uploader left it empty. */
export const proposedDistributor = (context: UploadPreviewContext): string | null =>
  context.distributor === '' ? (context.answer?.distributorId ?? null) : null;

/** Whether the uploader must confirm before the upload: a proposal or a guessed encoding. */
export const needsConfirmation = (context: UploadPreviewContext): boolean =>
  !context.confirmed && (proposedDistributor(context) !== null || unsureFiles(context).length > 0);

/**
 * The encodings an upload carries, by file name: those the uploader picked, or confirmed after a
 * guess. A sure detection is left to the server, which reads the whole file.
 */
export function confirmedEncodings(context: UploadPreviewContext): Record<string, TextEncoding> {
  const encodings: Record<string, TextEncoding> = {};
  if (!context.confirmed && !context.encoding) return encodings;
  for (const file of context.answer?.files ?? []) {
    if (file.encoding !== null && (context.encoding !== null || !file.encodingSure)) {
      encodings[file.name] = file.encoding;
    }
  }
  return encodings;
}

const EMPTY: UploadPreviewContext = {
  files: [],
  distributor: '',
  encoding: null,
  answer: null,
  error: null,
  confirmed: false,
};

/**
 * The check of dropped files before an upload (POST statement/preview): the encoding and whether
 * it is sure, the distributor whose layout they match, the first rows. The uploader confirms a
 * proposed distributor or a guessed encoding (or picks another, which asks again).
 */
export const uploadPreviewMachine = setup({
  types: {
    context: {} as UploadPreviewContext,
    events: {} as UploadPreviewEvent,
  },
  actors: {
    preview: fromPromise<StatementPreview, PreviewInput>(() =>
      Promise.reject(new Error('No preview was provided.')),
    ),
  },
  actions: {
    takeFiles: assign(({ event }) =>
      event.type === 'preview.files'
        ? { ...EMPTY, files: event.files, distributor: event.distributor }
        : {},
    ),
    takeDistributor: assign(({ event }) =>
      event.type === 'preview.distributor'
        ? { distributor: event.distributor, confirmed: false }
        : {},
    ),
    takeEncoding: assign(({ event }) =>
      event.type === 'preview.encoding' ? { encoding: event.encoding, confirmed: false } : {},
    ),
    confirm: assign({ confirmed: true }),
    clear: assign(() => EMPTY),
  },
  guards: {
    hasFiles: ({ event }) => event.type === 'preview.files' && event.files.length > 0,
  },
}).createMachine({
  id: 'uploadPreview',
  context: EMPTY,
  initial: 'idle',
  on: {
    'preview.files': [
      { guard: 'hasFiles', target: '.checking', actions: 'takeFiles' },
      { target: '.idle', actions: 'clear' },
    ],
    'preview.clear': { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {},
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'preview',
        input: ({ context }) => ({
          files: context.files,
          distributor: context.distributor,
          encoding: context.encoding,
        }),
        onDone: {
          target: 'checked',
          actions: assign(({ event }) => ({ answer: event.output, error: null })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            answer: null,
            error: event.error instanceof Error ? event.error.message : null,
          })),
        },
      },
    },
    checked: {
      tags: ['answered'],
      on: {
        'preview.distributor': { target: 'checking', actions: 'takeDistributor' },
        'preview.encoding': { target: 'checking', actions: 'takeEncoding' },
        'preview.confirm': { actions: 'confirm' },
      },
    },
    failed: {
      on: {
        'preview.distributor': { target: 'checking', actions: 'takeDistributor' },
        'preview.encoding': { target: 'checking', actions: 'takeEncoding' },
      },
    },
  },
});
