// What a label does without staff: a payee added by name alone, claimed later through the e-mail
// the label gives them; a product for a new release's unknown code, asked of the overseer, created
// on /overseer, after which the statement no longer misses the code.
import { expect, test } from './test';
import { labelApi, login, loginAt, uploadSongStatement } from './helpers';

const digits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

test('a label adds a payee with no e-mail, then sends them the claim link', async ({ page }) => {
  const name = `Nadia Nameonly ${digits(5)}`;
  await loginAt(page, 'label@demo.label', '/users');
  await page.getByLabel('Full name').fill(name);
  await page.getByRole('button', { name: 'Add payee' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('No e-mail yet');

  await row.getByRole('button', { name: 'Send claim' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(`nadia.${digits(6)}@claim.example`);
  await dialog.getByRole('button', { name: 'Send claim link' }).click();
  await expect(page.getByText(`Claim notification sent to ${name}.`)).toBeVisible();
  await expect(row).toContainText('@claim.example');
});

test('a label requests a product for an unknown code and the overseer creates it', async ({
  page,
  browser,
  baseURL,
}) => {
  const isrc = `QZWS2${digits(7)}`;
  const title = `First Light ${digits(4)}`;
  const label = await labelApi(baseURL ?? '');
  const statementId = await uploadSongStatement(label, {
    isrc,
    month: '2026-09',
    earnings: '8.00',
    cashless: false,
    fileName: `new-release-${isrc}.tsv`,
  });
  await label.api.dispose();

  await loginAt(page, 'label@demo.label', `/statements/${statementId}`);
  const missing = page.getByTestId('missing-codes');
  await missing.getByRole('row').filter({ hasText: isrc }).getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Request a new product' }).click();
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByTestId('product-request')).toContainText('Requested');
  await page.keyboard.press('Escape');

  const overseerContext = await browser.newContext();
  const overseer = await overseerContext.newPage();
  await login(overseer, 'overseer@demo.label');
  await overseer.goto('/overseer');
  const request = overseer.getByTestId('overseer-product-request').filter({ hasText: title });
  await request.getByRole('button', { name: 'Create product' }).click();
  await expect(request).toHaveCount(0);
  await overseerContext.close();

  await page.reload();
  await expect(page.getByTestId('missing-code-count')).toHaveText('0');
  await expect(page.getByTestId('missing-codes')).toHaveCount(0);
  await expect(page.getByTestId('statement-product-requests')).toContainText('Created');
});
