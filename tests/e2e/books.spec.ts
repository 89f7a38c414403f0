import { expect, test } from './test';
import { login } from './helpers';

test("a label's owner maps its chart of accounts for the journals on Account's Books tab, and finds it kept", async ({
  page,
}) => {
  await login(page, 'label@demo.label');
  await page.goto('/settings?section=books');
  const section = page.getByRole('tabpanel', { name: 'Books' });
  const expense = section.getByRole('group', { name: 'Royalty expense' });
  await expect(expense.getByLabel('Account code', { exact: true })).toHaveValue('5000');

  await expense.getByLabel('Account code', { exact: true }).fill('61 00');
  await expense.getByLabel('Account code', { exact: true }).blur();
  await expect(
    expense.getByText(
      'An account code is 1 to 20 letters, digits, dots or dashes, without spaces.',
    ),
  ).toBeVisible();
  await expect(section.getByRole('button', { name: 'Save the books settings' })).toBeDisabled();

  await expense.getByLabel('Account code', { exact: true }).fill('6100');
  await expense.getByLabel('Account name', { exact: true }).fill('Artist royalties');
  await section.getByLabel('Xero tax rate', { exact: true }).fill('No VAT');
  await expense.getByLabel('Account name', { exact: true }).blur();
  await section.getByRole('button', { name: 'Save the books settings' }).click();
  await expect(page.getByText('Books settings saved.')).toBeVisible();

  await page.reload();
  const kept = page
    .getByRole('tabpanel', { name: 'Books' })
    .getByRole('group', { name: 'Royalty expense' });
  await expect(kept.getByLabel('Account code', { exact: true })).toHaveValue('6100');
  await expect(kept.getByLabel('Account name', { exact: true })).toHaveValue('Artist royalties');
  await expect(page.getByLabel('Xero tax rate', { exact: true })).toHaveValue('No VAT');
});
