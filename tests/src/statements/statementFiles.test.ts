import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { Statement } from '../../../api/statements';
import { ApiClient, ApiError } from '../../../src/api/client';
import { ServicesContext } from '../../../src/app/ServicesContext';
import type { Services } from '../../../src/app/services';
import { createI18n } from '../../../src/i18n';
import { StatementFiles } from '../../../src/statements/StatementFiles';
import { replaceStatementFile } from '../../../src/statements/statementsApi';
import { REPLACE_AFTER_APPROVAL } from '../../../server/statements/replaceFile';

const file = (id: string, name: string) => ({
  id,
  name,
  status: 'read',
  error: null,
  records: 1,
  errors: 0,
  nonSalesRows: 0,
});

const statementIn = (state: string) =>
  ({
    id: 's1',
    state,
    flags: { forced: false, expedited: false, cashless: false },
    files: [file('f1', 'june.csv'), file('f2', 'june-album.csv')],
  }) as unknown as Statement;

function render(state: string, canWrite: boolean, language = 'en') {
  const i18n = createI18n(language);
  return renderToStaticMarkup(
    createElement(
      ServicesContext.Provider,
      { value: { i18n, api: {} } as unknown as Services },
      createElement(
        I18nextProvider,
        { i18n },
        createElement(StatementFiles, {
          statement: statementIn(state),
          actor: { admin: false, canWrite },
          onReplaced: () => undefined,
        }),
      ),
    ),
  );
}

describe("the statement's files", () => {
  it('offers to replace each file until the result is approved, to those who may write', () => {
    const pending = render('pendingApproval', true);
    expect(pending).toContain('june.csv');
    expect(pending).toContain('aria-label="Replace june.csv"');
    expect(pending).toContain('aria-label="Replace june-album.csv"');
    expect(render('needsAttention', true, 'fr')).toContain('Remplacer le fichier');
    // Approved, being calculated, or for a reader: the files are listed, not replaceable.
    for (const [state, canWrite] of [
      ['ready', true],
      ['calculating', true],
      ['pendingApproval', false],
    ] as const) {
      const html = render(state, canWrite);
      expect(html).toContain('june.csv');
      expect(html).not.toContain('Replace file');
    }
  });
});

/** Enough of XMLHttpRequest for a multipart send: where it went and what it carried. */
class FakeXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  url = '';
  body: FormData | null = null;
  private listeners = new Map<string, Array<() => void>>();
  upload = { addEventListener: () => undefined };
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const listener of this.listeners.get('load') ?? []) listener();
  }
}

describe('replaceStatementFile', () => {
  it("sends the one file to the file's replace path and hands a refusal to the dialog", async () => {
    const xhrs: FakeXhr[] = [];
    const toasts: unknown[] = [];
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
    const sent = replaceStatementFile(api, 's1', 'f1', new File(['ISRC\n'], 'june-fixed.csv'), {
      onError: () => undefined,
    });
    const xhr = xhrs[0];
    expect(xhr?.url).toMatch(/^\/api\/statements\/s1\/files\/f1\/replace(\?|$)/);
    expect(xhr?.body?.getAll('file').map((part) => (part as File).name)).toEqual([
      'june-fixed.csv',
    ]);
    expect(xhr?.body?.get('body')).toBeNull();
    xhr?.answer(409, { message: REPLACE_AFTER_APPROVAL });
    await expect(sent).rejects.toThrow(ApiError);
    await expect(sent).rejects.toThrow(REPLACE_AFTER_APPROVAL);
    expect(toasts).toEqual([]);
  });
});
