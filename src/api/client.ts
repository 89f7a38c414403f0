import type { InvitationAccepted } from '../../api/payeeInvitations';
import type { AccountLinkPurpose, LinkCompleted } from '../../api/accountLinks';
import type { EmulationUser } from '../../api/emulation';
import type { Credentials, Session } from '../../api/session';
import type { WalletBalances } from '../../api/wallet';
import { EMULATE_LIMIT, EMULATE_MIN_SEARCH } from '../../rules/emulation';
import type { ToastRequest } from '../../machines/toastsMachine';
import {
  fileNameFromDisposition,
  handleFailure,
  parseErrorBody,
  uploadFailureToast,
  NO_ANSWER,
  type ApiErrorBody,
  type HttpMethod,
} from './responses';
import type { UploadOptions, UploadTransport } from './upload';

import { CSRF_COOKIE, CSRF_HEADER } from './csrf';

export { CSRF_COOKIE, CSRF_HEADER };

/** Query values appended to GETs of pages with global filters (SPEC section 7). */
export interface GlobalFilterQuery {
  /** A selected month (`YYYY-MM`); when set, `months` is not sent. */
  month?: string;
  /** The timeframe in months (default 12). */
  months?: number;
  artist?: string;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * `csv` answers, and `file` answers of any type (a bank file), are saved as a file download;
   * `bytes` answers are given as they came.
   */
  format?: 'json' | 'csv' | 'file' | 'bytes';
  /** Append the global filters (month or months, artist). */
  filters?: boolean;
  signal?: AbortSignal;
  /**
   * `expire` (default): a 401 means the session is gone. `answer`: the caller expects a 401 as a
   * normal answer (reading or opening a session) and gets it as an ApiError without side effects.
   */
  unauthorized?: 'expire' | 'answer';
  /** The caller shows the failure itself (a form's inline error): no toast. */
  quiet?: boolean;
}

export interface EmulationSearch {
  text?: string;
  /** true: warranters only; false: everyone else; absent: all users. */
  warranter?: boolean;
}

/** The public calls behind each e-mailed link (request, then complete with the link's token). */
const LINK_PATHS: Record<AccountLinkPurpose, string> = {
  reset: 'password-resets',
  claim: 'claims',
  activate: 'activations',
};

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  readCookie?: (name: string) => string | undefined;
  translate: (key: string) => string;
  toast: (toast: ToastRequest) => void;
  onUnauthorized: () => void;
  onApiError?: (failing: boolean) => void;
  download?: (file: Blob, fileName: string) => void;
  filters?: () => GlobalFilterQuery;
  warn?: (message: string) => void;
  /** Debug mode: every call is logged with its answer's status. */
  debug?: () => boolean;
  /** Builds the request of an upload; tests pass a fake. */
  createXhr?: () => XMLHttpRequest;
}

/** A failed call. Pages show `title` and `message`; the status is for logs only. */
export class ApiError extends Error {
  readonly title: string | undefined;
  readonly status: number;
  /** A refused form's problems field by field (`path` names the field, `debtorIds/0` an item). */
  readonly fieldErrors: readonly { path: string; message: string }[];

  constructor(status: number, body: ApiErrorBody | undefined, fallbackMessage: string) {
    super(body?.message ?? fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.title = body?.title;
    this.fieldErrors = body?.errors ?? [];
  }
}

export interface CsvDownload {
  fileName: string;
}

export function readDocumentCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go on the next tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const ACCEPTED: Record<NonNullable<RequestOptions['format']>, string> = {
  json: 'application/json',
  csv: 'text/csv',
  file: '*/*',
  bytes: 'text/plain',
};

export class ApiClient {
  private readonly options: ApiClientOptions;
  private readonly baseUrl: string;

  constructor(options: ApiClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl ?? '/api/';
  }

  get<T>(path: string, options?: RequestOptions & { format?: 'json' }): Promise<T>;
  get(path: string, options: RequestOptions & { format: 'csv' | 'file' }): Promise<CsvDownload>;
  get(path: string, options: RequestOptions & { format: 'bytes' }): Promise<Uint8Array>;
  get(path: string, options: RequestOptions = {}): Promise<unknown> {
    return this.request('GET', path, options);
  }

  post<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request('POST', path, { ...options, body }) as Promise<T>;
  }

  put<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request('PUT', path, { ...options, body }) as Promise<T>;
  }

  patch<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request('PATCH', path, { ...options, body }) as Promise<T>;
  }

  delete<T = void>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request('DELETE', path, options) as Promise<T>;
  }

  /** The current session, or null when there is none. */
  async readSession(): Promise<Session | null> {
    try {
      return await this.get<Session>('session', { unauthorized: 'answer' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  }

  /** Wrong credentials, a locked account or rate limiting reject with the server's texts. */
  login(credentials: Credentials): Promise<Session> {
    return this.post<Session>('session', credentials, { unauthorized: 'answer' });
  }

  renewSession(): Promise<Session> {
    return this.put<Session>('session');
  }

  logout(): Promise<void> {
    return this.delete('session', { unauthorized: 'answer' });
  }

  walletBalance(): Promise<WalletBalances> {
    return this.get<WalletBalances>('payment-method/balance');
  }

  /** Saves the language of the person logged in; answers the updated session. */
  saveLanguage(language: string): Promise<Session> {
    return this.patch<Session>('session/settings', { language });
  }

  /** E-mails a single-use link; unknown users and active accounts reject with the server's text. */
  requestAccountLink(purpose: AccountLinkPurpose, username: string): Promise<void> {
    return this.post(LINK_PATHS[purpose], { username }, { quiet: true });
  }

  /** Sets the password through an e-mailed link's token. */
  completeAccountLink(
    purpose: AccountLinkPurpose,
    token: string,
    password: string,
  ): Promise<LinkCompleted> {
    return this.post<LinkCompleted>(
      `${LINK_PATHS[purpose]}/complete`,
      { token, password },
      {
        quiet: true,
      },
    );
  }

  /** Accepts a label's invitation through its e-mailed link's token. */
  acceptPayeeInvitation(token: string): Promise<InvitationAccepted> {
    return this.post<InvitationAccepted>('payee-invitations/accept', { token }, { quiet: true });
  }

  emulationUsers(search: EmulationSearch, signal?: AbortSignal): Promise<EmulationUser[]> {
    const text = search.text?.trim() ?? '';
    return this.get<EmulationUser[]>('session/emulate', {
      query: {
        limit: EMULATE_LIMIT,
        q: text.length >= EMULATE_MIN_SEARCH ? text : undefined,
        warranter: search.warranter,
      },
      ...(signal ? { signal } : {}),
    });
  }

  recentEmulations(signal?: AbortSignal): Promise<EmulationUser[]> {
    return this.get<EmulationUser[]>('session/emulate/recent', signal ? { signal } : {});
  }

  /** Starts emulating (POST), or switches to another user while emulating (PUT). */
  emulate(username: string, switching: boolean): Promise<Session> {
    return switching
      ? this.put<Session>('session/emulate', { username })
      : this.post<Session>('session/emulate', { username });
  }

  stopEmulation(): Promise<Session> {
    return this.delete<Session>('session/emulate');
  }

  /**
   * The address of a GET, its csrf parameter in, for code that reads it without this client (the
   * engine worker); a failure is then that code's to handle, not this client's (no toast, no end
   * of the session).
   */
  readAddress(path: string, options: Pick<RequestOptions, 'query'> = {}): string {
    return this.buildUrl('GET', path, options);
  }

  /**
   * How POST statement/upload goes (SPEC section 7): its address, the csrf header, and what a
   * failure does. The upload itself, with its progress, is sent by `uploadStatement` (api/upload.ts),
   * which comes with the pages that upload.
   */
  uploadTransport(
    options: Pick<UploadOptions, 'onError'> & { path?: string } = {},
  ): UploadTransport {
    return {
      url: this.buildUrl('POST', options.path ?? 'statement/upload', {}),
      csrf: this.csrfToken(),
      createXhr: this.options.createXhr ?? (() => new XMLHttpRequest()),
      onFailure: (status, body) => {
        const error = new ApiError(status, body, this.options.translate('api.upload.failed'));
        if (status === 401) {
          this.options.onUnauthorized();
        } else if (options.onError) {
          options.onError(error);
        } else {
          this.options.toast(uploadFailureToast(body, this.options.translate));
        }
        return error;
      },
    };
  }

  private buildUrl(method: HttpMethod, path: string, options: RequestOptions): string {
    const params = new URLSearchParams();
    const csrf = this.csrfToken();
    if (method === 'GET') {
      params.set('csrf', csrf ?? '');
      if (options.filters && this.options.filters) {
        const filters = this.options.filters();
        if (filters.month) params.set('month', filters.month);
        else if (filters.months !== undefined) params.set('months', String(filters.months));
        if (filters.artist) params.set('artist', filters.artist);
      }
    }
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const query = params.toString();
    const cleanPath = path.replace(/^\/+/, '');
    return `${this.baseUrl}${cleanPath}${query ? `?${query}` : ''}`;
  }

  private csrfToken(): string | undefined {
    return (this.options.readCookie ?? readDocumentCookie)(CSRF_COOKIE);
  }

  private async request(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      accept: ACCEPTED[options.format ?? 'json'],
    };
    if (method !== 'GET') {
      const csrf = this.csrfToken();
      if (csrf) headers[CSRF_HEADER] = csrf;
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);

    let response: Response;
    try {
      response = await doFetch(this.buildUrl(method, path, options), {
        method,
        headers,
        credentials: 'include',
        ...(body !== undefined ? { body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw this.fail(method, path, NO_ANSWER, undefined, options);
    }

    if (this.options.debug?.()) console.debug(`[api] ${method} ${path} → ${response.status}`);
    if (response.ok) {
      if (method === 'GET') this.options.onApiError?.(false);
      if (response.status !== 200 && response.status !== 201 && response.status !== 204) {
        this.warn(`${method} ${path} answered ${response.status}`);
      }
      if (options.format === 'csv' || options.format === 'file') {
        const fileName = fileNameFromDisposition(response.headers.get('content-disposition'));
        (this.options.download ?? saveFile)(await response.blob(), fileName);
        return { fileName } satisfies CsvDownload;
      }
      if (options.format === 'bytes') return new Uint8Array(await response.arrayBuffer());
      const text = await response.text();
      return text ? (JSON.parse(text) as unknown) : undefined;
    }

    throw this.fail(method, path, response.status, await readErrorBody(response), options);
  }

  private fail(
    method: HttpMethod,
    path: string,
    status: number,
    body: ApiErrorBody | undefined,
    options: RequestOptions,
  ): ApiError {
    const error = new ApiError(status, body, this.options.translate('api.errors.unexpected'));
    if (status === 401 && options.unauthorized === 'answer') return error;
    const handling = handleFailure(method, status, body, this.options.translate);
    if (handling.expireSession) this.options.onUnauthorized();
    if (handling.apiError) this.options.onApiError?.(true);
    if (handling.toast && !options.quiet) this.options.toast(handling.toast);
    if (handling.warn) this.warn(`${method} ${path} failed with ${status}: ${error.message}`);
    return error;
  }

  private warn(message: string): void {
    (this.options.warn ?? console.warn)(message);
  }
}

async function readErrorBody(response: Response): Promise<ApiErrorBody | undefined> {
  return parseErrorBody(await response.text());
}
