import { expect, request, test, type APIRequestContext, type Page } from './test';
import {
  activatedPayee,
  apiSession,
  DEMO_PASSWORD,
  DISTROKID_HEADER,
  fillLogin,
  login,
  loginAt,
  overseerProduct,
  policyViolations,
} from './helpers';

const PAYEE_PASSWORD = 'Catalog-e2e-payee-2026!';

const digits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
/** A code no other test run has used. */
const freshIsrc = () => `QZE2E${digits(7)}`;

async function signedIn(baseURL: string, username: string) {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/api/session', { data: { username, password: DEMO_PASSWORD } });
  expect(answer.status()).toBe(200);
  const { cookies } = await api.storageState();
  const csrf = cookies.find((cookie) => cookie.name === 'portal_csrf')?.value ?? '';
  return { api, csrf };
}

/** The label uploads a small DistroKid statement with `isrc` and waits until it is parsed. */
async function uploadStatement(baseURL: string, isrc: string): Promise<void> {
  const { api, csrf } = await signedIn(baseURL, 'label@demo.label');
  try {
    const query = `csrf=${encodeURIComponent(csrf)}`;
    const distributors = await (await api.get(`/api/distributors?q=DistroKid&${query}`)).json();
    const distroKid = (distributors.items as { id: string; name: string }[]).find(
      (item) => item.name === 'DistroKid',
    );
    expect(distroKid).toBeTruthy();
    const rows = [
      [
        '2026-10-15',
        '2026-09',
        'Spotify',
        'E2E Artist',
        'E2E Song',
        isrc,
        '',
        '4000',
        '100',
        'Song',
        'US',
        '0',
        '10.00',
      ],
      [
        '2026-10-15',
        '2026-09',
        'Apple Music',
        'E2E Artist',
        'E2E Song',
        isrc,
        '',
        '500',
        '100',
        'Song',
        'FR',
        '0',
        '2.50',
      ],
    ];
    const file = [DISTROKID_HEADER, ...rows.map((row) => row.join('\t'))].join('\n');
    const uploaded = await api.post('/api/statement/upload', {
      headers: { 'x-csrf-token': csrf },
      multipart: {
        body: JSON.stringify({
          distributor: distroKid?.id,
          report_month: '2026-09',
          expected: null,
        }),
        file: { name: 'distrokid-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(file) },
      },
    });
    expect(uploaded.status()).toBe(201);
    // The answer is a list whose first item has the statement's id (SPEC section 7).
    const [{ id }] = (await uploaded.json()) as [{ id: string }];
    await expect
      .poll(
        async () =>
          ((await (await api.get(`/api/statements/${id}?${query}`)).json()) as { status: string })
            .status,
        { timeout: 20_000 },
      )
      .not.toBe('syncing');
  } finally {
    await api.dispose();
  }
}

async function createProductByApi(api: APIRequestContext, csrf: string, isrc: string) {
  const answer = await api.post('/api/products', {
    headers: { 'x-csrf-token': csrf },
    data: { title: `No statement ${isrc}`, type: 'single', codes: [{ code: isrc, kind: 'isrc' }] },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** A new product no statement has records of, and the overseer signed in on `page`. */
async function productWithoutStatement(page: Page, baseURL: string): Promise<string> {
  const { api, csrf } = await signedIn(baseURL, 'overseer@demo.label');
  const productId = await createProductByApi(api, csrf, freshIsrc());
  await api.dispose();
  await login(page, 'overseer@demo.label');
  return productId;
}

test('a product without any statement says the preview has nothing to show yet', async ({
  page,
  baseURL,
}) => {
  const productId = await productWithoutStatement(page, baseURL ?? '');
  await page.goto(`/products/${productId}`);
  await expect(page.getByText('No statement has records of this product yet')).toBeVisible();
});

test('the product page asks for its preview beside the product, not once the product is in', async ({
  page,
  baseURL,
}) => {
  const productId = await productWithoutStatement(page, baseURL ?? '');
  // The product's own answer is held until the preview's input has been asked for: a page that
  // asked for it only once the product is in would never get there.
  let previewAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (previewAsked = resolve));
  await page.route(`**/api/products/${productId}/preview-input?**`, async (route) => {
    previewAsked();
    await route.continue();
  });
  await page.route(`**/api/products/${productId}?**`, async (route) => {
    await asked;
    await route.continue();
  });
  await page.goto(`/products/${productId}`);
  await expect(page.getByText('No statement has records of this product yet')).toBeVisible();
});

/**
 * A new product of Demo Records with a statement of 12.50 and its whole base split to Lena Label,
 * made through the API; its id.
 */
async function productWithPayouts(baseURL: string): Promise<string> {
  const isrc = freshIsrc();
  await uploadStatement(baseURL, isrc);
  const productId = await overseerProduct(baseURL, `Preview ${isrc}`, isrc);
  const label = await apiSession(baseURL, 'label@demo.label');
  try {
    const product = (await (await label.get(`/api/products/${productId}`)).json()) as {
      version: number;
    };
    const users = await label.get('/api/users?q=label%40demo.label');
    const lena = ((await users.json()) as { items: { id: string }[] }).items[0];
    const saved = await label.put(`/api/products/${productId}/splits`, {
      version: product.version,
      splitSets: [{ scope: 'product', kind: 'base', shares: [{ payeeId: lena?.id, pct: '100' }] }],
    });
    expect(saved.status()).toBe(200);
    return productId;
  } finally {
    await label.dispose();
  }
}

const lenaPayout = (page: Page) =>
  page
    .getByRole('list', { name: 'Payouts under these splits' })
    .getByRole('listitem')
    .filter({ hasText: 'Lena Label' });

test("the engine worker reads the product's preview input, and the page does not ask again", async ({
  page,
  baseURL,
}) => {
  const productId = await productWithPayouts(baseURL ?? '');
  await login(page, 'label@demo.label');
  const path = `/api/products/${productId}/preview-input`;
  let asked = 0;
  page.on('request', (request) => {
    if (request.url().includes(path)) asked += 1;
  });
  await page.goto(`/products/${productId}`);
  await expect(lenaPayout(page)).toContainText('$12.50');
  // Asked for once, and not by the page: its own requests are in its resource timings.
  expect(asked).toBe(1);
  const byPage = await page.evaluate(
    (input) =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes(input)).length,
    path,
  );
  expect(byPage).toBe(0);
});

test('a preview input the engine worker could not read is asked for by the page', async ({
  page,
  baseURL,
}) => {
  const productId = await productWithPayouts(baseURL ?? '');
  await login(page, 'label@demo.label');
  let answered = 0;
  // The first request, the worker's, meets a server error; the page's own goes through.
  await page.route(`**/api/products/${productId}/preview-input?**`, async (route) => {
    answered += 1;
    if (answered === 1) await route.fulfill({ status: 500, body: '{}' });
    else await route.continue();
  });
  await page.goto(`/products/${productId}`);
  await expect(lenaPayout(page)).toContainText('$12.50');
  expect(answered).toBe(2);
});

test('signed out, a link to a product opens its preview once the person signed in', async ({
  page,
  baseURL,
}) => {
  const productId = await productWithPayouts(baseURL ?? '');
  await page.goto(`/products/${productId}`);
  await expect(page).toHaveURL(/\/login/);
  await fillLogin(page, 'label@demo.label');
  await expect(page).toHaveURL(new RegExp(`/products/${productId}$`));
  await expect(lenaPayout(page)).toContainText('$12.50');
});

test('create a product with codes, split it with a live preview, and the payee sees only their cut', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const site = baseURL ?? '';
  const payeeEmail = await activatedPayee(site, PAYEE_PASSWORD);
  const isrc = freshIsrc();
  await uploadStatement(site, isrc);
  const label = await apiSession(site, 'label@demo.label');
  const created = await label.post('/api/artists', { name: `E2E Label Artist ${isrc}` });
  expect(created.status()).toBe(201);
  await label.dispose();

  // Create the product with an ISRC and a UPC; the code rules answer as the user types.
  const refused = policyViolations(page);
  await loginAt(page, 'overseer@demo.label', `/products/add?code=${isrc}&kind=isrc`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`E2E Song ${isrc}`);
  // The overseer belongs to the portal's own account: the product's label account is required.
  const labelAccount = page.getByRole('combobox', { name: 'Label account' });
  await expect(labelAccount.getByRole('option', { name: 'Demo Records' })).toHaveCount(1);
  await expect(labelAccount.getByRole('option', { name: 'Portal administration' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Choose the label account this product belongs to.')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/add\?/);
  // The artist list waits for the label, then lists that label's artists only.
  const artist = page.getByRole('combobox', { name: 'Artist', exact: true });
  await expect(artist.getByRole('option')).toHaveCount(1);
  await labelAccount.selectOption({ label: 'Demo Records' });
  await artist.selectOption({ label: `E2E Label Artist ${isrc}` });
  await expect(page.getByText('Choose the label account this product belongs to.')).toHaveCount(0);
  await page.getByLabel('Visibility').selectOption('limited');
  await expect(page.getByRole('textbox', { name: 'Code 1' })).toHaveValue(isrc);
  await page.getByRole('button', { name: 'Add code' }).click();
  await page.getByLabel('Kind').nth(1).selectOption('upc');
  const upc = page.getByRole('textbox', { name: 'Code 2' });
  await upc.fill('12345');
  await expect(page.getByText('UPC/EAN must be 12 or 13 digits.')).toBeVisible();
  await upc.fill(`8${digits(11)}`);
  await expect(page.getByText('UPC/EAN must be 12 or 13 digits.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(
    (url) => /^\/products\/[^/]+$/.test(url.pathname) && url.pathname !== '/products/add',
  );
  const productPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: `E2E Song ${isrc}` })).toBeVisible();

  // The product belongs to Demo Records: its label sees it in the catalog.
  const labelContext = await browser.newContext();
  const labelPage = await labelContext.newPage();
  await login(labelPage, 'label@demo.label');
  await labelPage.goto('/products');
  await labelPage.getByRole('searchbox', { name: 'Search by title or code' }).fill(isrc);
  await expect(labelPage.getByText(`E2E Song ${isrc}`)).toBeVisible();
  await labelContext.close();

  // Splits totalling 99.5% are refused with the exact total; fixed, they save.
  await page.getByRole('button', { name: 'Add base split' }).click();
  const picker = page.getByRole('combobox', { name: 'Add a collaborator' });
  await picker.fill('label@demo.label');
  await page.getByRole('option', { name: /Lena Label/ }).click();
  await picker.fill(payeeEmail);
  await page.getByRole('option', { name: new RegExp(payeeEmail.replace(/[.]/g, '\\.')) }).click();
  await page.getByRole('textbox', { name: 'Percentage for Lena Label' }).fill('49.5');
  await page.getByRole('textbox', { name: 'Percentage for E2E Payee' }).fill('50');
  await expect(page.getByText('Splits total 99.5%')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save splits' })).toBeDisabled();
  await expect(page.getByText('Fix the splits to see the payouts.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Percentage for Lena Label' }).fill('50');
  await expect(page.getByText('Splits total 99.5%')).toHaveCount(0);
  await expect(page.getByText('Total 100%')).toBeVisible();

  // The live preview: this product's 12.50 of the statement, half each, and which engine ran.
  const preview = page.getByRole('region', { name: 'Payout preview' });
  // Which engine ran is a developer's word: it shows in debug mode only.
  await expect(preview.getByRole('list', { name: 'Payouts under these splits' })).toBeVisible();
  await expect(preview.getByTestId('preview-backend')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Debug mode' }).check();
  // The engine worker keeps the statement in the WASM module; an edit sends only its splits.
  await expect(preview.getByTestId('preview-backend')).toHaveText(/Calculated with WASM/);
  await page.getByRole('switch', { name: 'Debug mode' }).uncheck();
  // The app, its engine worker and the WebAssembly module all run under the served policy.
  expect(refused).toEqual([]);
  const payouts = preview.getByRole('list', { name: 'Payouts under these splits' });
  await expect(payouts.getByRole('listitem').filter({ hasText: 'Lena Label' })).toContainText(
    '$6.25',
  );
  await expect(payouts.getByRole('listitem').filter({ hasText: 'E2E Payee' })).toContainText(
    '$6.25',
  );

  await page.getByRole('button', { name: 'Save splits' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-step-title')).toHaveText('Splits changed');
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(page.getByText(/Otto Overseer/).first()).toBeVisible();

  // The payee sees their own cut and the others as one line (limited visibility).
  const payeeContext = await browser.newContext();
  const payeePage = await payeeContext.newPage();
  // Signing in from the product's address comes back to it.
  await payeePage.goto(productPath);
  await fillLogin(payeePage, payeeEmail, PAYEE_PASSWORD);
  await expect(payeePage).toHaveURL(new RegExp(`${productPath}$`));
  const split = payeePage.getByRole('region', { name: 'Base split 1' });
  await expect(split.getByRole('row', { name: /E2E Payee/ })).toContainText('50%');
  await expect(split.getByRole('row', { name: /Other collaborators/ })).toContainText('50%');
  await expect(payeePage.getByText('Lena Label')).toHaveCount(0);
  await payeeContext.close();
});

test('the payees page lists the warranter with a checkmark and invites by e-mail', async ({
  page,
}) => {
  await loginAt(page, 'label@demo.label', '/users');
  const table = page.getByRole('table', { name: 'Payees' });
  await expect(table.getByRole('row', { name: /Walt Warranter/ })).toBeVisible();
  await expect(
    table.getByRole('row', { name: /Walt Warranter/ }).getByRole('img', { name: 'Warranter' }),
  ).toBeVisible();
  const email = `invite-${Date.now()}@e2e.example`;
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(email) })).toContainText('Pending');
});

test('an artist links and unlinks a user', async ({ page, baseURL }) => {
  const label = await apiSession(baseURL ?? '', 'label@demo.label');
  const created = await label.post('/api/artists', { name: `E2E Artist ${Date.now()}` });
  expect(created.status()).toBe(201);
  const artist = (await created.json()) as { id: string; name: string };
  await label.dispose();

  await loginAt(page, 'label@demo.label', `/artists/${artist.id}`);
  await expect(page.getByRole('heading', { name: artist.name })).toBeVisible();
  await page.getByRole('combobox', { name: 'Link a user' }).fill('payee@demo.label');
  await page.getByRole('option', { name: /Paco Payee/ }).click();
  const linked = page.getByRole('list', { name: 'Linked users' });
  await expect(linked).toContainText('Paco Payee');
  await page.getByRole('button', { name: 'Unlink Paco Payee' }).click();
  await expect(page.getByText('No users are linked yet.')).toBeVisible();
});
