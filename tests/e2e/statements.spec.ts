import { expect, request, test, type APIRequestContext, type Page } from './test';
import { formatCurrency } from '../../src/format/formatters';
import { sumDecimals } from '../../src/statements/results';
import { apiSession, DEMO_PASSWORD, DISTROKID_HEADER, loginAt } from './helpers';

/** A DistroKid export: one row of an ISRC no product has, one of the demo's Midnight Signals. */
function distroKidFile(unknownIsrc: string) {
  const row = (title: string, isrc: string, earnings: string) =>
    [
      '2026-04-15',
      '2026-03',
      'Spotify',
      'Aria Vale',
      title,
      isrc,
      '',
      '120',
      '100',
      'Song',
      'US',
      '0',
      earnings,
    ].join('\t');
  const text = [
    DISTROKID_HEADER,
    row('Unknown Song', unknownIsrc, '4.25'),
    row('Midnight Signals', 'QZDM12600001', '5.75'),
  ].join('\n');
  return {
    name: `dk-statement-${unknownIsrc}.tsv`,
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(`${text}\n`),
  };
}

/** A signed-in API context of a demo user with its csrf token. */
async function apiAs(baseURL: string, username: string) {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/api/session', { data: { username, password: DEMO_PASSWORD } });
  expect(answer.status()).toBe(200);
  const { cookies } = await api.storageState();
  const csrf = cookies.find((cookie) => cookie.name === 'portal_csrf')?.value ?? '';
  return { api, csrf };
}

async function getJson<T>(api: APIRequestContext, csrf: string, path: string): Promise<T> {
  const answer = await api.get(`${path}${path.includes('?') ? '&' : '?'}csrf=${csrf}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as T;
}

/** The status the lit step of the label's steps names: the badge's, in the step it belongs to. */
const currentStep = (page: Page) => page.getByTestId('pipeline-status');

test.describe('the statement pipeline', () => {
  test('upload, add the missing code, record the funds, calculate and approve, step by step', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { api, csrf } = await apiAs(baseURL ?? '', 'label@demo.label');
    const unknownIsrc = `USXYZ26${Date.now().toString().slice(-5)}`;

    const distributors = await getJson<{ items: Array<{ id: string; name: string }> }>(
      api,
      csrf,
      '/api/distributors?q=DistroKid',
    );
    const distroKid = distributors.items.find((item) => item.name === 'DistroKid');
    expect(distroKid).toBeTruthy();
    const upload = await api.post('/api/statement/upload', {
      headers: { 'x-csrf-token': csrf },
      multipart: {
        body: JSON.stringify({
          distributor: distroKid?.id,
          report_month: '2026-03',
          expected: '10',
        }),
        file: distroKidFile(unknownIsrc),
      },
    });
    expect(upload.status()).toBeLessThan(300);
    const [uploaded] = (await upload.json()) as Array<{ id: string }>;
    const id = uploaded?.id ?? '';
    expect(id).not.toBe('');

    // The statement is read in a job: wait until it leaves syncing.
    await expect
      .poll(
        async () => (await getJson<{ status: string }>(api, csrf, `/api/statements/${id}`)).status,
        { timeout: 30_000 },
      )
      .toBe('needs-attention');

    await loginAt(page, 'label@demo.label', '/statements');
    await page.getByRole('button', { name: 'Needs Attention' }).click();
    const attention = page.getByTestId('needs-attention');
    const link = attention.locator(`a[href="/statements/${id}"]`);
    await expect(link).toBeVisible();
    await link.click();

    await expect(page).toHaveURL(new RegExp(`/statements/${id}$`));
    await expect(currentStep(page)).toHaveText('Needs Attention');
    await expect(page.getByTestId('statement-status')).toHaveText('Needs Attention');
    const missing = page.getByTestId('missing-codes');
    await expect(missing.getByText(unknownIsrc)).toBeVisible();
    await expect(missing.getByRole('button', { name: 'Add to a product' })).toBeVisible();

    // Products are added by overseers (SPEC section 2): the overseer adds one to the label's account.
    const otto = await apiSession(baseURL ?? '', 'overseer@demo.label');
    const accounts = (await (await otto.get('/api/accounts?q=Demo%20Records')).json()) as {
      items: { id: string }[];
    };
    const product = await otto.post('/api/products', {
      title: `E2E ${unknownIsrc}`,
      type: 'single',
      accountId: accounts.items[0]?.id,
      codes: [{ code: unknownIsrc, kind: 'isrc' }],
    });
    expect(product.status()).toBe(201);
    await otto.dispose();

    // Every code known: the statement loads and waits for its expected 10.
    await page.reload();
    await expect(currentStep(page)).toHaveText('Waiting for Funds');
    await expect(page.getByTestId('statement-status')).toHaveText('Waiting for Funds');
    await expect(page.getByRole('button', { name: /Force run/ })).toHaveCount(0);

    await page.getByLabel('Received amount').fill('10');
    await page.getByRole('button', { name: 'Record funds' }).click();
    await expect(currentStep(page)).toHaveText('Funded');
    await expect(page.getByTestId('received-funds')).toHaveText('$10.00');

    await page.getByRole('button', { name: 'Calculate', exact: true }).click();
    await expect(currentStep(page)).toHaveText('Pending Approval', { timeout: 30_000 });
    await expect(page.getByTestId('statement-status')).toHaveText('Pending Approval');

    const results = page.getByTestId('statement-results');
    await expect(results.getByRole('table', { name: 'Splits' })).toBeVisible();
    await expect(results.getByRole('cell', { name: 'Lena Label' })).toBeVisible();
    await results.getByRole('tab', { name: 'Revenue' }).click();
    await expect(results.getByRole('cell', { name: 'QZDM12600001' })).toBeVisible();
    await results.getByRole('tab', { name: 'Chart' }).click();
    await expect(results.getByTestId('chart-bar').first()).toBeVisible();
    await results.getByRole('tab', { name: 'Table' }).click();
    await expect(results.getByRole('table', { name: 'Table' })).toBeVisible();

    // Approval moves money: it says to how many payees and how much before it runs.
    await page.getByRole('button', { name: 'Approve' }).click();
    const approval = page.getByRole('dialog');
    // The total of the payouts the server calculated (other suites' recoupments may take off the
    // top first), in cents and the reader's locale.
    const payees = await getJson<{ items: Array<{ payout: string }> }>(
      api,
      csrf,
      `/api/statements/${id}/payees`,
    );
    const total = formatCurrency(sumDecimals(payees.items.map((payee) => payee.payout)), {
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    await expect(approval.getByTestId('approval-summary')).toContainText(
      `Payees paid when approved: ${payees.items.length}. In all: ${total}`,
    );
    await approval.getByRole('button', { name: 'Yes, go on' }).click();
    await expect(currentStep(page)).toHaveText('Ready', { timeout: 30_000 });
    await expect(page.getByTestId('statement-status')).toHaveText('Ready');

    // The logs replay every step the statement went through, one event at a time.
    await page.getByRole('link', { name: 'Logs' }).click();
    await expect(page).toHaveURL(new RegExp(`/statements/${id}/logs$`));
    const replay = page.getByTestId('history-replay');
    await expect(replay.getByTestId('pipeline-status')).toHaveText('Ready');
    await replay.getByRole('button', { name: 'First' }).click();
    const seen: string[] = [];
    for (let guard = 0; guard < 60; guard++) {
      const step = (await replay.getByTestId('pipeline-status').textContent()) ?? '';
      if (seen.at(-1) !== step) seen.push(step);
      const next = replay.getByRole('button', { name: 'Next' });
      if (await next.isDisabled()) break;
      await next.click();
    }
    expect(seen).toEqual([
      'Syncing',
      'Needs Attention',
      'Pending',
      'Waiting for Funds',
      'Funded',
      'Processing',
      'Calculating',
      'Pending Approval',
      'Processing Payments',
      'Ready',
    ]);
    await expect(
      replay.getByText(
        'Replayed in this browser, the history leads to the status the server recorded.',
      ),
    ).toBeVisible();
    await api.dispose();
  });

  test('admin-only commands show for admins only', async ({ page, baseURL }) => {
    const { api, csrf } = await apiAs(baseURL ?? '', 'admin@demo.label');
    const list = await getJson<{ items: Array<{ id: string; status: string }> }>(
      api,
      csrf,
      '/api/statements',
    );
    await api.dispose();
    const ready = list.items.find((item) => item.status === 'ready');
    // The statement the first test approved: the suite runs in order on one server.
    expect(ready, 'a Ready statement from the first test').toBeTruthy();
    await loginAt(page, 'admin@demo.label', `/statements/${ready?.id ?? ''}`);
    await expect(currentStep(page)).toHaveText('Ready');
    // Ready allows no command: no buttons, but the admin may move the date.
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Move date/ })).toBeVisible();
  });
});
