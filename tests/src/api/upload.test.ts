import { describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError } from '../../../src/api/client';
import type { ToastRequest } from '../../../machines/toastsMachine';
import { progressPercent, uploadForm, uploadStatement } from '../../../src/api/upload';

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** Enough of XMLHttpRequest for the client: the test plays the server's part. */
class FakeXhr {
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  private listeners = new Map<string, Array<() => void>>();
  private uploadListeners: Listener[] = [];
  upload = {
    addEventListener: (_type: 'progress', listener: Listener) => {
      this.uploadListeners.push(listener);
    },
  };

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners)
      listener({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.emit('load');
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

function setup() {
  const xhrs: FakeXhr[] = [];
  const toasts: ToastRequest[] = [];
  const onUnauthorized = vi.fn();
  const client = new ApiClient({
    readCookie: () => 'token-1',
    translate: (key) => `t(${key})`,
    toast: (toast) => toasts.push(toast),
    onUnauthorized,
    createXhr: () => {
      const xhr = new FakeXhr();
      xhrs.push(xhr);
      return xhr as unknown as XMLHttpRequest;
    },
  });
  return { client, xhrs, toasts, onUnauthorized };
}

const REQUEST = { distributor: 'd-1', report_month: '2026-01', expected: null };
const file = (name: string) => new File(['a,b\n1,2\n'], name, { type: 'text/csv' });

describe('statement upload (SPEC section 7)', () => {
  it("sends a 'body' JSON part and one 'file' part per file, with cookies and the csrf header", async () => {
    const { client, xhrs } = setup();
    const done = uploadStatement(client, REQUEST, [file('a.csv'), file('b.csv')]);
    const xhr = xhrs[0];
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/statement/upload');
    expect(xhr?.withCredentials).toBe(true);
    expect(xhr?.headers['x-csrf-token']).toBe('token-1');
    expect(JSON.parse(xhr?.body?.get('body') as string)).toEqual(REQUEST);
    expect(xhr?.body?.getAll('file').map((part) => (part as File).name)).toEqual([
      'a.csv',
      'b.csv',
    ]);
    xhr?.answer(201, [{ id: 'st-1' }]);
    await expect(done).resolves.toEqual([{ id: 'st-1' }]);
  });

  it('accepts a single file as well as a list', () => {
    expect(uploadForm(REQUEST, file('one.csv')).getAll('file')).toHaveLength(1);
  });

  it('reports progress in percent, ending at 100', async () => {
    const { client, xhrs } = setup();
    const seen: number[] = [];
    const done = uploadStatement(client, REQUEST, [file('a.csv')], {
      onProgress: (percent) => seen.push(percent),
    });
    xhrs[0]?.progress(25, 100);
    xhrs[0]?.progress(50, 100);
    xhrs[0]?.answer(200, [{ id: 'st-2' }]);
    await done;
    expect(seen).toEqual([25, 50, 100]);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(150, 100)).toBe(100);
  });

  it('aborts through the signal without a toast', async () => {
    const { client, xhrs, toasts } = setup();
    const controller = new AbortController();
    const done = uploadStatement(client, REQUEST, [file('a.csv')], { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhrs[0]?.aborted).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('does not start when the signal is already aborted', async () => {
    const { client, xhrs } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadStatement(client, REQUEST, [file('a.csv')], { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhrs).toHaveLength(0);
  });

  it("shows the 'UploadError' toast with the server message, else 'FailedToUploadFile'", async () => {
    const { client, xhrs, toasts } = setup();
    const first = uploadStatement(client, REQUEST, [file('a.csv')]);
    xhrs[0]?.answer(400, { message: 'File Format Error' });
    await expect(first).rejects.toBeInstanceOf(ApiError);
    const second = uploadStatement(client, REQUEST, [file('a.csv')]);
    xhrs[1]?.answer(500, undefined);
    await expect(second).rejects.toMatchObject({ status: 500 });
    expect(toasts).toEqual([
      {
        type: 'error',
        title: 't(api.upload.error-title)',
        content: 'File Format Error',
        timer: 10,
        cancelable: true,
      },
      {
        type: 'error',
        title: 't(api.upload.error-title)',
        content: 't(api.upload.failed)',
        timer: 10,
        cancelable: true,
      },
    ]);
  });

  it('lets a custom handler take over from the toast', async () => {
    const { client, xhrs, toasts } = setup();
    const onError = vi.fn();
    const done = uploadStatement(client, REQUEST, [file('a.csv')], { onError });
    xhrs[0]?.answer(409, { message: 'Duplicate statement' });
    await expect(done).rejects.toMatchObject({ message: 'Duplicate statement', status: 409 });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Duplicate statement' }),
    );
    expect(toasts).toEqual([]);
  });

  it('clears the session on a 401 and reports a dead network', async () => {
    const { client, xhrs, onUnauthorized, toasts } = setup();
    const expired = uploadStatement(client, REQUEST, [file('a.csv')]);
    xhrs[0]?.answer(401, { message: 'Unauthorized' });
    await expect(expired).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(toasts).toEqual([]);

    const offline = uploadStatement(client, REQUEST, [file('a.csv')]);
    xhrs[1]?.emit('error');
    await expect(offline).rejects.toMatchObject({ status: 0 });
    expect(toasts).toHaveLength(1);
  });
});
