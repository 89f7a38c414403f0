import type { TextEncoding } from '../rules/encodings';
import type { ExchangeRate } from '../api/statementUpload';
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** SPEC section 9: a successful upload item leaves the drawer after 4000 ms. */
export const UPLOAD_ITEM_REMOVAL_MS = 4000;

/** SPEC section 3, "Upload file item": what the user picked for one file. */
export interface UploadFileItem {
  file: File;
  /** 1 to 12. */
  month: number;
  year: number;
  distributor: string;
  /** A decimal string ('1234.56'), never a JS number; null when not given. */
  expectedPayment: string | null;
  /** The rate for amounts in another currency than the statement's; null or absent: none. */
  exchange?: ExchangeRate | null;
  /** The label account an admin or overseer files the statement under; absent: their own. */
  accountId?: string;
  /** The text encoding the uploader confirmed for this file; absent: the server decides. */
  encoding?: TextEncoding;
}

export interface UploadItemInput {
  id: string;
  name: string;
}

export interface UploadItemContext {
  id: string;
  name: string;
  /** The percent shown: the rounded percent minus 1, clamped, so 100 only on success. */
  percentage: number;
  /** The server's message, when the upload failed with one. */
  error: string | null;
}

export type UploadItemEvent =
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.succeed' }
  | { type: 'upload.fail'; message?: string | null }
  | { type: 'upload.remove' };

/** Why an item left: the user removed it, or it succeeded and its time was up. */
export interface UploadItemOutput {
  id: string;
  reason: 'removed' | 'expired';
}

/** SPEC section 4: displayed progress is the rounded percent minus 1, clamped to 0..100. */
export function displayedPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent) - 1));
}

/**
 * One file of the upload drawer (SPEC section 4, "Statement upload item"). The request itself
 * belongs to the drawer, which may send several files at once; this actor follows its progress.
 */
export const uploadItemMachine = setup({
  types: {
    context: {} as UploadItemContext,
    input: {} as UploadItemInput,
    events: {} as UploadItemEvent,
    output: {} as UploadItemOutput,
  },
  actions: {
    setProgress: assign({
      percentage: ({ event }) =>
        event.type === 'upload.progress' ? displayedPercent(event.percent) : 0,
    }),
    completeProgress: assign({ percentage: 100, error: null }),
    setError: assign({
      error: ({ event }) =>
        event.type === 'upload.fail' && event.message?.trim() ? event.message : null,
    }),
  },
  delays: {
    removal: UPLOAD_ITEM_REMOVAL_MS,
  },
}).createMachine({
  id: 'uploadItem',
  context: ({ input }) => ({ id: input.id, name: input.name, percentage: 0, error: null }),
  initial: 'uploading',
  // The final state reached says why the item left.
  output: ({ event }) => (event as unknown as { output: UploadItemOutput }).output,
  states: {
    uploading: {
      tags: ['uploading'],
      on: {
        'upload.progress': { actions: 'setProgress' },
        'upload.succeed': { target: 'success', actions: 'completeProgress' },
        'upload.fail': { target: 'failed', actions: 'setError' },
        'upload.remove': 'removed',
      },
    },
    success: {
      tags: ['success'],
      after: { removal: 'expired' },
      on: { 'upload.remove': 'removed' },
    },
    failed: {
      tags: ['error'],
      on: { 'upload.remove': 'removed' },
    },
    removed: {
      type: 'final',
      output: ({ context }) => ({ id: context.id, reason: 'removed' as const }),
    },
    expired: {
      type: 'final',
      output: ({ context }) => ({ id: context.id, reason: 'expired' as const }),
    },
  },
});

export type UploadItemRef = ActorRefFrom<typeof uploadItemMachine>;
export type UploadItemSnapshot = SnapshotFrom<typeof uploadItemMachine>;

/** SPEC section 3, "Per-file upload progress". */
export interface UploadProgress {
  name: string;
  percentage: number;
  isSuccess: boolean;
  isError: boolean;
  error: string | null;
}

export function uploadProgress(snapshot: UploadItemSnapshot): UploadProgress {
  return {
    name: snapshot.context.name,
    percentage: snapshot.context.percentage,
    isSuccess: snapshot.hasTag('success'),
    isError: snapshot.hasTag('error'),
    error: snapshot.context.error,
  };
}
