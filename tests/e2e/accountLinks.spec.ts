import { expect, test } from './test';
import { activatedPayee, fillLogin, latestLink, apiSession } from './helpers';

const FIRST_PASSWORD = 'First-password-2026!';
const NEW_PASSWORD = 'Second-password-2026?';

test('a password reset: request, e-mailed link, new password, sign in; the used link fails', async ({
  page,
  baseURL,
}) => {
  const email = await activatedPayee(baseURL ?? '', FIRST_PASSWORD);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('Username').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `If ${email} has an account here, we sent it a password reset link. It works once and expires soon.`,
  );

  const link = await latestLink(baseURL ?? '', email);
  expect(link).toMatch(/^\/service\/password\?token=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Verify Password Reset' })).toBeVisible();

  // SPEC section 5: at least 12 characters mixing letters, numbers and symbols; both must match.
  await page.getByLabel('New password').fill('short1!');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText(
      'A secure password is at least 12 characters mixing letters, numbers and symbols.',
      { exact: true },
    ),
  ).toHaveCount(1);
  await expect(page.getByText('Passwords must match')).toBeVisible();

  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText(`The password of ${email} is changed.`);

  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await fillLogin(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-person')).toContainText('E2E Payee');

  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New password').fill('Third-password-2026#');
  await page.getByLabel('Confirm password').fill('Third-password-2026#');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('There was an error resetting your password');
  await expect(
    page.getByRole('alert').getByRole('link', { name: 'Ask for a new link' }),
  ).toHaveAttribute('href', '/reset');
});

test('an invited payee activates the account through the e-mailed link', async ({
  page,
  baseURL,
}) => {
  const email = `invited-${Date.now()}@e2e.example`;
  const label = await apiSession(baseURL ?? '', 'label@demo.label');
  expect((await label.post('/api/users', { email, fullname: 'Ivy Invited' })).status()).toBe(201);
  await label.dispose();

  await page.goto(await latestLink(baseURL ?? '', email));
  await expect(page.getByRole('heading', { name: 'Activate Account' })).toBeVisible();
  await page.getByLabel('New password').fill(FIRST_PASSWORD);
  await page.getByLabel('Confirm password').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page.getByRole('status')).toContainText(`Your account ${email} is active.`);

  // An active account is not claimed again: the page answers as for anyone, the inbox says why.
  await page.goto('/claim');
  await page.getByLabel('Username').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${email} has an account waiting`);
});

test('an unknown user asking for a reset is answered as anyone else', async ({ page }) => {
  await page.goto('/reset');
  await page.getByLabel('Username').fill('nobody@e2e.example');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If nobody@e2e.example has an account here, we sent it a password reset link. It works once and expires soon.',
  );
});

test('a link page opened without its token says so', async ({ page }) => {
  await page.goto('/service/claim');
  await expect(page.getByRole('heading', { name: 'Verify Account Claim' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Unable to claim this account.');
  await expect(page.getByRole('button', { name: 'Claim account' })).toBeDisabled();
});

test('the reset pages are translated', async ({ page }) => {
  await page.goto('/reset');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('button', { name: 'Enviar enlace' })).toBeVisible();
  await page.getByLabel('Idioma').selectOption('en');
});
