import type { ErrorBody } from '../../api/common';
import type { ToastRequest } from '../../machines/toastsMachine';
import { knownServerText } from '../i18n/serverText';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the browser reads of an error answer; a proxy's page in its place carries neither. */
export type ApiErrorBody = Partial<Pick<ErrorBody, 'message' | 'title' | 'errors'>>;

/** SPEC section 9: error toasts last 10 s. */
export const ERROR_TOAST_SECONDS = 10;

/** What the client does with an answer that is not a success (SPEC section 8, "Response handling"). */
export interface FailureHandling {
  toast?: ToastRequest;
  /** The session is gone: clear it and go to /login. */
  expireSession: boolean;
  /** Sets the API-error flag (server unreachable). */
  apiError: boolean;
  /** Only logged. */
  warn: boolean;
}

type Translate = (key: string) => string;

/** Status 0 stands for a request that never got an answer (network down). */
export const NO_ANSWER = 0;

export function handleFailure(
  method: HttpMethod,
  status: number,
  body: ApiErrorBody | undefined,
  t: Translate,
): FailureHandling {
  // The server answers in English; a text the portal knows is shown in the user's language.
  const serverMessage = body?.message?.trim() ? knownServerText(t, body.message) : undefined;
  // A title the server gives names the action that failed ('Statement Remove Failed').
  const serverTitle = body?.title?.trim() ? knownServerText(t, body.title) : undefined;
  const errorToast = (content: string, title?: string): ToastRequest => ({
    type: 'error',
    ...(title ? { title } : {}),
    content,
    timer: ERROR_TOAST_SECONDS,
    cancelable: true,
  });
  const none: FailureHandling = { expireSession: false, apiError: false, warn: false };

  if (status === 401) return { ...none, expireSession: true };
  if (method === 'GET' && (status === 502 || status === 503 || status === NO_ANSWER)) {
    return {
      ...none,
      apiError: true,
      toast: errorToast(t('api.errors.server-not-reachable')),
    };
  }
  if (method !== 'GET' && (status === 502 || status === NO_ANSWER)) {
    return { ...none, toast: errorToast(t('api.errors.server-not-reachable')) };
  }
  if (status === 409) {
    return {
      ...none,
      toast: errorToast(serverMessage ?? t('api.errors.failed-to-complete'), serverTitle),
    };
  }
  if (status === 400) {
    return {
      ...none,
      toast: errorToast(serverMessage ?? t('api.errors.error-saving'), serverTitle),
    };
  }
  if (status === 404) {
    return {
      ...none,
      toast: errorToast(
        serverMessage ?? t('api.errors.resource-not-found'),
        serverTitle ?? t('api.errors.not-found-title'),
      ),
    };
  }
  return { ...none, warn: true };
}

/** SPEC section 8, "Upload failure": the 'UploadError' toast with the server's message. */
export function uploadFailureToast(body: ApiErrorBody | undefined, t: Translate): ToastRequest {
  // The server answers in English; a text the portal knows is shown in the user's language.
  const serverMessage = body?.message?.trim() ? knownServerText(t, body.message) : undefined;
  return {
    type: 'error',
    title: t('api.upload.error-title'),
    content: serverMessage ?? t('api.upload.failed'),
    timer: ERROR_TOAST_SECONDS,
    cancelable: true,
  };
}

/** File name from a content-disposition header; SPEC section 7 defaults to download.csv. */
export function fileNameFromDisposition(header: string | null | undefined): string {
  const fallback = 'download.csv';
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')) || fallback;
    } catch {
      // A malformed escape falls through to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || fallback;
}

const isFieldError = (value: unknown): value is { path: string; message: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).path === 'string' &&
  typeof (value as Record<string, unknown>).message === 'string';

/** The `message`, `title` and field `errors` of an error answer, when it is JSON. */
export function parseErrorBody(text: string): ApiErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const { message, title, errors } = parsed as Record<string, unknown>;
      return {
        ...(typeof message === 'string' ? { message } : {}),
        ...(typeof title === 'string' ? { title } : {}),
        ...(Array.isArray(errors) ? { errors: errors.filter(isFieldError) } : {}),
      };
    }
  } catch {
    // Not JSON (a proxy's HTML page): the status alone decides.
  }
  return undefined;
}
