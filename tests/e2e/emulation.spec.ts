import { expect, test, type Page } from './test';
import { login, loginAt } from './helpers';

const navLinkLabels = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => link.querySelector('.nav-label')?.textContent ?? ''),
    );

const PAYEE_NAV = [
  'Home',
  'Analytics',
  'Earnings',
  'Payments',
  'Transactions',
  'Products',
  'Recoupments',
];

test('the admin emulates the payee, sees the payee navigation, stops and lands on /admin', async ({
  page,
}) => {
  await login(page, 'admin@demo.label');
  await page.getByRole('button', { name: 'Emulate User' }).click();
  await expect(page).toHaveURL(/\/dashboard\?modal=emulate$/);
  const dialog = page.getByRole('dialog', { name: 'Emulate Account' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Search users').fill('Paco');
  const users = dialog.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row').filter({ hasText: 'Paco Payee' })).toHaveCount(1);
  await expect(users.getByRole('row').filter({ hasText: 'Lena Label' })).toHaveCount(0);
  await users
    .getByRole('row')
    .filter({ hasText: 'payee@demo.label' })
    .getByRole('button', { name: 'Emulate' })
    .click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('emulation-flag')).toHaveText('Emulating Paco Payee');
  expect(await navLinkLabels(page)).toEqual(PAYEE_NAV);
  await expect(page.getByRole('switch', { name: 'Debug mode' })).toHaveCount(0);
  // The emulated payee may not open the admin pages.
  await page.goto('/admin/overview');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await expect(page.getByTestId('avatar-emulating')).toContainText('Paco Payee');
  await page.getByRole('button', { name: 'Stop emulation' }).click();
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByTestId('emulation-flag')).toHaveCount(0);
  await expect(
    page.getByTestId('side-nav').getByRole('link', { name: 'Statements' }),
  ).toBeVisible();

  // The payee is now among the recently emulated accounts.
  await page.getByRole('button', { name: 'Emulate User' }).click();
  const recent = page.getByRole('table', { name: 'Recently emulated' });
  await expect(recent.getByRole('row').filter({ hasText: 'Paco Payee' })).toHaveCount(1);
});

test('?modal=emulate opens the dialog, the warranter filter reloads, closing clears the query', async ({
  page,
}) => {
  await loginAt(page, 'admin@demo.label', '/dashboard?modal=emulate');
  const dialog = page.getByRole('dialog', { name: 'Emulate Account' });
  const users = dialog.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row').filter({ hasText: 'Lena Label' })).toHaveCount(1);

  await dialog.getByRole('radio', { name: 'Warranters' }).check();
  await expect(users.getByRole('row').filter({ hasText: 'Lena Label' })).toHaveCount(0);
  await expect(users.getByRole('row').filter({ hasText: 'Walt Warranter' })).toHaveCount(1);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the Emulate User button is only for emulate holders', async ({ page }) => {
  await login(page, 'payee@demo.label');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Emulate User' })).toHaveCount(0);
  await page.goto('/dashboard?modal=emulate');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
