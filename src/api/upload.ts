import { parseErrorBody } from './responses';
import type { ApiErrorBody } from './responses';
import { CSRF_HEADER } from './csrf';

import type { UploadRequest } from '../../api/statementUpload';

/** SPEC section 3, "Upload request": sent as the 'body' JSON part. */
export type { UploadRequest };

export interface UploadOptions {
  /** Percent of the bytes sent, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** Aborting rejects with an AbortError and shows nothing. */
  signal?: AbortSignal;
  /** Takes over from the 'UploadError' toast (the upload drawer shows its own bar). */
  onError?: (error: Error & { status: number }) => void;
}

export interface UploadTransport {
  url: string;
  csrf: string | undefined;
  createXhr: () => XMLHttpRequest;
  /** Maps a failed answer to the error the promise rejects with, after its side effects. */
  onFailure: (status: number, body: ApiErrorBody | undefined) => Error;
}

const asList = (files: File | FileList | readonly File[]): File[] =>
  files instanceof File ? [files] : Array.from(files as ArrayLike<File>);

/** What sends an upload: the API client (its address, csrf header and failure handling). */
export interface UploadSender {
  /** `path` under /api/, statement/upload unless told. */
  uploadTransport(options: Pick<UploadOptions, 'onError'> & { path?: string }): UploadTransport;
}

/** The multipart body: one 'body' JSON part, then one 'file' part per file. */
export function uploadForm(request: UploadRequest, files: File | FileList | readonly File[]) {
  const form = new FormData();
  form.append('body', JSON.stringify(request));
  for (const file of asList(files)) form.append('file', file, file.name);
  return form;
}

export const progressPercent = (loaded: number, total: number): number =>
  total > 0 ? Math.min(100, Math.max(0, (loaded / total) * 100)) : 0;

/** fetch cannot report upload progress: XMLHttpRequest can. */
export function sendUpload<T>(
  transport: UploadTransport,
  request: UploadRequest,
  files: File | FileList | readonly File[],
  options: UploadOptions,
): Promise<T> {
  return sendForm<T>(transport, uploadForm(request, files), options);
}

/** Any multipart form of files, sent with upload progress and abort as the statement upload. */
export function sendForm<T>(
  transport: UploadTransport,
  form: FormData,
  options: UploadOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abortError = () => new DOMException('The upload was aborted.', 'AbortError');
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = transport.createXhr();
    const onAbortSignal = () => xhr.abort();
    const settle = () => options.signal?.removeEventListener('abort', onAbortSignal);
    xhr.open('POST', transport.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (transport.csrf) xhr.setRequestHeader(CSRF_HEADER, transport.csrf);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(progressPercent(event.loaded, event.total));
    });
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status === 200 || xhr.status === 201) {
        options.onProgress?.(100);
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(transport.onFailure(xhr.status, undefined));
        }
        return;
      }
      reject(transport.onFailure(xhr.status, parseErrorBody(xhr.responseText)));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(transport.onFailure(0, undefined));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    options.signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(form);
  });
}

/**
 * POST statement/upload: a 'body' JSON part and one 'file' part per file, with upload progress
 * in percent and abort through the signal (SPEC section 7).
 */
export function uploadStatement<T = Array<{ id: string }>>(
  api: UploadSender,
  request: UploadRequest,
  files: File | FileList | readonly File[],
  options: UploadOptions = {},
): Promise<T> {
  return sendUpload<T>(api.uploadTransport(options), request, files, options);
}
