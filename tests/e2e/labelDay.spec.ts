import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from './test';
import { labelApi, login, overseerProduct } from './helpers';

// A label's day, through the screens only: import the month's DistroKid statement (the sample a
// newcomer finds in samples/), add the code the catalog does not know, record the money received,
// calculate, review, change a split, calculate again and approve. Each step leaves a screenshot
// among the test's attachments, so the run can be looked at afterwards.

const SAMPLE = 'samples/distrokid-2026-03.tsv';
const UNKNOWN_IN_SAMPLE = 'QZDM12600099';

/** The sample with a code of this run in place of its unknown one, so the file is new each run. */
function sampleStatement(isrc: string) {
  const text = readFileSync(SAMPLE, 'utf8').replaceAll(UNKNOWN_IN_SAMPLE, isrc);
  return {
    name: `distrokid-2026-03-${isrc}.tsv`,
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(text),
  };
}

/** Total earnings of the sample: what DistroKid paid in. */
const SAMPLE_TOTAL = '11.50';

/** A screenshot of the step in the test's folder under test-results/, attached to its report. */
async function snap(page: Page, testInfo: TestInfo, step: string) {
  const path = testInfo.outputPath(`${step}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(step, { path, contentType: 'image/png' });
}

const status = (page: Page) => page.getByTestId('statement-status');

test('a label imports, resolves, funds, calculates, reviews, edits a split and approves', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const site = baseURL ?? '';
  const isrc = `QZLD${Date.now().toString().slice(-8)}`;
  const title = `Paper Lanterns ${isrc}`;
  // The song is in the catalog under another code, all of it the label's for now.
  const productId = await overseerProduct(site, title, `QZLE${Date.now().toString().slice(-8)}`);
  const label = await labelApi(site);
  const users = await label.json<{ items: { id: string; fullname: string }[] }>(
    '/api/users?limit=100',
  );
  const lena = users.items.find((user) => user.fullname === 'Lena Label')?.id;
  const { version } = await label.json<{ version: number }>(`/api/products/${productId}`);
  const split = await label.put(`/api/products/${productId}/splits`, {
    version,
    splitSets: [{ scope: 'product', kind: 'base', shares: [{ payeeId: lena, pct: '100' }] }],
  });
  expect(split.status()).toBe(200);
  await label.api.dispose();

  await login(page, 'label@demo.label');
  await snap(page, testInfo, '1-dashboard');

  // Import the month's statement.
  await page.goto('/import');
  await page.getByLabel('Distributor').selectOption({ label: 'DistroKid' });
  await page.getByLabel('Statement month').fill('2026-03');
  await page.getByLabel('Expected payment').fill(SAMPLE_TOTAL);
  await page.getByLabel('Statement files').setInputFiles(sampleStatement(isrc));
  await snap(page, testInfo, '2-import-form');
  const uploaded = page.waitForResponse(
    (answer) =>
      answer.request().method() === 'POST' && answer.url().includes('/api/statement/upload'),
  );
  await page.getByRole('button', { name: 'Import' }).click();
  const [created] = (await (await uploaded).json()) as { id: string }[];
  const statementId = created?.id ?? '';
  const report = page.getByTestId('statement-report');
  await expect(report.getByTestId('statement-status')).toHaveText('Needs Attention', {
    timeout: 30_000,
  });
  await snap(page, testInfo, '3-needs-attention');

  // The code DistroKid sent is not in the catalog: it goes to the song it belongs to.
  await page.goto(`/statements/${statementId}`);
  const missing = page.getByTestId('missing-codes');
  await expect(missing.getByText(isrc)).toBeVisible();
  await missing.getByRole('button', { name: 'Add to a product' }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${isrc} to a product` });
  await dialog.getByLabel('Search products by title or code').fill(title);
  await snap(page, testInfo, '4-resolve-missing-code');
  await dialog.getByRole('button', { name: `Add the code to ${title}` }).click();
  // The answer waits for the server to read the waiting statements again.
  await expect(page.getByText(`${isrc} was added to ${title}.`)).toBeVisible({ timeout: 15_000 });
  await expect(status(page)).toHaveText('Waiting for Funds', { timeout: 30_000 });

  // The money DistroKid paid arrives.
  await page.getByLabel('Received amount').fill(SAMPLE_TOTAL);
  await page.getByRole('button', { name: 'Record funds' }).click();
  await expect(page.getByTestId('received-funds')).toHaveText('$11.50');
  await expect(status(page)).toHaveText('Funded');
  await snap(page, testInfo, '5-funded');

  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await expect(status(page)).toHaveText('Pending Approval', { timeout: 30_000 });
  const results = page.getByTestId('statement-results');
  await expect(results.getByRole('cell', { name: 'Lena Label' })).toBeVisible();
  await snap(page, testInfo, '6-review');

  // Reviewing, the label gives Aria Artist half of the song.
  await page.goto(`/products/${productId}`);
  await page.getByRole('textbox', { name: 'Percentage for Lena Label' }).fill('50');
  await page.getByRole('combobox', { name: 'Add a collaborator' }).fill('artist@demo.label');
  await page.getByRole('option', { name: /Aria Artist/ }).click();
  await page.getByRole('textbox', { name: 'Percentage for Aria Artist' }).fill('50');
  await expect(page.getByText('Total 100%')).toBeVisible();
  await snap(page, testInfo, '7-split-edited');
  await page.getByRole('button', { name: 'Save splits' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();

  // The result now says it is out of date; calculated again, it pays by the new split.
  await page.goto(`/statements/${statementId}`);
  await expect(page.getByTestId('stale-result')).toContainText('This result is out of date');
  await page.getByRole('button', { name: 'Calculate again' }).click();
  await expect(page.getByTestId('stale-result')).toHaveCount(0, { timeout: 30_000 });
  await expect(status(page)).toHaveText('Pending Approval', { timeout: 30_000 });
  await expect(results.getByRole('cell', { name: 'Aria Artist' })).toBeVisible();
  await snap(page, testInfo, '8-recalculated');

  await page.getByRole('button', { name: 'Approve' }).click();
  const approval = page.getByRole('dialog');
  await expect(approval.getByTestId('approval-summary')).toContainText('Payees paid when approved');
  await snap(page, testInfo, '9-approve');
  await approval.getByRole('button', { name: 'Yes, go on' }).click();
  await expect(status(page)).toHaveText('Ready', { timeout: 30_000 });
  await snap(page, testInfo, '10-ready');
});
