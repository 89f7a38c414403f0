import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../src/api/client';
import type { ToastRequest } from '../../../machines/toastsMachine';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(respond: (url: string, init: RequestInit) => Response) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const toasts: ToastRequest[] = [];
  const client = new ApiClient({
    fetch: (input, init = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      requests.push({ url, init });
      return Promise.resolve(respond(url, init));
    },
    readCookie: () => 'token-1',
    translate: (key) => `t(${key})`,
    toast: (toast) => toasts.push(toast),
    onUnauthorized: vi.fn(),
    warn: vi.fn(),
  });
  return { client, requests, toasts };
}

describe('emulation calls (SPEC section 7)', () => {
  it('asks for 250 users, sending the search text only when longer than 2 characters', async () => {
    const { client, requests } = setup(() => json(200, []));
    await client.emulationUsers({ text: 'ab' });
    await client.emulationUsers({ text: ' abc ', warranter: true });
    await client.emulationUsers({ warranter: false });
    expect(requests.map((request) => request.url)).toEqual([
      '/api/session/emulate?csrf=token-1&limit=250',
      '/api/session/emulate?csrf=token-1&limit=250&q=abc&warranter=true',
      '/api/session/emulate?csrf=token-1&limit=250&warranter=false',
    ]);
  });

  it('starts with POST, switches with PUT and stops with DELETE', async () => {
    const { client, requests } = setup(() => json(200, { status: 'ok' }));
    await client.emulate('payee@demo.label', false);
    await client.emulate('artist@demo.label', true);
    await client.stopEmulation();
    await client.recentEmulations();
    expect(requests.map((request) => `${request.init.method} ${request.url}`)).toEqual([
      'POST /api/session/emulate',
      'PUT /api/session/emulate',
      'DELETE /api/session/emulate',
      'GET /api/session/emulate/recent?csrf=token-1',
    ]);
    expect(requests[0]?.init.body).toBe('{"username":"payee@demo.label"}');
  });

  it('saves the language with PATCH session/settings', async () => {
    const { client, requests } = setup(() => json(200, { status: 'ok' }));
    await client.saveLanguage('fr');
    expect(requests[0]?.init.method).toBe('PATCH');
    expect(requests[0]?.url).toBe('/api/session/settings');
    expect(requests[0]?.init.body).toBe('{"language":"fr"}');
  });
});

describe('e-mailed link calls', () => {
  it('posts to the request and complete paths of each link', async () => {
    const { client, requests } = setup((url) =>
      url.endsWith('/complete') ? json(200, { status: 'done', username: 'a@b.c' }) : json(202, {}),
    );
    await client.requestAccountLink('reset', 'a@b.c');
    await client.requestAccountLink('claim', 'a@b.c');
    await client.requestAccountLink('activate', 'a@b.c');
    await expect(client.completeAccountLink('reset', 'token-123456', 'pw')).resolves.toEqual({
      status: 'done',
      username: 'a@b.c',
    });
    await client.completeAccountLink('claim', 'token-123456', 'pw');
    await client.completeAccountLink('activate', 'token-123456', 'pw');
    expect(requests.map((request) => request.url)).toEqual([
      '/api/password-resets',
      '/api/claims',
      '/api/activations',
      '/api/password-resets/complete',
      '/api/claims/complete',
      '/api/activations/complete',
    ]);
  });

  it('leaves the failure to the form: the server text, no toast', async () => {
    const { client, toasts } = setup(() =>
      json(400, { message: 'Password reset link has expired.' }),
    );
    await expect(client.completeAccountLink('reset', 'token-123456', 'pw')).rejects.toMatchObject({
      status: 400,
      message: 'Password reset link has expired.',
    });
    expect(toasts).toEqual([]);
  });
});
