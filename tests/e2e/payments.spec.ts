import { readFileSync } from 'node:fs';
import { expect, request, test } from '@playwright/test';
import { activatedPayee, apiSession, DISTROKID_HEADER, DEMO_PASSWORD, login } from './helpers';

const PAYEE_PASSWORD = 'Payee-paid-2026!';

/** Signed-in API calls of the demo label, multipart uploads included. */
async function labelApi(baseURL: string) {
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
  const send = (method: 'post' | 'put', path: string, data: unknown) =>
    api[method](path, { data, headers: { 'x-csrf-token': csrf } });
  return { api, csrf, json, send };
}

test('an approved statement pays the payee whole cents and keeps the rest in their wallet', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const stamp = Date.now().toString().slice(-5);
  const isrc = `QZPA126${stamp}`;
  // A payee of their own, so no other suite's payouts or recoupments touch their balance.
  const email = await activatedPayee(base, PAYEE_PASSWORD);
  const label = await labelApi(base);
  const otto = await apiSession(base, 'overseer@demo.label');
  try {
    const users = await label.json<{ items: { id: string; username: string | null }[] }>(
      '/api/users?limit=1000',
    );
    const payeeId = users.items.find((user) => user.username === email)?.id ?? '';
    const accounts = (await (await otto.get('/api/accounts?q=Demo%20Records')).json()) as {
      items: { id: string }[];
    };
    const created = await otto.post('/api/products', {
      title: `E2E Paid ${stamp}`,
      type: 'single',
      accountId: accounts.items[0]?.id,
      codes: [{ code: isrc, kind: 'isrc' }],
    });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as { id: string; version: number };
    const splits = await label.send('put', `/api/products/${product.id}/splits`, {
      version: product.version,
      splitSets: [{ scope: 'product', kind: 'base', shares: [{ payeeId, pct: '100' }] }],
    });
    expect(splits.status()).toBe(200);

    // DistroKid pays 10.0071 for the song; the label records the funds, calculates, approves.
    const distributors = await label.json<{ items: { id: string; name: string }[] }>(
      '/api/distributors?q=DistroKid',
    );
    const row = ['2026-06-15', '2026-06', 'Spotify', 'Aria Vale', 'Song', isrc, '', '10', '100']
      .concat(['Song', 'US', '0', '10.0071'])
      .join('\t');
    const upload = await label.api.post('/api/statement/upload', {
      headers: { 'x-csrf-token': label.csrf },
      multipart: {
        body: JSON.stringify({
          distributor: distributors.items.find((d) => d.name === 'DistroKid')?.id,
          report_month: '2026-06',
          expected: null,
        }),
        file: {
          name: `paid-${stamp}.tsv`,
          mimeType: 'text/tab-separated-values',
          buffer: Buffer.from(`${DISTROKID_HEADER}\n${row}\n`),
        },
      },
    });
    expect(upload.status()).toBeLessThan(300);
    const statementId = ((await upload.json()) as { id: string }[])[0]?.id ?? '';
    const statusOf = async () =>
      (await label.json<{ status: string }>(`/api/statements/${statementId}`)).status;
    await expect.poll(statusOf, { timeout: 30_000 }).toBe('waiting-for-funds');
    const funded = await label.send('post', `/api/statements/${statementId}/funds`, {
      amount: '10.0071',
    });
    expect(funded.status()).toBe(200);
    expect(
      (await label.send('post', `/api/statements/${statementId}/calculate`, {})).status(),
    ).toBe(200);
    await expect.poll(statusOf, { timeout: 30_000 }).toBe('pending-approval');
    expect((await label.send('post', `/api/statements/${statementId}/approve`, {})).status()).toBe(
      200,
    );
  } finally {
    await label.api.dispose();
    await otto.dispose();
  }

  // The payee finds the payment of 10.00, scheduled, and where it comes from.
  await login(page, email, PAYEE_PASSWORD);
  await page.getByRole('link', { name: 'Payments' }).click();
  const payments = page.getByRole('table', { name: 'Payments' });
  const payment = payments.getByRole('row').filter({ hasText: 'E2E Payee' });
  await expect(payment).toContainText('$10.00');
  await expect(payment).toContainText('Scheduled');
  await payment.getByRole('link', { name: 'E2E Payee' }).click();
  await expect(page.getByRole('heading', { name: 'Payment to E2E Payee' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Prepared');
  const transfers = page.getByRole('table', { name: 'Ledger transfers' });
  await expect(transfers).toContainText('Balance of E2E Payee');
  await expect(transfers).toContainText('Payments on their way');

  // The wallet keeps the 0.0071 that is less than a cent, shown exactly.
  await page.goto('/wallet');
  const balance = page.getByRole('region', { name: 'Balance in USD' });
  await expect(balance).toContainText('$0.0071');
  await expect(balance).toContainText('$0.00');
  await expect(page.getByRole('table', { name: 'Incoming transfers' })).toContainText('$10.0071');
  await expect(page.getByRole('table', { name: 'Prepared transactions' })).toContainText('$10.00');
  // The footer rounds to cents and shows the exact balance on hover.
  const footer = page.getByTestId('wallet-balance');
  await expect(footer).toHaveText('$0.01');
  await expect(footer.locator('.money')).toHaveAttribute('title', '$0.0071');

  // An admin runs the batch now: without a verified bank account the payment is held, and the
  // payee reads why.
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await login(page, 'admin@demo.label');
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Run the payment batch now' }).click();
  await expect(page.getByText(/^Payment batch: \d+ sent, [1-9]\d* held/)).toBeVisible();
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await login(page, email, PAYEE_PASSWORD);
  await page.goto('/payments');
  await expect(payment).toContainText('Held · No verified bank account');
});

test('the label downloads its transactions as a CSV file', async ({ page }) => {
  await login(page, 'label@demo.label');
  await page.goto('/transactions');
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('E2E Payee');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path()) ?? '', 'utf8');
  const [header, ...rows] = text.trim().split('\r\n');
  expect(header).toContain('amount,fee,total,currency,status');
  expect(
    rows.some((line) => line.includes('E2E Payee') && line.includes(',10,0,10,USD,PREPARE,')),
  ).toBe(true);
});
