// An overseer reads statements, imports and people across labels but uploads nothing and
// emulates no one: the screens offer only what the role may do, and say why the rest is not there.
import { expect, test } from './test';
import { login, loginAt } from './helpers';

test('the overseer is not offered an import form the server would refuse', async ({ page }) => {
  await loginAt(page, 'overseer@demo.label', '/import');
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
  await expect(page.getByTestId('import-read-only')).toHaveText(
    "Your role can follow statements but not import them: imports are made by the label's staff or an admin.",
  );
  await expect(page.locator('form.import-form')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open the statements' }).click();
  await expect(page).toHaveURL(/\/statements$/);
});

test('the overseer looks users up in the Emulate dialog, told that emulating is an admin’s', async ({
  page,
}) => {
  await login(page, 'overseer@demo.label');
  await page.getByRole('button', { name: 'Emulate User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Emulate Account' });
  await expect(dialog.getByTestId('emulate-read-only')).toHaveText(
    'Your role can look users up here, but only an admin can emulate them.',
  );
  await dialog.getByLabel('Search users').fill('Paco');
  const users = dialog.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row').filter({ hasText: 'Paco Payee' })).toHaveCount(1);
  // No button it may not press, disabled or not.
  await expect(dialog.getByRole('button', { name: 'Emulate' })).toHaveCount(0);
  await expect(users.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
});
