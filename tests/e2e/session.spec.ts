import { expect, test } from './test';
import { DEMO_LOGINS, fillLogin, login, loginAt } from './helpers';

for (const demo of DEMO_LOGINS) {
  test(`${demo.username} signs in and sees ${demo.fullname}`, async ({ page }) => {
    await login(page, demo.username);
    await expect(page.getByTestId('dashboard-person')).toContainText(demo.fullname);
    await page.getByRole('button', { name: 'Open the user menu' }).click();
    await expect(page.getByTestId('avatar-fullname')).toHaveText(demo.fullname);
  });
}

test('a wrong password shows the server texts', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'label@demo.label', 'not-the-password');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The username or password you entered is not recognized.');
  await expect(alert).toContainText('Invalid Login Credentials');
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected path while logged out goes to login and back after it', async ({ page }) => {
  await page.goto('/statements?status=open');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fstatements%3Fstatus%3Dopen$/);
  await fillLogin(page, 'label@demo.label');
  await expect(page).toHaveURL(/\/statements\?status=open$/);
  await expect(page.getByRole('heading', { name: 'Statements', exact: true })).toBeVisible();
});

test('a signed-in user visiting /login goes to the application', async ({ page }) => {
  await loginAt(page, 'payee@demo.label', '/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('logout returns to /login', async ({ page }) => {
  await login(page, 'artist@demo.label');
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('an unknown path shows the 404 texts', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByText('This page is missing or the URL is incorrect.')).toBeVisible();
});
