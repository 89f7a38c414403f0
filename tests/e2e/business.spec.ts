import { expect, request, test, type Locator } from './test';
import { activatedPayee, fillLogin, loginAt } from './helpers';

const PASSWORD = 'Business-paid-2026!';

async function fillAddress(scope: Locator) {
  await scope.getByLabel('Street').fill('10 Main Street');
  await scope.getByLabel('City').fill('Austin');
  await scope.getByLabel('State').fill('TX');
  await scope.getByLabel('Postal code').fill('78701');
}

test('a business lists owners of 30% and 20%, is refused until the 30% owner is complete, then certifies', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = await activatedPayee(baseURL ?? '', PASSWORD);
  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings?section=business');

  // The payee chooses to be paid as a business and gives its details.
  await page.getByRole('button', { name: 'Be paid as a business' }).click();
  const details = page.getByRole('region', { name: 'Business details' });
  await details.getByLabel('Business name').fill('Night Shift Music LLC');
  await details.getByLabel('EIN').fill('07-1234567');
  await details.getByLabel('Business name').click();
  await expect(details.getByText(/^Not a valid EIN/)).toBeVisible();
  await details.getByLabel('EIN').fill('74-1234567');
  await fillAddress(details);
  await details.getByLabel('Postal code').fill('7870');
  await details.getByLabel('City').click();
  await expect(details.getByText('Not a valid postal code')).toBeVisible();
  await details.getByLabel('Postal code').fill('78701');
  await details.getByRole('button', { name: 'Save the business details' }).click();
  await expect(details.getByText('XX-XXX4567')).toBeVisible();

  // Two owners: 30% with only a name yet, and 20%.
  const owners = page.getByRole('region', { name: 'Beneficial owners' });
  for (const [first, last, pct] of [
    ['Tess', 'Thirty', '30'],
    ['Tom', 'Twenty', '20'],
  ] as const) {
    await owners.getByRole('button', { name: 'Add a beneficial owner' }).click();
    const form = owners.getByRole('form', { name: 'New beneficial owner' });
    await form.getByLabel('First name').fill(first);
    await form.getByLabel('Last name').fill(last);
    await form.getByLabel('Ownership (%)').fill(pct);
    await form.getByRole('button', { name: 'Save the owner' }).click();
    await expect(owners.getByRole('row', { name: new RegExp(`${first} ${last}`) })).toBeVisible();
  }
  await expect(owners.getByText('Listed ownership: 50.00%.')).toBeVisible();

  // Signing is refused with SPEC's text while the 30% owner is incomplete.
  const certification = page.getByRole('region', { name: 'Certification' });
  await expect(
    certification.getByText('Payments to the business wait until it is certified.'),
  ).toBeVisible();
  await certification.getByLabel('Your title').fill('Managing member');
  const sign = certification.getByRole('button', { name: 'Sign the certification' });
  await expect(sign).toBeDisabled();
  await certification.getByLabel('I accept the agreement').check();
  await sign.click();
  await expect(certification.getByRole('alert')).toHaveText(
    'Beneficial owners with 25% or more ownership must be given.',
  );

  // The 30% owner is completed, and named as the one who runs the business; the 20% owner may
  // stay as they are.
  await owners.getByRole('button', { name: 'Change Tess Thirty' }).click();
  const tess = owners.getByRole('form', { name: 'Change the beneficial owner' });
  await tess.getByLabel('This person controls the business (controlling person)').check();
  await tess.getByLabel('Title, such as CEO or managing member').fill('Managing member');
  await tess.getByLabel('Birthdate').fill('1980-02-29');
  await tess.getByLabel('SSN last 4').fill('1234');
  await tess.getByLabel("Give the owner's address").check();
  await fillAddress(tess);
  await tess.getByRole('button', { name: 'Save the owner' }).click();
  await expect(owners.getByRole('row', { name: /Tess Thirty/ })).toContainText('Complete');
  await expect(owners.getByRole('row', { name: /Tess Thirty/ })).toContainText(
    'Controlling person (Managing member)',
  );
  await expect(page.getByText('1234')).toHaveCount(0);

  await certification.getByLabel('Your title').fill('Managing member');
  await certification.getByLabel('I accept the agreement').check();
  await certification.getByRole('button', { name: 'Sign the certification' }).click();
  await expect(certification.getByText('Certified', { exact: true })).toBeVisible();
  await expect(certification.getByText('Managing member')).toBeVisible();
  await expect(
    certification.getByText(
      'A change to the business details or the beneficial owners voids this certification.',
    ),
  ).toBeVisible();
});

test('an admin deletes a person only after typing DELETE; they can no longer log in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const base = baseURL ?? '';
  const email = await activatedPayee(base, PASSWORD);
  await loginAt(page, 'admin@demo.label', '/admin/account');
  await page.getByLabel('Find an account').fill(email);
  await page.getByRole('list', { name: 'Accounts found' }).getByRole('button').first().click();
  const people = page.getByRole('region', { name: 'People' });
  const row = people.getByRole('row', { name: /E2E Payee/ });
  await expect(row).toContainText('a verified bank account');
  await row.getByRole('button', { name: 'Delete E2E Payee' }).click();

  const dialog = page.getByRole('dialog', { name: 'Delete E2E Payee' });
  const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
  await dialog.getByLabel('Type DELETE').fill('delete');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE').fill('DELETE');
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Deleted');
  await expect(people.getByText('Deleted. Their history and balances are kept.')).toBeVisible();

  const api = await request.newContext({ baseURL: base });
  const refused = await api.post('/api/session', { data: { username: email, password: PASSWORD } });
  expect(refused.status()).toBe(401);
  await api.dispose();
});
