import { expect, test } from './test';
import { activatedPayee, login } from './helpers';

const PASSWORD = 'Settings-e2e-pass-2026!';

test('a payee changes names, language and clock on Account, sees bad phone and postal code refused, and finds them kept after a reload', async ({
  page,
  baseURL,
}) => {
  // A payee of its own: the demo people keep their names and language for the other suites.
  const email = await activatedPayee(baseURL ?? '', PASSWORD);
  await login(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('side-nav').getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  const section = page.getByRole('tabpanel');

  await section.getByLabel('First name', { exact: true }).fill('Eva');
  await section.getByLabel('Middle initial', { exact: true }).fill('m');
  await section.getByLabel('Last name', { exact: true }).fill('Example');
  await expect(section.getByText('Shown as: Eva M. Example')).toBeVisible();
  await section.getByLabel('Clock', { exact: true }).selectOption('24hour');
  await section.getByLabel('Language', { exact: true }).selectOption('fr');
  await section.getByRole('button', { name: 'Save', exact: true }).click();
  // The page and the frame follow the saved language at once.
  await expect(section.getByRole('status')).toHaveText('Enregistré.');
  await expect(page.getByRole('tab', { name: 'Profil' })).toBeVisible();

  await page.getByRole('tab', { name: 'Informations personnelles' }).click();
  await section.getByLabel('Pays', { exact: true }).selectOption('US');
  await section.getByLabel('Téléphone', { exact: true }).fill('555-01');
  await section.getByLabel('Code postal', { exact: true }).fill('ABC');
  await section.getByLabel('Code postal', { exact: true }).blur();
  await expect(section.getByText('Le numéro de téléphone doit être valide.')).toBeVisible();
  await expect(section.getByText('Code postal non valide')).toBeVisible();
  await section.getByLabel('Téléphone', { exact: true }).fill('(615) 555-0123');
  await section.getByLabel('Code postal', { exact: true }).fill('37201');
  await section.getByLabel('Ville', { exact: true }).fill('Nashville');
  await section.getByLabel('Ville', { exact: true }).blur();
  await expect(section.getByText('Code postal non valide')).toHaveCount(0);
  await section.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(section.getByRole('status')).toHaveText('Enregistré.');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Compte' })).toBeVisible();
  // The address keeps the tab that was open: personal details first.
  await expect(section.getByLabel('Téléphone', { exact: true })).toHaveValue('+1 615 555 0123');
  await page.getByRole('tab', { name: 'Profil' }).click();
  await expect(section.getByLabel('Prénom', { exact: true })).toHaveValue('Eva');
  await expect(section.getByLabel('Initiale du deuxième prénom', { exact: true })).toHaveValue('M');
  await expect(section.getByLabel('Nom de famille', { exact: true })).toHaveValue('Example');
  await expect(section.getByLabel('Horloge', { exact: true })).toHaveValue('24hour');
  await expect(section.getByLabel('Langue', { exact: true })).toHaveValue('fr');
  await page.getByRole('button', { name: 'Ouvrir le menu utilisateur' }).click();
  await expect(page.getByTestId('avatar-fullname')).toHaveText('Eva M. Example');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Informations personnelles' }).click();
  await expect(section.getByLabel('Code postal', { exact: true })).toHaveValue('37201');
  await expect(section.getByLabel('Pays', { exact: true })).toHaveValue('US');
});
