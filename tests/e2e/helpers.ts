import { expect, request, type BrowserContext, type Page } from '@playwright/test';
import { PAYMENT_TERMS_VERSION } from '../../rules/paymentTerms';
import { w9For } from '../server/fixtures/taxForms';

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

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;
/** The session cookies of each person this worker signed in through the login page. */
const signedIn = new Map<string, Cookies>();

/**
 * Gives the page the cookies of the session this worker kept for `username`, when that session is
 * still the person's own (not ended, not left emulating someone); otherwise forgets it.
 */
async function keptSession(page: Page, username: string, password: string): Promise<boolean> {
  const key = `${username}\n${password}`;
  const kept = signedIn.get(key);
  if (!kept) return false;
  await page.context().addCookies(kept);
  const csrf = kept.find((cookie) => cookie.name === 'portal_csrf')?.value ?? '';
  const session = await page.request.get(`/api/session?csrf=${encodeURIComponent(csrf)}`);
  // A session left emulating someone is not the person's own view: sign in afresh.
  if (session.ok() && ((await session.json()) as { emulation: unknown }).emulation === null)
    return true;
  signedIn.delete(key);
  await page.context().clearCookies();
  return false;
}

/**
 * Opens `path` signed in as `username`, as a person whose browser kept the session types its
 * address: the page itself, not the dashboard first (the first time, through the login page).
 */
export async function loginAt(page: Page, username: string, path: string) {
  if (!(await keptSession(page, username, DEMO_PASSWORD))) await login(page, username);
  await page.goto(path);
}

/**
 * Opens the dashboard signed in as `username`: the first time through the login page, then with
 * that session's cookies, as a person whose browser kept them. A session that ended since (a test
 * signed out, or it expired) or left emulating someone is replaced by signing in again.
 */
export async function login(page: Page, username: string, password = DEMO_PASSWORD) {
  if (await keptSession(page, username, password)) {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The address is the dashboard's at once; the frame is drawn once the session is read, as
    // when the login page hands over (its navigation hidden behind the menu on a phone).
    await page.locator('.nav-list .nav-link').first().waitFor({ state: 'attached' });
    return;
  }
  await page.goto('/login');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  signedIn.set(`${username}\n${password}`, await page.context().cookies());
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

/** Signed-in API calls of the demo label, multipart uploads included. */
export async function labelApi(baseURL: string) {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/api/session', {
    data: { username: 'label@demo.label', password: DEMO_PASSWORD },
  });
  expect(answer.status()).toBe(200);
  const csrf =
    (await api.storageState()).cookies.find((cookie) => cookie.name === 'portal_csrf')?.value ?? '';
  const json = async <T>(path: string) => {
    const read = await api.get(`${path}${path.includes('?') ? '&' : '?'}csrf=${csrf}`);
    expect(read.status()).toBe(200);
    return (await read.json()) as T;
  };
  const post = (path: string, data: unknown) =>
    api.post(path, { data, headers: { 'x-csrf-token': csrf } });
  const put = (path: string, data: unknown) =>
    api.put(path, { data, headers: { 'x-csrf-token': csrf } });
  return { api, csrf, json, post, put };
}

/** A DistroKid statement of one row for `isrc`, uploaded by the label; answers its id. */
export async function uploadSongStatement(
  label: Awaited<ReturnType<typeof labelApi>>,
  song: {
    isrc: string;
    month: string;
    earnings: string;
    cashless: boolean;
    fileName: string;
    /** Country of Sale as DistroKid writes it; US unless said (`OU`: outside the US). */
    country?: string;
  },
  expected: string | null = null,
): Promise<string> {
  const row = [`${song.month}-15`, song.month, 'Spotify', 'Aria Vale', 'Song', song.isrc, '']
    .concat(['10', '100', 'Song', song.country ?? 'US', '0', song.earnings])
    .join('\t');
  return uploadToDistroKid(label, {
    month: song.month,
    expected,
    cashless: song.cashless,
    name: song.fileName,
    text: `${DISTROKID_HEADER}\n${row}\n`,
  });
}

/**
 * The label uploads one file as DistroKid's statement of `month` through the API; answers the
 * statement's id. A file in another layout fails to read (File Format Error).
 */
export async function uploadToDistroKid(
  label: Awaited<ReturnType<typeof labelApi>>,
  file: {
    month: string;
    name: string;
    text: string;
    expected?: string | null;
    cashless?: boolean;
    mimeType?: string;
  },
): Promise<string> {
  const distributors = await label.json<{ items: { id: string; name: string }[] }>(
    '/api/distributors?q=DistroKid',
  );
  const upload = await label.api.post('/api/statement/upload', {
    headers: { 'x-csrf-token': label.csrf },
    multipart: {
      body: JSON.stringify({
        distributor: distributors.items.find((d) => d.name === 'DistroKid')?.id,
        report_month: file.month,
        expected: file.expected ?? null,
        ...(file.cashless ? { cashless: true } : {}),
      }),
      file: {
        name: file.name,
        mimeType: file.mimeType ?? 'text/tab-separated-values',
        buffer: Buffer.from(file.text),
      },
    },
  });
  expect(upload.status()).toBeLessThan(300);
  return ((await upload.json()) as { id: string }[])[0]?.id ?? '';
}

/**
 * A DistroKid statement of one row for `isrc`, uploaded by the label, funded unless cashless,
 * calculated and approved; answers its id.
 */
export async function approvedSongStatement(
  label: Awaited<ReturnType<typeof labelApi>>,
  song: Parameters<typeof uploadSongStatement>[1],
): Promise<string> {
  const statementId = await uploadSongStatement(label, song);
  const statusOf = async () =>
    (await label.json<{ status: string }>(`/api/statements/${statementId}`)).status;
  if (song.cashless) {
    await expect.poll(statusOf, { timeout: 30_000 }).toBe('funded');
  } else {
    await expect.poll(statusOf, { timeout: 30_000 }).toBe('waiting-for-funds');
    const funded = await label.post(`/api/statements/${statementId}/funds`, {
      amount: song.earnings,
    });
    expect(funded.status()).toBe(200);
  }
  expect((await label.post(`/api/statements/${statementId}/calculate`, {})).status()).toBe(200);
  await expect.poll(statusOf, { timeout: 30_000 }).toBe('pending-approval');
  expect((await label.post(`/api/statements/${statementId}/approve`, {})).status()).toBe(200);
  return statementId;
}

/** The overseer adds a product to Demo Records (labels do not create products); answers its id. */
export async function overseerProduct(
  baseURL: string,
  title: string,
  isrc: string,
): Promise<string> {
  const otto = await apiSession(baseURL, 'overseer@demo.label');
  const accounts = (await (await otto.get('/api/accounts?q=Demo%20Records')).json()) as {
    items: { id: string }[];
  };
  const product = await otto.post('/api/products', {
    title,
    type: 'single',
    accountId: accounts.items[0]?.id,
    codes: [{ code: isrc, kind: 'isrc' }],
  });
  expect(product.status()).toBe(201);
  const id = ((await product.json()) as { id: string }).id;
  await otto.dispose();
  return id;
}

/**
 * What a payee does before their first payment, through their own session: accepts the payment
 * terms in force and signs a W-9 (a US person, a typed SSN).
 */
export async function readyToBePaid(
  payee: Awaited<ReturnType<typeof apiSession>>,
  name: string,
): Promise<void> {
  const accepted = await payee.post('/api/payment-method/terms', {
    version: PAYMENT_TERMS_VERSION,
    language: 'en',
  });
  expect(accepted.status()).toBe(200);
  const signed = await payee.post('/api/tax-form', w9For(name));
  expect(signed.status(), await signed.text()).toBe(200);
}
