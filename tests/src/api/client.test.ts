import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError, type ApiClientOptions } from '../../../src/api/client';
import { fileNameFromDisposition, handleFailure, NO_ANSWER } from '../../../src/api/responses';
import type { ToastRequest } from '../../../machines/toastsMachine';
import { addServerTextKeys } from '../../../src/i18n/serverText';
import { SERVER_TEXT_KEYS } from '../../../src/i18n/serverTextKeys';

const t = (key: string) => `t(${key})`;

interface Recorded {
  url: string;
  init: RequestInit;
}

function setup(
  respond: (url: string, init: RequestInit) => Response | Promise<Response>,
  extra: Partial<ApiClientOptions> = {},
) {
  const requests: Recorded[] = [];
  const toasts: ToastRequest[] = [];
  const downloads: Array<{ name: string; size: number }> = [];
  const onUnauthorized = vi.fn();
  const onApiError = vi.fn();
  const warn = vi.fn();
  const client = new ApiClient({
    fetch: (input, init = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      requests.push({ url, init });
      return Promise.resolve(respond(url, init));
    },
    readCookie: (name) => (name === 'portal_csrf' ? 'token-1' : undefined),
    translate: t,
    toast: (toast) => toasts.push(toast),
    onUnauthorized,
    onApiError,
    download: (file, name) => downloads.push({ name, size: file.size }),
    warn,
    ...extra,
  });
  return { client, requests, toasts, downloads, onUnauthorized, onApiError, warn };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ApiClient requests (SPEC section 7)', () => {
  it('sends cookies and the csrf value as a query parameter on GET', async () => {
    const { client, requests } = setup(() => json(200, { ok: true }));
    await expect(client.get('artist/list', { query: { q: 'abc' } })).resolves.toEqual({ ok: true });
    expect(requests[0]?.url).toBe('/api/artist/list?csrf=token-1&q=abc');
    expect(requests[0]?.init.credentials).toBe('include');
    expect(new Headers(requests[0]?.init.headers).get('x-csrf-token')).toBeNull();
  });

  it('sends the csrf value as the x-csrf-token header on writes, with a JSON body', async () => {
    const { client, requests } = setup(() => json(201, { id: 1 }));
    await client.post('session/emulate', { username: 'a@b.c' });
    const headers = new Headers(requests[0]?.init.headers);
    expect(requests[0]?.url).toBe('/api/session/emulate');
    expect(headers.get('x-csrf-token')).toBe('token-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(requests[0]?.init.body).toBe('{"username":"a@b.c"}');
  });

  it('appends month, else months, and artist only when the page opts into the global filters', async () => {
    let filters: { month?: string; months?: number; artist?: string } = { months: 12, artist: '7' };
    const { client, requests } = setup(() => json(200, []), { filters: () => filters });
    await client.get('analytics', { filters: true });
    await client.get('session');
    filters = { month: '2026-03', months: 12 };
    await client.get('analytics', { filters: true });
    expect(requests.map((request) => request.url)).toEqual([
      '/api/analytics?csrf=token-1&months=12&artist=7',
      '/api/session?csrf=token-1',
      '/api/analytics?csrf=token-1&month=2026-03',
    ]);
  });

  it('saves a CSV answer under the content-disposition name, download.csv by default', async () => {
    const { client, downloads } = setup((url) =>
      url.includes('named')
        ? new Response('a,b\n', {
            status: 200,
            headers: { 'content-disposition': 'attachment; filename="ledger.csv"' },
          })
        : new Response('a,b\n', { status: 200 }),
    );
    await expect(client.get('named', { format: 'csv' })).resolves.toEqual({
      fileName: 'ledger.csv',
    });
    await expect(client.get('plain', { format: 'csv' })).resolves.toEqual({
      fileName: 'download.csv',
    });
    expect(downloads).toEqual([
      { name: 'ledger.csv', size: 4 },
      { name: 'download.csv', size: 4 },
    ]);
  });

  it('gives a bytes answer as the bytes that came, a tab and a line break as they were', async () => {
    const { client, requests } = setup(() => new Response('{"a":1}\n1\t2\n', { status: 200 }));
    const bytes = await client.get('products/p/preview-input', { format: 'bytes' });
    expect(new TextDecoder().decode(bytes)).toBe('{"a":1}\n1\t2\n');
    expect(new Headers(requests[0]?.init.headers).get('accept')).toBe('text/plain');
  });

  it('answers undefined for 204', async () => {
    const { client, warn } = setup(() => new Response(null, { status: 204 }));
    await expect(client.logout()).resolves.toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('ApiClient response handling (SPEC section 8)', () => {
  it('clears the session on a 401', async () => {
    const { client, onUnauthorized, toasts } = setup(() => json(401, { message: 'No session' }));
    await expect(client.get('statements')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(toasts).toEqual([]);
  });

  it('treats a 401 on login as wrong credentials, keeping the server texts', async () => {
    const body = {
      message: 'The username or password you entered is not recognized.',
      title: 'Invalid Login Credentials',
    };
    const { client, onUnauthorized } = setup(() => json(401, body));
    const error = await client
      .login({ username: 'a', password: 'b' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(body);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reads a missing session as null without side effects', async () => {
    const { client, onUnauthorized } = setup(() => json(401, { message: 'No session' }));
    await expect(client.readSession()).resolves.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('shows the unreachable toast and sets the API-error flag for 502/503 GETs and a dead network', async () => {
    for (const respond of [
      () => json(502, {}),
      () => json(503, {}),
      () => Promise.reject(new TypeError('down')),
    ]) {
      const { client, toasts, onApiError } = setup(respond);
      await expect(client.get('statements')).rejects.toBeInstanceOf(ApiError);
      expect(toasts).toEqual([
        {
          type: 'error',
          content: 't(api.errors.server-not-reachable)',
          timer: 10,
          cancelable: true,
        },
      ]);
      expect(onApiError).toHaveBeenCalledWith(true);
    }
  });

  it('clears the API-error flag after a GET succeeds', async () => {
    const { client, onApiError } = setup(() => json(200, {}));
    await client.get('statements');
    expect(onApiError).toHaveBeenCalledWith(false);
  });

  it('passes an abort through without a toast', async () => {
    const { client, toasts } = setup(() =>
      Promise.reject(new DOMException('aborted', 'AbortError')),
    );
    await expect(client.get('statements')).rejects.toMatchObject({ name: 'AbortError' });
    expect(toasts).toEqual([]);
  });
});

describe('handleFailure', () => {
  // As on every page but the dashboard: they come with all of English (i18n/lazy.ts).
  beforeAll(() => addServerTextKeys(SERVER_TEXT_KEYS));

  const errorToast = (content: string, title?: string) => ({
    type: 'error',
    ...(title ? { title } : {}),
    content,
    timer: 10,
    cancelable: true,
  });

  it.each([
    ['GET', 401, undefined, { expireSession: true, apiError: false, warn: false }],
    ['POST', 401, undefined, { expireSession: true, apiError: false, warn: false }],
    [
      'GET',
      502,
      undefined,
      {
        expireSession: false,
        apiError: true,
        warn: false,
        toast: errorToast('t(api.errors.server-not-reachable)'),
      },
    ],
    [
      'GET',
      503,
      undefined,
      {
        expireSession: false,
        apiError: true,
        warn: false,
        toast: errorToast('t(api.errors.server-not-reachable)'),
      },
    ],
    [
      'GET',
      NO_ANSWER,
      undefined,
      {
        expireSession: false,
        apiError: true,
        warn: false,
        toast: errorToast('t(api.errors.server-not-reachable)'),
      },
    ],
    [
      'PUT',
      502,
      undefined,
      {
        expireSession: false,
        apiError: false,
        warn: false,
        toast: errorToast('t(api.errors.server-not-reachable)'),
      },
    ],
    ['PUT', 503, undefined, { expireSession: false, apiError: false, warn: true }],
    [
      'POST',
      409,
      { message: 'Already approved' },
      { expireSession: false, apiError: false, warn: false, toast: errorToast('Already approved') },
    ],
    [
      'POST',
      409,
      {
        message:
          'Splits of this statement’s products were changed after this result was calculated. Calculate this statement again so that it pays by the splits as they are now, then approve it.',
      },
      {
        expireSession: false,
        apiError: false,
        warn: false,
        toast: errorToast('t(statements.stale.refused)'),
      },
    ],
    [
      'POST',
      409,
      undefined,
      {
        expireSession: false,
        apiError: false,
        warn: false,
        toast: errorToast('t(api.errors.failed-to-complete)'),
      },
    ],
    // A refused delete is titled as SPEC section 8 names it, in the reader's language.
    [
      'POST',
      409,
      {
        title: 'Statement Remove Failed',
        message: 'A statement has an issue to resolve before splits can be calculated.',
      },
      {
        expireSession: false,
        apiError: false,
        warn: false,
        toast: errorToast(
          't(server.statement.issue-to-resolve)',
          't(server.statement.remove-failed)',
        ),
      },
    ],
    [
      'PATCH',
      400,
      { message: 'Name is required' },
      { expireSession: false, apiError: false, warn: false, toast: errorToast('Name is required') },
    ],
    [
      'PATCH',
      400,
      { message: '' },
      {
        expireSession: false,
        apiError: false,
        warn: false,
        toast: errorToast('t(api.errors.error-saving)'),
      },
    ],
    [
      'GET',
      404,
      { message: 'User not found' },
      {
        expireSession: false,
        apiError: false,
        warn: false,
        toast: errorToast('t(server.user.not-found)', 't(api.errors.not-found-title)'),
      },
    ],
    [
      'DELETE',
      404,
      undefined,
      {
        expireSession: false,
        apiError: false,
        warn: false,
        toast: errorToast('t(api.errors.resource-not-found)', 't(api.errors.not-found-title)'),
      },
    ],
    ['GET', 403, { message: 'Forbidden' }, { expireSession: false, apiError: false, warn: true }],
    ['POST', 423, { message: 'Locked' }, { expireSession: false, apiError: false, warn: true }],
    ['POST', 429, { message: 'Too many' }, { expireSession: false, apiError: false, warn: true }],
    ['GET', 500, { message: 'Boom' }, { expireSession: false, apiError: false, warn: true }],
  ] as const)('%s %i %j', (method, status, body, expected) => {
    expect(handleFailure(method, status, body, t)).toEqual(expected);
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    [null, 'download.csv'],
    ['attachment', 'download.csv'],
    ['attachment; filename="report 2026.csv"', 'report 2026.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.csv; filename="fallback.csv"', 'résumé.csv'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A; filename="fallback.csv"', 'fallback.csv'],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});
