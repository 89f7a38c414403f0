import { expect, test } from './test';
import { activatedPayee, login } from './helpers';

const PASSWORD = 'Tax-form-e2e-pass-2026!';

test('a payee fills and signs their W-9 on Account, a missing TIN refused in their words, and reads it valid', async ({
  page,
  baseURL,
}) => {
  const email = await activatedPayee(baseURL ?? '', PASSWORD);
  await login(page, email, PASSWORD);
  await page.goto('/settings?section=tax-form');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Form W-9 (US person)').first()).toBeVisible();
  await expect(
    panel.getByText('Your payments wait until you sign a valid tax form.'),
  ).toBeVisible();

  await panel
    .getByRole('textbox', { name: 'Name (as on your tax return)', exact: true })
    .fill('E2E Payee');
  await panel.getByRole('textbox', { name: 'Street', exact: true }).fill('2 Test Road');
  await panel.getByRole('textbox', { name: 'City', exact: true }).fill('Nashville');
  await panel.getByRole('textbox', { name: 'Postal code', exact: true }).fill('37203');
  await panel
    .getByRole('checkbox', { name: 'I certify the statement above under penalties of perjury.' })
    .check();
  await panel
    .getByRole('textbox', { name: 'Your full name, as your signature', exact: true })
    .fill('E2E Payee');
  await panel.getByRole('button', { name: 'Sign the form' }).click();
  // No SSN typed and none on file: refused beside the form, nothing signed.
  await expect(panel.getByRole('alert')).toHaveText(
    'Enter your SSN or EIN: none is on file for you yet.',
  );

  await panel.getByRole('textbox', { name: 'SSN or EIN', exact: true }).fill('401-22-4444');
  await panel.getByRole('button', { name: 'Sign the form' }).click();
  await expect(panel.getByText('Valid', { exact: true })).toBeVisible();
  await expect(panel.getByText('•••••4444')).toBeVisible();
  await expect(panel.getByText('401-22-4444')).toHaveCount(0);
});
