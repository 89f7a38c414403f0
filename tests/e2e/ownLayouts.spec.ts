import { resolve } from 'node:path';
import { expect, test, type Page, type TestInfo } from './test';
import { labelApi, login } from './helpers';
import { consoleErrors, problemsOnPage } from './walk';

/** A screenshot of the step in the test's folder under test-results/, attached to its report. */
async function snap(page: Page, testInfo: TestInfo, step: string) {
  const path = testInfo.outputPath(`${step}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(step, { path, contentType: 'image/png' });
}

test('a label adds a layout of its own from a sample file, tries it on the sample and sees it listed', async ({
  page,
  baseURL,
}, testInfo) => {
  const label = await labelApi(baseURL ?? '');
  const distributors = await label.json<{ items: { id: string; name: string }[] }>(
    '/api/distributors?q=DistroKid',
  );
  const distroKid = distributors.items.find((item) => item.name === 'DistroKid');
  await label.api.dispose();
  const layoutName = `Aggregator export ${Date.now().toString(36)}`;

  await login(page, 'label@demo.label');
  const errors = consoleErrors(page);
  await page.goto(`/distributors/${distroKid?.id}`);
  const own = page.getByRole('region', { name: 'Your own layouts' });
  await own
    .getByLabel('Sample statement')
    .setInputFiles(resolve('samples', 'aggregator-2026-03.csv'));
  await own.getByRole('button', { name: 'Add from a sample file' }).click();

  const proposal = own.getByTestId('own-layout-proposal');
  await expect(proposal).toContainText('8 of 8 columns recognised');
  await expect(proposal).toContainText('decimal comma');
  const editor = own.getByTestId('version-editor');
  await expect(editor.getByLabel('Layout name')).toHaveValue('aggregator-2026-03');
  await expect(editor.getByLabel('Identifying headers')).toHaveValue(
    /Net Revenue \(\{currency\}\)/,
  );
  await editor.getByLabel('Layout name').fill(layoutName);
  await snap(page, testInfo, '1-proposed');

  const preview = own.getByRole('region', { name: 'Preview' });
  await preview.getByRole('button', { name: 'Preview' }).click();
  const result = preview.getByTestId('template-preview-result');
  await expect(result).toContainText('6 records and 0 row errors');
  await expect(result).toContainText('1234.5');
  await expect(result).toContainText('-0.0456');
  await snap(page, testInfo, '2-tried-on-the-sample');
  // The editor and the preview as a person with a screen reader or a keyboard meets them.
  expect(await problemsOnPage(page)).toEqual([]);

  await own.getByRole('button', { name: 'Save the layout' }).click();
  await expect(own.getByTestId('own-layout-editor')).toHaveCount(0);
  const row = own.getByRole('row').filter({ hasText: layoutName });
  await expect(row).toContainText('Lena Label');
  await expect(row).toContainText('8');
  await snap(page, testInfo, '3-listed');

  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove the layout' }).click();
  await expect(own.getByRole('row').filter({ hasText: layoutName })).toHaveCount(0);
  expect(errors).toEqual([]);
});
