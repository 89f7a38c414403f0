import { expect, test, type Page } from './test';
import {
  DISTROKID_HEADER,
  labelApi,
  login,
  loginAt,
  overseerProduct,
  uploadToDistroKid,
} from './helpers';

type LabelApi = Awaited<ReturnType<typeof labelApi>>;

/** Twelve characters unique to this run and to `tag`, so no other suite's product has the code. */
const runIsrc = (tag: string) => `QZWF${tag}${Date.now().toString().slice(-7)}`;

const distroKidRow = (isrc: string, earnings: string) =>
  ['2026-02-15', '2026-02', 'Spotify', 'Aria Vale', 'Song', isrc, '']
    .concat(['10', '100', 'Song', 'US', '0', earnings])
    .join('\t');

/** The label uploads one row of `isrc` through the API; answers the statement's id. */
async function uploadSong(
  label: LabelApi,
  isrc: string,
  options: { expected: string | null; cashless?: boolean },
): Promise<string> {
  return uploadToDistroKid(label, {
    month: '2026-02',
    expected: options.expected,
    ...(options.cashless ? { cashless: true } : {}),
    name: `workflow-${isrc}.tsv`,
    text: `${DISTROKID_HEADER}\n${distroKidRow(isrc, '8')}\n`,
  });
}

const statusOf = (label: LabelApi, id: string) => async () =>
  (await label.json<{ status: string }>(`/api/statements/${id}`)).status;

const statusBadge = (page: Page) => page.getByTestId('statement-status');

test.describe('a label works its statements through without an admin', () => {
  test('a missing code is added to one of the label’s products from the statement, and the funds check is asked at the funds step', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const label = await labelApi(baseURL ?? '');
    const isrc = runIsrc('A');
    const title = `Workflow Lanterns ${isrc}`;
    await overseerProduct(baseURL ?? '', title, runIsrc('B'));
    const id = await uploadSong(label, isrc, { expected: '8' });
    await expect.poll(statusOf(label, id), { timeout: 30_000 }).toBe('needs-attention');

    await login(page, 'label@demo.label');
    // A page the label's role cannot open says why, instead of sending them back silently.
    await page.goto('/products/add');
    await expect(page).toHaveURL(/\/statements$/);
    await expect(
      page.getByText('Your role cannot open “Add Product”, so you were brought here instead.'),
    ).toBeVisible();

    await page.goto(`/statements/${id}`);
    const missing = page.getByTestId('missing-codes');
    await missing.getByRole('button', { name: 'Add to a product' }).click();
    const dialog = page.getByRole('dialog', { name: `Add ${isrc} to a product` });
    await expect(dialog).toBeVisible();
    // Creating a product is the overseer's: the label is not offered a page it cannot open.
    await expect(dialog.getByRole('link', { name: 'Create a product with this code' })).toHaveCount(
      0,
    );
    await dialog.getByLabel('Search products by title or code').fill(title);
    await dialog.getByRole('button', { name: `Add the code to ${title}` }).click();
    // The answer waits for the server to read the waiting statements again.
    await expect(page.getByText(`${isrc} was added to ${title}.`)).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toBeHidden();
    await expect(missing).toBeHidden();
    await expect(statusBadge(page)).toHaveText('Waiting for Funds');

    // The funds check: going on without the expected funds needs the label's word.
    // Expedite asks it in its own dialog.
    await page.getByRole('button', { name: 'Expedite' }).click();
    const expedite = page.getByRole('dialog', { name: 'Expedite' });
    await expedite.getByRole('button', { name: 'Expedite' }).click();
    await expect(
      expedite.getByText('You must verify sufficient funds are available.'),
    ).toBeVisible();
    await expect(statusBadge(page)).toHaveText('Waiting for Funds');
    await expedite.getByLabel('I have verified that sufficient funds are available.').check();
    await expedite.getByRole('button', { name: 'Expedite' }).click();
    await expect(expedite).toBeHidden();
    await expect(statusBadge(page)).toHaveText('Funded');
    await label.api.dispose();
  });

  test('a result calculated before a split changed says so, refuses approval, and is calculated again by the label', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const label = await labelApi(baseURL ?? '');
    const isrc = runIsrc('C');
    const title = `Workflow Splits ${isrc}`;
    const productId = await overseerProduct(baseURL ?? '', title, isrc);
    const users = await label.json<{ items: { id: string; fullname: string }[] }>(
      '/api/users?limit=100',
    );
    const idOf = (fullname: string) => users.items.find((user) => user.fullname === fullname)?.id;
    const saveSplits = async (shares: [string, string][]) => {
      const { version } = await label.json<{ version: number }>(`/api/products/${productId}`);
      const saved = await label.put(`/api/products/${productId}/splits`, {
        version,
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: shares.map(([fullname, pct]) => ({ payeeId: idOf(fullname), pct })),
          },
        ],
      });
      expect(saved.status()).toBe(200);
    };
    await saveSplits([['Lena Label', '100']]);
    const id = await uploadSong(label, isrc, { expected: null, cashless: true });
    await expect.poll(statusOf(label, id), { timeout: 30_000 }).toBe('funded');
    expect((await label.post(`/api/statements/${id}/calculate`, {})).status()).toBe(200);
    await expect.poll(statusOf(label, id), { timeout: 30_000 }).toBe('pending-approval');

    await loginAt(page, 'label@demo.label', `/statements/${id}`);
    await expect(statusBadge(page)).toHaveText('Pending Approval');
    await expect(page.getByTestId('stale-result')).toHaveCount(0);

    await saveSplits([
      ['Lena Label', '50'],
      ['Aria Artist', '50'],
    ]);
    await page.reload();
    const stale = page.getByTestId('stale-result');
    await expect(stale).toContainText('This result is out of date');
    await expect(stale.getByRole('link', { name: title })).toBeVisible();
    await expect(stale).toContainText('changed by Lena Label on');

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, go on' }).click();
    await expect(
      page.getByText(
        'Splits of this statement’s products were changed after this result was calculated.',
        { exact: false },
      ),
    ).toBeVisible();
    await expect(statusBadge(page)).toHaveText('Pending Approval');

    await page.getByRole('button', { name: 'Calculate again' }).click();
    await expect(statusBadge(page)).toHaveText('Pending Approval', { timeout: 30_000 });
    await expect(stale).toHaveCount(0, { timeout: 30_000 });
    const results = page.getByTestId('statement-results');
    await expect(results.getByRole('cell', { name: 'Aria Artist' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, go on' }).click();
    await expect(statusBadge(page)).toHaveText('Ready', { timeout: 30_000 });
    await label.api.dispose();
  });
});

test.describe('an admin uploading for a label', () => {
  test('chooses the label account, and the statements list names each statement’s account', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await loginAt(page, 'admin@demo.label', '/import');
    await expect(page.getByText('xls, xlsx, ods, csv, tsv or txt', { exact: false })).toBeVisible();
    await page.getByLabel('Distributor').selectOption({ label: 'DistroKid' });
    await page.getByLabel('Statement month').fill('2026-02');
    const name = `admin-upload-${Date.now()}.tsv`;
    // A song of the demo catalog, with earnings of this run so the file is new.
    const earnings = `0.${Date.now().toString().slice(-6)}`;
    await page.getByLabel('Statement files').setInputFiles({
      name,
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from(`${DISTROKID_HEADER}\n${distroKidRow('QZDM12600001', earnings)}\n`),
    });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(
      page.getByText('Choose the label account this statement belongs to.'),
    ).toBeVisible();
    await expect(page.getByTestId('upload-drawer')).toHaveCount(0);

    await page.getByLabel('Label account').selectOption({ label: 'Demo Records' });
    await page.getByRole('button', { name: 'Import' }).click();
    const report = page.getByTestId('statement-report');
    // Filed under the label, the demo song's code is known: nothing is missing.
    await expect(report.getByTestId('statement-status')).toHaveText('Waiting for Funds', {
      timeout: 30_000,
    });
    await expect(report.getByTestId('missing-codes')).toHaveCount(0);

    await page.goto('/statements');
    const incoming = page.getByTestId('incoming-statements');
    await expect(incoming.getByRole('columnheader', { name: 'Account' })).toBeVisible();
    const row = incoming.getByRole('row').filter({ hasText: 'DistroKid 2026-02' }).first();
    await expect(row.getByRole('cell', { name: 'Demo Records' })).toBeVisible();
  });
});

test.describe('a failed upload', () => {
  test('is retried by the label with the corrected file, or could be cancelled', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const label = await labelApi(baseURL ?? '');
    const stamp = Date.now();
    const id = await uploadToDistroKid(label, {
      month: '2026-01',
      name: `wrong-layout-${stamp}.csv`,
      mimeType: 'text/csv',
      text: `Sales Period,Store Name,Net Sales\n2026-01,Spotify,${stamp}\n`,
    });
    await expect.poll(statusOf(label, id), { timeout: 30_000 }).toBe('failed');

    await loginAt(page, 'label@demo.label', `/statements/${id}`);
    await expect(statusBadge(page)).toHaveText('Failed');
    const actions = page.getByRole('region', { name: 'Statement actions' });
    await expect(actions.getByRole('button', { name: 'Cancel statement' })).toBeVisible();
    await actions.getByRole('button', { name: 'Retry', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Retry' });
    await dialog.getByLabel('Corrected files').setInputFiles({
      name: `corrected-${stamp}.tsv`,
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from(
        `${DISTROKID_HEADER}\n${distroKidRow('QZDM12600001', `0.${String(stamp).slice(-6)}`)}\n`,
      ),
    });
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(dialog).toBeHidden();
    await expect(statusBadge(page)).toHaveText('Waiting for Funds', { timeout: 30_000 });
    await label.api.dispose();
  });
});
