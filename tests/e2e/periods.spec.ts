import { expect, test } from './test';
import { approvedSongStatement, labelApi, login } from './helpers';
import { problemsOnPage } from './walk';

// January 2024 is before every other suite's statements: closing it changes none of theirs.
test('a label closes a period on the periods page and reads its summary', async ({
  page,
  baseURL,
}) => {
  const label = await labelApi(baseURL ?? '');
  await approvedSongStatement(label, {
    isrc: 'QZDM12600001',
    month: '2024-01',
    earnings: '12.34',
    cashless: false,
    fileName: 'periods-2024-01.tsv',
  });
  await label.api.dispose();

  await login(page, 'label@demo.label');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Periods' })
    .click();
  const row = page.getByRole('row', { name: /January 2024/ });
  await expect(row).toContainText('Ready to close');
  await row.getByRole('button', { name: 'Close period' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close January 2024?' });
  await dialog.getByRole('button', { name: 'Close period' }).click();
  await expect(row).toContainText('Closed');
  expect(await problemsOnPage(page)).toEqual([]);

  await row.getByRole('link', { name: 'January 2024' }).click();
  await expect(page).toHaveURL(/\/periods\/2024-01$/);
  const summary = page.getByRole('table', { name: 'Summary' });
  await expect(summary.getByRole('row', { name: /Revenue/ })).toContainText('$12.34');
  await expect(summary.getByRole('row', { name: /Funds received/ })).toContainText('$12.34');
  expect(await problemsOnPage(page)).toEqual([]);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download summary (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('period-2024-01-summary.csv');
});
