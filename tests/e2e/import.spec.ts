import { expect, test, type Page, type Request } from './test';
import { login, loginAt } from './helpers';

/** A small DistroKid bank export (tab-separated) with ISRCs no product has yet. */
function distroKidFile(name: string, isrcs: string[], month = '2025-01') {
  const header = [
    'Reporting Date',
    'Sale Month',
    'Store',
    'Artist',
    'Title',
    'ISRC',
    'UPC',
    'Quantity',
    'Country of Sale',
    'Earnings (USD)',
  ].join('\t');
  const rows = isrcs.map((isrc, index) =>
    [
      '2025-02-15',
      month,
      'Spotify',
      'E2E Artist',
      `E2E Song ${index}`,
      isrc,
      '',
      '3',
      'US',
      '0.0123456789',
    ].join('\t'),
  );
  return {
    name,
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(`${header}\n${rows.join('\n')}\n`),
  };
}

/** Twelve-character ISRCs unique to this run, so no earlier upload or product has them. */
function runIsrcs(count: number): string[] {
  const stamp = Date.now().toString().slice(-6);
  return Array.from({ length: count }, (_, index) => `QZE2E${stamp}${index}`);
}

async function fillImportForm(page: Page, distributor: string) {
  await page.getByLabel('Distributor').selectOption({ label: distributor });
  await page.getByLabel('Statement month').fill('2025-01');
  await page.getByLabel('Expected payment').fill('12.34');
}

test.describe('statement import', () => {
  test('two files of one month and distributor go up in one request and the statement lists its missing codes', async ({
    page,
  }) => {
    await loginAt(page, 'label@demo.label', '/import');
    await fillImportForm(page, 'DistroKid');
    const [first = '', second = ''] = runIsrcs(2);
    await page
      .getByLabel('Statement files')
      .setInputFiles([
        distroKidFile(`dk-a-${Date.now()}.tsv`, [first]),
        distroKidFile(`dk-b-${Date.now()}.tsv`, [second]),
      ]);

    const uploads: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/statement/upload'))
        uploads.push(request);
    });

    // The funds check is asked at the funds step, not before the statement exists.
    await expect(
      page.getByLabel('I have verified that sufficient funds are available.'),
    ).toHaveCount(0);
    await page.getByRole('button', { name: 'Import' }).click();

    const drawer = page.getByTestId('upload-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('progressbar')).toHaveCount(2);
    await expect(drawer.getByText('Uploaded')).toHaveCount(2);
    await expect(drawer.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '100');
    expect(uploads).toHaveLength(1);
    // One request carried both files, with the month and the expected payment.
    const answer = await uploads[0]?.response();
    const [created] = ((await answer?.json()) ?? []) as { id: string; files: { name: string }[] }[];
    expect(created?.files).toHaveLength(2);
    const csrf =
      (await page.context().cookies()).find((c) => c.name === 'portal_csrf')?.value ?? '';
    const statement = (await (
      await page.request.get(`/api/statements/${created?.id}?csrf=${encodeURIComponent(csrf)}`)
    ).json()) as { period: string; expected: string };
    expect(statement).toMatchObject({ period: '2025-01', expected: '12.34' });

    // Successful items leave after 4 s, and then the drawer goes.
    await expect(drawer).toBeHidden({ timeout: 10_000 });

    const report = page.getByTestId('statement-report');
    await expect(report.getByTestId('statement-status')).toHaveText('Needs Attention', {
      timeout: 20_000,
    });
    const missing = report.getByTestId('missing-codes');
    await expect(missing.getByText(first)).toBeVisible();
    await expect(missing.getByText(second)).toBeVisible();
    await expect(missing.getByRole('button', { name: 'Add to a product' }).first()).toBeVisible();
  });

  test('the drawer made by the import page stays while the label goes to another page, and that page lists the upload', async ({
    page,
  }) => {
    await login(page, 'label@demo.label');
    // The drawer's code comes with the import page, not with the dashboard.
    await expect(page.getByTestId('upload-drawer')).toHaveCount(0);
    await page.goto('/import');
    await fillImportForm(page, 'DistroKid');
    const [isrc = ''] = runIsrcs(1);
    const name = `dk-away-${Date.now()}.tsv`;
    await page.getByLabel('Statement files').setInputFiles([distroKidFile(name, [isrc])]);
    const uploaded = page.waitForResponse(
      (answer) =>
        answer.request().method() === 'POST' && answer.url().includes('/api/statement/upload'),
    );
    await page.getByRole('button', { name: 'Import' }).click();
    const drawer = page.getByTestId('upload-drawer');
    await expect(drawer.getByText(name)).toBeVisible();
    const [created] = (await (await uploaded).json()) as { id: string }[];

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Statements' })
      .click();
    await expect(page).toHaveURL(/\/statements$/);
    await expect(drawer.getByText(name)).toBeVisible();
    await expect(drawer.getByText('Uploaded')).toHaveCount(1);
    await expect(page.locator(`a[href$="/statements/${created?.id}"]`).first()).toBeVisible();
    await expect(drawer).toBeHidden({ timeout: 10_000 });
  });

  test('the same file again is refused in the drawer with the server message', async ({ page }) => {
    await loginAt(page, 'label@demo.label', '/import');
    const file = distroKidFile(`dk-twice-${Date.now()}.tsv`, runIsrcs(1));
    const drawer = page.getByTestId('upload-drawer');
    for (let attempt = 0; attempt < 2; attempt++) {
      await fillImportForm(page, 'DistroKid');
      await page.getByLabel('Statement files').setInputFiles([file]);
      await page.getByRole('button', { name: 'Import' }).click();
      // The second upload goes only once the first is stored.
      if (attempt === 0) await expect(drawer.getByText('Uploaded')).toHaveCount(1);
    }
    await expect(drawer.getByRole('alert')).toContainText('is already in the statement');
    await drawer
      .getByRole('button', { name: `Remove ${file.name}` })
      .last()
      .click();
  });
});

test.describe('distributors', () => {
  test('an overseer creates a distributor with a template, previewing a sample file first', async ({
    page,
  }) => {
    await loginAt(page, 'overseer@demo.label', '/distributors');
    await expect(page.getByRole('link', { name: 'DistroKid' })).toBeVisible();
    await page.getByRole('link', { name: 'Add distributor' }).click();
    await expect(page).toHaveURL(/\/distributors\/add$/);

    const name = `E2E Distro ${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Template name').fill(name);
    await page.getByLabel('Layout name').fill('Comma export');
    await page.getByLabel('Identifying headers').fill('ISRC\nQty\nNet');
    await page.getByLabel('Code column 1').fill('ISRC');
    const units = page.getByRole('group', { name: 'Units', exact: true });
    await units.getByLabel('Columns', { exact: true }).fill('Qty');
    const revenue = page.getByRole('group', { name: 'Revenue', exact: true });
    await revenue.getByLabel('Columns', { exact: true }).fill('Net');

    await page.getByLabel('Sample file').setInputFiles({
      name: 'sample.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('ISRC,Qty,Net\nUSRC17607839,2,1.50\nUSRC17607840,1,(0.25)\n'),
    });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const result = page.getByTestId('template-preview-result');
    await expect(result.getByText('USRC17607839')).toBeVisible();
    await expect(result.getByText('-0.25')).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/distributors\/[^/]+$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByTestId('distributor-uploadable')).toHaveText('Yes');
  });
});
