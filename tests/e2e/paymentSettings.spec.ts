import { expect, test } from './test';
import { apiSession, loginAt } from './helpers';

test('a label sets its payment minimum and passback on the payments page; payees never see them', async ({
  page,
  baseURL,
}) => {
  await loginAt(page, 'label@demo.label', '/payments');
  const panel = page.getByRole('region', { name: 'Payment settings' });
  await expect(panel).toContainText('Payees never see these settings.');
  const amount = panel.getByRole('textbox', { name: 'Minimum amount' });
  await amount.fill('5.001');
  await amount.blur();
  await expect(
    panel.getByText(
      'A payment minimum is zero or more, with no more decimals than its currency has.',
    ),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save the payment settings' })).toBeDisabled();
  await amount.fill('25');
  await amount.blur();
  await panel.getByRole('checkbox', { name: 'Passback' }).check();
  await expect(panel).toContainText('the money goes back to the label’s funds');
  await panel.getByRole('button', { name: 'Save the payment settings' }).click();
  await expect(page.getByText('Payment settings saved.')).toBeVisible();

  await page.reload();
  await expect(panel.getByRole('textbox', { name: 'Minimum amount' })).toHaveValue('25');
  await expect(panel.getByRole('checkbox', { name: 'Passback' })).toBeChecked();

  // A payee reads the payments page without the label's settings.
  const paco = await apiSession(baseURL ?? '', 'payee@demo.label');
  expect((await paco.get('/api/payment-settings')).status()).toBe(403);
  await paco.dispose();

  // Back as it was, so the other suites' payments move as before.
  await panel.getByRole('button', { name: 'Remove USD' }).click();
  await panel.getByRole('checkbox', { name: 'Passback' }).uncheck();
  await panel.getByRole('button', { name: 'Save the payment settings' }).click();
  await expect(page.getByText('Payment settings saved.').first()).toBeVisible();
  const lena = await apiSession(baseURL ?? '', 'label@demo.label');
  expect(await (await lena.get('/api/payment-settings')).json()).toMatchObject({
    passback: false,
    paymentMinimums: [],
  });
  await lena.dispose();
});

test('a payee’s payments page has no payment settings', async ({ page }) => {
  await loginAt(page, 'payee@demo.label', '/payments');
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment settings' })).toHaveCount(0);
});
