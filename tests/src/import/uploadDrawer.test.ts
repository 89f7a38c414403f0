import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  uploadDrawerMachine,
  uploadRequestLogic,
  type StatementUploader,
} from '../../../machines/uploadDrawerMachine';
import { ApiClient, ApiError } from '../../../src/api/client';
import type { ToastRequest } from '../../../machines/toastsMachine';
import { createI18n } from '../../../src/i18n';
import { statementUploader } from '../../../src/import/importApi';
import { UploadDrawerView } from '../../../src/import/UploadDrawer';

const file = (name: string) => new File(['ISRC\n'], name);
const add = (names: string[], month = 1) => ({
  type: 'upload.add' as const,
  uploads: names.map((name) => ({
    file: file(name),
    month,
    year: 2025,
    distributor: 'dist-1',
    expectedPayment: null,
  })),
});

function startDrawer() {
  const calls: Array<{
    onProgress: (percent: number) => void;
    resolve: (answer: Array<{ id: string }>) => void;
    reject: (error: Error) => void;
  }> = [];
  const uploader: StatementUploader = (_request, _files, options) =>
    new Promise((resolve, reject) => calls.push({ ...options, resolve, reject }));
  const drawer = createActor(
    uploadDrawerMachine.provide({ actors: { uploadRequest: uploadRequestLogic(uploader) } }),
  ).start();
  return { drawer, calls };
}

const render = (drawer: ReturnType<typeof startDrawer>['drawer'], language = 'en') =>
  renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n(language) },
      createElement(UploadDrawerView, { drawer }),
    ),
  );

describe('UploadDrawerView', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is absent while no file is tracked', () => {
    const { drawer } = startDrawer();
    expect(render(drawer)).toBe('');
  });

  it('shows the count uploading and each file at its displayed percent', () => {
    const { drawer, calls } = startDrawer();
    drawer.send(add(['a.csv', 'b.csv']));
    calls[0]?.onProgress(50.4);
    const html = render(drawer);
    expect(html).toContain('Uploading 2 file(s)');
    expect(html.match(/aria-valuenow="49"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Remove a.csv"');
    expect(render(drawer, 'fr')).toContain('Envoi de 2 fichier(s)');
  });

  it('shows the deduplicated server messages in a red bar and marks the items failed', async () => {
    const { drawer, calls } = startDrawer();
    drawer.send(add(['a.csv'], 1));
    drawer.send(add(['b.csv'], 2));
    calls[0]?.reject(new Error('No distributor supports upload.'));
    calls[1]?.reject(new Error('No distributor supports upload.'));
    await vi.advanceTimersByTimeAsync(0);
    const html = render(drawer);
    expect(html).toContain('role="alert"');
    expect(html.match(/No distributor supports upload\./g)).toHaveLength(3);
    expect(html.match(/upload-row-error/g)).toHaveLength(2);
  });

  it('shows only the header when collapsed', () => {
    const { drawer } = startDrawer();
    drawer.send(add(['a.csv']));
    drawer.send({ type: 'drawer.collapse' });
    const html = render(drawer);
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('progressbar');
  });
});

/** Enough of XMLHttpRequest for uploadStatement. */
class FakeXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  body: FormData | null = null;
  private listeners = new Map<string, Array<() => void>>();
  upload = { addEventListener: () => undefined };
  open() {}
  setRequestHeader() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    for (const listener of this.listeners.get('abort') ?? []) listener();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const listener of this.listeners.get('load') ?? []) listener();
  }
}

describe('statementUploader', () => {
  function client() {
    const xhrs: FakeXhr[] = [];
    const toasts: ToastRequest[] = [];
    const api = new ApiClient({
      translate: (key) => key,
      toast: (toast) => toasts.push(toast),
      onUnauthorized: vi.fn(),
      readCookie: () => 'token',
      createXhr: () => {
        const xhr = new FakeXhr();
        xhrs.push(xhr);
        return xhr as unknown as XMLHttpRequest;
      },
    });
    return { upload: statementUploader(api), xhrs, toasts };
  }

  it('sends the body part and every file in one request', async () => {
    const { upload, xhrs } = client();
    const controller = new AbortController();
    const answer = upload(
      { distributor: 'dist-1', report_month: '2025-01', expected: '10.50' },
      [file('a.csv'), file('b.csv')],
      { onProgress: vi.fn(), signal: controller.signal },
    );
    const form = xhrs[0]?.body;
    expect(JSON.parse(form?.get('body') as string)).toEqual({
      distributor: 'dist-1',
      report_month: '2025-01',
      expected: '10.50',
    });
    expect(form?.getAll('file').map((part) => (part as File).name)).toEqual(['a.csv', 'b.csv']);
    xhrs[0]?.answer(201, [{ id: 'statement-1', files: [] }]);
    await expect(answer).resolves.toEqual([{ id: 'statement-1', files: [] }]);
  });

  it('rejects with the server message and leaves the toast to the drawer', async () => {
    const { upload, xhrs, toasts } = client();
    const answer = upload(
      { distributor: 'dist-1', report_month: '2025-01', expected: null },
      [file('a.csv')],
      { onProgress: vi.fn(), signal: new AbortController().signal },
    );
    xhrs[0]?.answer(409, { message: "'a.csv' was already uploaded on 01-02-2025." });
    await expect(answer).rejects.toThrow(ApiError);
    await expect(answer).rejects.toThrow("'a.csv' was already uploaded on 01-02-2025.");
    expect(toasts).toEqual([]);
  });
});
