import { expect, request, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Royalty-demo-2026!';

export const DEMO_LOGINS = [
  { username: 'admin@demo.label', fullname: 'Ada Admin' },
  { username: 'overseer@demo.label', fullname: 'Otto Overseer' },
  { username: 'label@demo.label', fullname: 'Lena Label' },
  { username: 'payee@demo.label', fullname: 'Paco Payee' },
  { username: 'artist@demo.label', fullname: 'Aria Artist' },
  { username: 'warranter@demo.label', fullname: 'Walt Warranter' },
] as const;

export async function fillLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function login(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** An API session of a demo user, for the set-up steps a page test needs. */
export async function apiSession(baseURL: string, username: string, password = DEMO_PASSWORD) {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/session', { data: { username, password } });
  expect(login.status()).toBe(200);
  const { cookies } = await api.storageState();
  const csrf = cookies.find((cookie) => cookie.name === 'portal_csrf')?.value ?? '';
  return {
    get: (path: string) =>
      api.get(`${path}${path.includes('?') ? '&' : '?'}csrf=${encodeURIComponent(csrf)}`),
    post: (path: string, data: unknown) =>
      api.post(path, { data, headers: { 'x-csrf-token': csrf } }),
    patch: (path: string, data: unknown) =>
      api.patch(path, { data, headers: { 'x-csrf-token': csrf } }),
    put: (path: string, data: unknown) =>
      api.put(path, { data, headers: { 'x-csrf-token': csrf } }),
    delete: (path: string) => api.delete(path, { headers: { 'x-csrf-token': csrf } }),
    dispose: () => api.dispose(),
  };
}

/** The newest e-mailed link to a recipient, as a path of this site (the admin reads the outbox). */
export async function latestLink(baseURL: string, recipient: string): Promise<string> {
  const admin = await apiSession(baseURL, 'admin@demo.label');
  try {
    const answer = await admin.get(`/api/outbox?q=${encodeURIComponent(recipient)}`);
    expect(answer.status()).toBe(200);
    const { items } = (await answer.json()) as { items: Array<{ link: string | null }> };
    const link = items.find((item) => item.link)?.link;
    if (!link) throw new Error(`No e-mailed link for ${recipient}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  } finally {
    await admin.dispose();
  }
}

/** A payee of its own, invited by the demo label and activated with `password`. */
export async function activatedPayee(baseURL: string, password: string): Promise<string> {
  const email = `payee-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const label = await apiSession(baseURL, 'label@demo.label');
  try {
    const invited = await label.post('/api/users', { email, fullname: 'E2E Payee' });
    expect(invited.status()).toBe(201);
  } finally {
    await label.dispose();
  }
  const token = new URL(await latestLink(baseURL, email), baseURL).searchParams.get('token');
  const api = await request.newContext({ baseURL });
  const done = await api.post('/api/activations/complete', { data: { token, password } });
  expect(done.status()).toBe(200);
  await api.dispose();
  return email;
}

/** The header line of DistroKid's tab-separated bank export, as its statements start. */
export const DISTROKID_HEADER = [
  'Reporting Date',
  'Sale Month',
  'Store',
  'Artist',
  'Title',
  'ISRC',
  'UPC',
  'Quantity',
  'Team Percentage',
  'Song/Album',
  'Country of Sale',
  'Songwriter Royalties Withheld',
  'Earnings (USD)',
].join('\t');

/**
 * Collects what the browser refused under the portal's Content-Security-Policy on this page: the
 * list must stay empty for the app, its worker and its WebAssembly engine to work as served.
 */
export function policyViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}
